package interp

import (
	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file teaches the evaluator how hand-written SDK loops decide to
// retry: a predicate of the package over the operation's results that
// reads the response's headers before its status (x-should-retry), and
// statuses that only the predicate names (a 401 retried when the server
// says so).
//
// The responses the model tries carry no optional header: a header read
// from them is the empty string, as http.Header.Get returns for a header
// that is absent. A predicate that lets the server override its decision
// by a header (retry when x-should-retry is "true") then decides by the
// status, as it does for every response without that header; a poll that
// waits for a header to say the job is done (x-job-state != "done") still
// comes back on success, and is still not a retry.

// headerCall evaluates a method called on a response's header map: Get
// of a header the tried responses do not carry.
func headerCall(fn *types.Func, recv Value) (Value, bool) {
	if recv.K != vHeader {
		return Value{}, false
	}
	if fn.Name() == "Get" {
		return Value{K: vStr}, true
	}
	return Unknown(DepOutcome), true
}

// compareStr compares a header value read from a tried response (the
// empty string) with a string constant or another such value.
func (ev *Evaluator) compareStr(x *ast.BinaryExpr, l, r Value) (Value, bool) {
	if x.Op != token.EQL && x.Op != token.NEQ || l.K != vStr && r.K != vStr {
		return Value{}, false
	}
	// A string is one of a set: a header's value, or any message of a
	// certificate error (outcomeval's certerr.go).
	strs := func(side ast.Expr, v Value) ([]string, bool) {
		if v.K == vStr {
			if v.I != 0 {
				return outcomeval.CertMessages(v.I), true
			}
			return []string{""}, true
		}
		if tv, ok := ev.info().Types[side]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return []string{constant.StringVal(tv.Value)}, true
		}
		return nil, false
	}
	as, ok1 := strs(x.X, l)
	bs, ok2 := strs(x.Y, r)
	if !ok1 || !ok2 || len(as) > 1 && len(bs) > 1 {
		return Unknown(DepOutcome), true
	}
	equal := 0
	for _, a := range as {
		for _, b := range bs {
			if a == b {
				equal++
			}
		}
	}
	switch equal {
	case 0:
		return BoolVal(x.Op != token.EQL), true
	case len(as) * len(bs):
		return BoolVal(x.Op == token.EQL), true
	}
	return Unknown(DepOutcome), true
}

// namedStatuses returns the error statuses (400-599) that the function
// of fi, or a function of the package it calls, compares a response's
// status with, besides the ones the model always tries: a predicate that
// retries only a 401 the server marks retryable is a retry of that 401.
func (m *Model) NamedStatuses(fi *FuncInfo, tried []int) []int {
	seen := make(map[int]bool)
	for _, c := range tried {
		seen[c] = true
	}
	var codes []int
	add := func(c int, ok bool) {
		if ok && !seen[c] {
			seen[c] = true
			codes = append(codes, c)
		}
	}
	visited := make(map[*ast.BlockStmt]bool)
	var walk func(body *ast.BlockStmt, depth int)
	walk = func(body *ast.BlockStmt, depth int) {
		if body == nil || visited[body] {
			return
		}
		visited[body] = true
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ {
					return true
				}
				for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					if c, ok := m.statusConst(pair[0]); ok && mentionsStatus(pair[1]) {
						add(c, true)
					}
				}
			case *ast.SwitchStmt:
				if n.Tag == nil || !mentionsStatus(n.Tag) {
					return true
				}
				for _, st := range n.Body.List {
					for _, x := range st.(*ast.CaseClause).List {
						add(m.statusConst(x))
					}
				}
			case *ast.CallExpr:
				if depth < 2 {
					if fn := typesx.Callee(m.info, n); fn != nil && fn.Pkg() == m.pkg {
						if d := m.FuncDecl(fn); d != nil {
							walk(d.Body, depth+1)
						}
					}
				}
			}
			return true
		})
	}
	walk(fi.Body, 0)
	return codes
}

// statusConst returns the value of an integer constant that is an error
// status (400-599).
func (m *Model) statusConst(x ast.Expr) (int, bool) {
	tv, ok := m.info.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	i, ok := constant.Int64Val(tv.Value)
	if !ok || i < 400 || i > 599 {
		return 0, false
	}
	return int(i), true
}

// mentionsStatus reports whether x reads a status code: a StatusCode
// field or method.
func mentionsStatus(x ast.Expr) bool {
	found := false
	return typesx.InspectUntil(&found, x, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		found = ok && sel.Sel.Name == "StatusCode"
		return true
	})
}

// HeaderScenario is a response with the given status whose headers are
// unknown: the status a predicate names along with a header the server
// may send (retry a 401 when x-should-retry says so).
func HeaderScenario(code int) Scenario {
	sc := StatusScenario(code)
	sc.Name += " with headers"
	sc.Resp.Dep |= depHeader
	return sc
}

// inlineResult evaluates result i of a call of a same-package function
// with several results through its body: the decision of a predicate
// that also returns why (shouldRetry, reason := s.shouldRetry(err, resp)).
func (ev *Evaluator) inlineResult(fn *types.Func, call *ast.CallExpr, i int, e Env) (Value, bool) {
	if fn == nil {
		return ev.valueLit(call, i, e) // iife.go
	}
	fn = ev.Fi.M.devirtualize(fn, call)
	if fn.Pkg() != ev.Fi.M.pkg || ev.Depth >= 3 {
		return Value{}, false
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() < 2 || i >= res.Len() || !ev.inlinableResult(res.At(i).Type(), call, e) {
		return Value{}, false
	}
	sub, ce, _, ok := ev.bindCall(fn, call, e)
	if !ok {
		return Value{}, false
	}
	v := sub.resultAtMemo(fn, ce, i, res.Len()) // eval.go
	if nv, ok := ev.decidedNo(fn, call, i); ok && nv.Known() && !v.Known() {
		return nv, true
	}
	return v, true
}

// handledSuccess evaluates result i of a call the model cannot see into
// (a func value such as a handleResponse parameter, an interface method,
// another package's function) that is given the operation's outcome, its
// error among the arguments: when the error result is studied under a
// successful outcome (a nil error, a 2xx response), the handler passes
// the success on, and its error is nil. Other outcomes stay unknown: a
// handler may turn a status into an error, or swallow one.
func (ev *Evaluator) handledSuccess(call *ast.CallExpr, i int, e Env) (Value, bool) {
	if ev.Op == nil || ev.Sc.Err.K != VNil || ev.Sc.Resp.K != VResp || ev.Sc.Resp.I < 200 || ev.Sc.Resp.I > 299 {
		return Value{}, false
	}
	if t := resultType(ev.info().TypeOf(call), i); t == nil || !typesx.IsErrorType(t) { // eval.go
		return Value{}, false
	}
	if fn := typesx.Callee(ev.info(), call); fn != nil && fn.Pkg() == ev.Fi.M.pkg && ev.Fi.M.FuncDecl(fn) != nil {
		return Value{}, false // seen through its body
	}
	givenErr := false
	for _, a := range call.Args {
		if !typesx.IsErrorType(ev.info().TypeOf(a)) {
			continue
		}
		v, ok := ev.info().Uses[typesx.IdentOf(a)].(*types.Var)
		if !ok || !ev.Fi.outcomes[v] || ev.Eval(a, e).K != VNil {
			return Value{}, false
		}
		givenErr = true
	}
	if !givenErr {
		return Value{}, false
	}
	return Value{K: VNil}, true
}

// readsHeader reports whether v is a string local every assignment of
// which reads a header of a response (v := res.Header.Get("Retry-After")):
// the simulation tracks it, so that a test of it (v == "") is decided
// for the responses the model tries.
func readsHeader(info *types.Info, v *types.Var, assigned []ast.Expr) bool {
	if !typesx.BasicIs(v.Type(), types.IsString) || len(assigned) == 0 {
		return false
	}
	for _, x := range assigned {
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Get" || !typesx.IsNamed(info.TypeOf(sel.X), "net/http", "Header") {
			return false
		}
	}
	return true
}

// ctxErrOnly reports whether fn, a function of the package with one
// error result, returns only nil or its context's error (ctx.Err(), or a
// variable assigned only from it): a wait that ends with the context
// (WaitForDelay(ctx, d)). Its error is then a test of the context, not
// of the operation's outcome, even when the wait's length depends on it.
func (m *Model) ctxErrOnly(fn *types.Func) bool {
	// The evaluator asks at every call of a same-package function it
	// meets: the callee's body is read once.
	return typesx.Cached(&m.ctxErr, fn, func() bool { return m.ctxErrOnlyRead(fn) })
}

// ctxErrOnlyRead is ctxErrOnly, worked out.
func (m *Model) ctxErrOnlyRead(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if fn.Pkg() != m.pkg || sig.Results().Len() != 1 || !typesx.IsErrorType(sig.Results().At(0).Type()) {
		return false
	}
	decl := m.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	isCtxErr := func(x ast.Expr) bool {
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return false
		}
		f := typesx.Callee(m.info, call)
		return f != nil && f.Name() == "Err" && f.Pkg() != nil && f.Pkg().Path() == "context"
	}
	// Variables assigned only from ctx.Err().
	fromCtx := make(map[*types.Var]bool)
	other := make(map[*types.Var]bool)
	ok := true
	typesx.InspectNoLits(decl.Body, func(n ast.Node) bool {
		if n, isAssign := n.(*ast.AssignStmt); isAssign {
			for i, l := range n.Lhs {
				v := typesx.VarOf(m.info, l)
				if v == nil {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) && isCtxErr(n.Rhs[i]) {
					fromCtx[v] = true
				} else {
					other[v] = true
				}
			}
		}
		return true
	})
	typesx.InspectNoLits(decl.Body, func(n ast.Node) bool {
		if n, isRet := n.(*ast.ReturnStmt); isRet {
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			r := ast.Unparen(n.Results[0])
			if id, isID := r.(*ast.Ident); isID {
				if _, isNil := m.info.Uses[id].(*types.Nil); isNil {
					return true
				}
				if v, isVar := m.info.Uses[id].(*types.Var); isVar && fromCtx[v] && !other[v] {
					return true
				}
			}
			ok = ok && isCtxErr(r)
		}
		return ok
	})
	return ok
}
