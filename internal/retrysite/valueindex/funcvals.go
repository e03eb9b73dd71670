package valueindex

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file resolves a call of a func value to the functions it may run,
// when the package shows every one of them (doc.go, "Func values"):
//
//   - a local variable holding one function literal (heldFuncLit);
//   - a parameter of an unexported function, or of a function literal
//     held in a local variable, that is only ever called, when every call
//     passes a function literal, a function or method of the package, or
//     another func value resolved the same way: exec := func(run func()
//     (bool, error)) error { for ... { retry, err := run(); ... } } called
//     as exec(func() (bool, error) {...}) is the loop once per literal;
//   - a func-typed field or package variable, from every value the
//     package writes to it (values_index.go); a field written from a
//     parameter of an exported function, or that a decoder fills, is set
//     by the user and stays unknown, unless the package ships a default
//     of its own for it (doc.go, "Defaults the user can change").
//
// A parameter of an exported function, a value returned by a call, or a
// func value of another package is unknown: the rules stay silent.

// funcTarget is one function a func value may run.
type funcTarget struct {
	Body *ast.BlockStmt
	Ft   *ast.FuncType
	Lit  *ast.FuncLit  // a function literal, or
	fn   *types.Func   // a function or method of the package
	Decl *ast.FuncDecl // fn's declaration
	node ast.Node      // lit or decl, the target's identity
}

// funcValues is the result of resolving a func-valued object.
type funcValues struct {
	ts []funcTarget
	ok bool
}

// funcTargets returns every function a call through fun may run. ok is
// false when some of them cannot be seen; a nil func (calling it panics)
// is no target.
func (m *Index) FuncValueTargets(fun ast.Expr) ([]funcTarget, bool) {
	fun = ast.Unparen(fun)
	if lit := m.host.HeldFuncLit(fun); lit != nil {
		return []funcTarget{{Body: lit.Body, Ft: lit.Type, Lit: lit, node: lit}}, true
	}
	v, _ := m.info.Uses[typesx.NameIdent(fun)].(*types.Var)
	if e, ok := m.Xbind[v]; ok && v != nil {
		// A parameter of another package's helper, bound to the
		// caller's argument (xpkg.go); a binding that leads back to
		// itself names nothing.
		if m.xbindSeen[v] {
			return nil, false
		}
		if m.xbindSeen == nil {
			m.xbindSeen = make(map[*types.Var]bool)
		}
		m.xbindSeen[v] = true
		defer delete(m.xbindSeen, v)
		return m.AddTarget(nil, e)
	}
	if v == nil || v.Pkg() != m.pkg {
		return nil, false
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil, false
	}
	vx := m.ValueIndexOf()
	if r, ok := vx.funcs[v]; ok {
		return r.ts, r.ok
	}
	vx.funcs[v] = funcValues{} // cycles: unknown
	var r funcValues
	switch {
	case m.IndexedVar(v):
		r.ts, r.ok = m.fieldFuncs(v)
	case v.Parent() != nil && v.Parent() != m.pkg.Scope() && !m.isParam(v):
		r.ts, r.ok = m.localFuncs(v)
	default:
		r.ts, r.ok = m.paramFuncs(v)
	}
	if r.ok && (len(r.ts) == 0 || len(r.ts) > maxReaching) {
		r = funcValues{}
	}
	vx.funcs[v] = r
	return r.ts, r.ok
}

// fieldFuncs resolves a func-typed field or package variable from its
// writes.
func (m *Index) fieldFuncs(v *types.Var) ([]funcTarget, bool) {
	ws, ok := m.ReachingWrites(v)
	if !ok {
		return nil, false
	}
	var ts []funcTarget
	for _, w := range ws {
		if w.Zero {
			continue
		}
		if ts, ok = m.AddTarget(ts, w.X); !ok {
			return nil, false
		}
	}
	return ts, true
}

// localFuncs resolves a func-typed local variable from the values its
// function assigns it (var op func(int) error; if reply { op = func...
// } else { op = send }): each is a target, when the index can name
// every one and the variable's address is never taken.
func (m *Index) localFuncs(v *types.Var) ([]funcTarget, bool) {
	fd := typesx.FuncDeclAt(m.pass.Files, v.Pos())
	if fd == nil || fd.Body == nil {
		return nil, false
	}
	if typesx.AddressTaken(m.info, fd.Body, v) {
		return nil, false
	}
	var ts []funcTarget
	for _, x := range typesx.Assignments(m.info, fd.Body, v) {
		var ok bool
		if ts, ok = m.AddTarget(ts, x); !ok {
			return nil, false
		}
	}
	return ts, true
}

// isParam reports whether v is a parameter of a function or literal of
// the package.
func (m *Index) isParam(v *types.Var) bool {
	if _, ok := m.ValueIndexOf().ParamOf(m)[v]; ok {
		return true
	}
	lit, _ := m.litOfParam(v)
	return lit != nil
}

// paramFuncs resolves a func-typed parameter from the arguments of every
// call of its function: an unexported function of the package that is
// never used as a value, or a function literal held in a local variable
// that is only ever called.
func (m *Index) paramFuncs(v *types.Var) ([]funcTarget, bool) {
	var calls []*ast.CallExpr
	idx := -1
	if p, ok := m.ValueIndexOf().ParamOf(m)[v]; ok {
		vx := m.ValueIndexOf()
		if p.Fn.Exported() || vx.Escapes(m, p.Fn) || p.Fn.Type().(*types.Signature).Recv() != nil {
			return nil, false
		}
		calls, idx = vx.calls[p.Fn], p.I
		if d := m.decls[p.Fn]; d == nil || d.Body == nil || m.writtenIn(d.Body, v) {
			return nil, false
		}
	} else {
		lit, i := m.litOfParam(v)
		if lit == nil || m.writtenIn(lit.Body, v) {
			return nil, false
		}
		var ok bool
		if calls, ok = m.heldLitCalls(lit); !ok {
			return nil, false
		}
		idx = i
	}
	if len(calls) == 0 {
		return nil, false
	}
	var ts []funcTarget
	for _, c := range calls {
		if idx >= len(c.Args) || c.Ellipsis.IsValid() {
			return nil, false
		}
		var ok bool
		if ts, ok = m.AddTarget(ts, c.Args[idx]); !ok {
			return nil, false
		}
	}
	return ts, true
}

// addTarget adds the functions the value x may be to ts.
func (m *Index) AddTarget(ts []funcTarget, x ast.Expr) ([]funcTarget, bool) {
	x = ast.Unparen(x)
	add := func(t funcTarget) []funcTarget {
		for _, u := range ts {
			if u.node == t.node {
				return ts
			}
		}
		return append(ts, t)
	}
	if tv, ok := m.info.Types[x]; ok && tv.IsNil() {
		return ts, true // calling nil panics: no target
	}
	if lit, ok := x.(*ast.FuncLit); ok {
		return add(funcTarget{Body: lit.Body, Ft: lit.Type, Lit: lit, node: lit}), true
	}
	id := typesx.NameIdent(x)
	if id == nil {
		return nil, false
	}
	if fn, ok := m.info.Uses[id].(*types.Func); ok {
		d := m.FuncDecl(fn)
		if d == nil || d.Body == nil {
			return nil, false
		}
		return add(funcTarget{Body: d.Body, Ft: d.Type, fn: fn, Decl: d, node: d}), true
	}
	more, ok := m.FuncValueTargets(x)
	if !ok {
		return nil, false
	}
	for _, t := range more {
		ts = add(t)
	}
	return ts, true
}

// litOfParam returns the function literal that declares parameter v, and
// v's index among its parameters.
func (m *Index) litOfParam(v *types.Var) (*ast.FuncLit, int) {
	var found *ast.FuncLit
	idx := -1
	for _, f := range m.pass.Files {
		if f.Pos() > v.Pos() || v.Pos() >= f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil || n == nil || n.Pos() > v.Pos() || v.Pos() >= n.End() {
				return false
			}
			lit, ok := n.(*ast.FuncLit)
			if !ok {
				return true
			}
			if i := typesx.ParamIndex(m.info, lit.Type, v); i >= 0 {
				found, idx = lit, i
				return false
			}
			return true
		})
	}
	return found, idx
}

// heldLitCalls returns the calls of the local variable that holds lit,
// when that variable holds only lit and every use of it is a call. ok is
// false otherwise: the literal escapes, and its calls are not all seen.
func (m *Index) heldLitCalls(lit *ast.FuncLit) ([]*ast.CallExpr, bool) {
	scope := m.DeclBodyOf(lit)
	if scope == nil {
		return nil, false
	}
	// The variable the literal is assigned to.
	var h *types.Var
	ast.Inspect(scope, func(n ast.Node) bool {
		if h != nil {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				if ast.Unparen(r) == lit {
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						h, _ = m.info.ObjectOf(id).(*types.Var)
					}
				}
			}
		}
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Names) == len(vs.Values) {
			for i, r := range vs.Values {
				if ast.Unparen(r) == lit {
					h, _ = m.info.Defs[vs.Names[i]].(*types.Var)
				}
			}
		}
		return true
	})
	if h == nil || m.host.OnlyFuncLit(h) != lit {
		return nil, false
	}
	var calls []*ast.CallExpr
	callee := make(map[*ast.Ident]bool)
	ok := true
	ast.Inspect(scope, func(n ast.Node) bool {
		if c, isCall := n.(*ast.CallExpr); isCall {
			if id, isID := ast.Unparen(c.Fun).(*ast.Ident); isID && m.info.Uses[id] == h {
				callee[id] = true
				calls = append(calls, c)
			}
		}
		if id, isID := n.(*ast.Ident); isID && m.info.Uses[id] == h && !callee[id] {
			if !m.assignedTo(scope, id) {
				ok = false // used as a value: passed on, stored, returned
			}
		}
		return true
	})
	if !ok {
		return nil, false
	}
	return calls, true
}

// DeclBodyOf returns the body of the package's function declaration that
// holds n, or nil.
func (m *Index) DeclBodyOf(n ast.Node) *ast.BlockStmt {
	for _, d := range m.decls {
		if d.Body != nil && d.Body.Pos() <= n.Pos() && n.End() <= d.Body.End() {
			return d.Body
		}
	}
	return nil
}

// assignedTo reports whether id is the left side of an assignment in
// scope (exec = func...): a write, not a use as a value.
func (m *Index) assignedTo(scope ast.Node, id *ast.Ident) bool {
	found := false
	return typesx.InspectUntil(&found, scope, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN {
			found = slices.Contains(as.Lhs, ast.Expr(id))
		}
		return true
	})
}

// targetIntegration reports whether running one of ts may cross an
// integration boundary.
func (m *Index) TargetIntegration(ts []funcTarget) bool {
	vx := m.ValueIndexOf()
	if vx.crossing == nil {
		vx.crossing = make(map[ast.Node]bool)
	}
	for _, t := range ts {
		if vx.crossing[t.node] {
			continue // a cycle: what the rest of it calls decides
		}
		vx.crossing[t.node] = true
		defer delete(vx.crossing, t.node)
		if t.Lit != nil && m.host.LitIsIntegration(t.Lit) || t.fn != nil && m.host.FuncIsIntegration(t.fn, 1) {
			return true
		}
	}
	return false
}

// decisionResult is the value, in the evaluator's scenario, of result i
// of a call returning (..., bool, ..., error) whose functions the model
// sees: a retry decision paired with the error (retry, err := run()).
// In every function the call may run, each return statement pairs the
// bool with its error: an error that is nil (a literal nil) is a success,
// one that cannot be nil (a value of a non-interface type, an error made
// by errors.New or fmt.Errorf, a variable tested non-nil around the
// return) a failure, any other both. The bool is known under the success
// scenario when every success return gives the same constant, and under
// a failure when every failure return does; `return err != nil, err`
// gives false on success and true on failure. ok is false when the bool
// is no such decision or the functions are not all seen.
func (m *Index) DecisionResult(ev *interp.Evaluator, x *ast.CallExpr, i int) (interp.Value, bool) {
	tup, isTup := m.info.TypeOf(x).(*types.Tuple)
	if !isTup || i >= tup.Len() || !typesx.IsBool(tup.At(i).Type()) {
		return interp.Value{}, false
	}
	ei := typesx.ErrorResult(tup)
	if ei < 0 {
		return interp.Value{}, false
	}
	if k := ev.Sc.Err.K; k != interp.VNil && k != interp.VNonNil {
		return interp.Value{}, false
	}
	success := ev.Sc.Err.K == interp.VNil
	ts, ok := m.callTargets(x)
	if !ok {
		return interp.Value{}, false
	}
	known := false
	var b bool
	for _, t := range ts {
		vals, ok := m.returnedDecisions(t, i, ei, success)
		if !ok {
			return interp.Value{}, false
		}
		for _, v := range vals {
			if known && v != b {
				return interp.Unknown(interp.DepOutcome), true
			}
			known, b = true, v
		}
	}
	if !known {
		return interp.Unknown(interp.DepOutcome), true
	}
	return interp.BoolVal(b), true
}

// callTargets returns the functions call x may run: the function or
// method of the package it calls (an interface's method has no
// declaration), or the functions of the func value it calls.
func (m *Index) callTargets(x *ast.CallExpr) ([]funcTarget, bool) {
	fn := typesx.Callee(m.info, x)
	if fn == nil {
		return m.FuncValueTargets(x.Fun)
	}
	d := m.FuncDecl(fn)
	if fn.Pkg() != m.pkg || d == nil || d.Body == nil {
		return nil, false
	}
	return []funcTarget{funcTarget{Body: d.Body, Ft: d.Type, fn: fn, Decl: d, node: d}}, true
}

// returnedDecisions returns the bools result i takes over the return
// statements of t that may return with a nil error (success) or a
// non-nil one (failure), error at result ei. ok is false when a return
// cannot be read (a bare return, a returned call).
func (m *Index) returnedDecisions(t funcTarget, i, ei int, success bool) (vals []bool, ok bool) {
	ok = true
	var guards []*ast.IfStmt
	exits := m.nilExits(t.Body)
	walk := func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			guards = append(guards, n)
		case *ast.ReturnStmt:
			if len(n.Results) <= i || len(n.Results) <= ei {
				ok = false
				return false
			}
			bx, ex := ast.Unparen(n.Results[i]), ast.Unparen(n.Results[ei])
			canNil, canErr := m.errorMayBe(ex, n, guards)
			if canNil && exits.passed(m.info, ex, n) {
				canNil = false
			}
			if !canNil && success {
				return true // no success leaves here: its bool is not the success's
			}
			if c, isConst := m.constBool(bx); isConst {
				if success && canNil || !success && canErr {
					vals = append(vals, c)
				}
			} else if be, isBin := bx.(*ast.BinaryExpr); isBin && (be.Op == token.NEQ || be.Op == token.EQL) && sameVarNil(m.info, be, ex) {
				vals = append(vals, (be.Op == token.EQL) == success) // err == nil: true on success
			} else {
				ok = false
				return false
			}
		}
		return true
	}
	ast.Inspect(t.Body, walk)
	return vals, ok
}

// nilExit is an `if err == nil || ... { return ... }` that leaves the
// function on every nil error: below it, in the rest of its block, err
// is not nil unless written again.
type nilExit struct {
	v        *types.Var
	from, to token.Pos // the rest of the block after the if
}

type nilExits []nilExit

// nilExits finds the nil exits of body (not inside function literals).
func (m *Index) nilExits(body *ast.BlockStmt) nilExits {
	var xs nilExits
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for _, st := range b.List {
			is, ok := st.(*ast.IfStmt)
			if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) == 0 {
				continue
			}
			if _, ret := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); !ret {
				continue
			}
			for _, d := range typesx.Operands(is.Cond, token.LOR) {
				if v := m.nilTestOf(d); v != nil && !m.writtenFrom(body, v, is.End()) {
					xs = append(xs, nilExit{v: v, from: is.End(), to: b.End()})
				}
			}
		}
		return true
	})
	return xs
}

// passed reports whether the error ex, returned at ret, is a variable a
// nil exit above ret has proved non-nil.
func (xs nilExits) passed(info *types.Info, ex ast.Expr, ret *ast.ReturnStmt) bool {
	id, ok := ex.(*ast.Ident)
	if !ok {
		return false
	}
	for _, x := range xs {
		if info.Uses[id] == x.v && x.from <= ret.Pos() && ret.End() <= x.to {
			return true
		}
	}
	return false
}

// nilTestOf returns the local error variable x tests in `x == nil`.
func (m *Index) nilTestOf(c ast.Expr) *types.Var {
	be, ok := ast.Unparen(c).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL {
		return nil
	}
	for _, id := range []ast.Expr{be.X, be.Y} {
		if x, isID := ast.Unparen(id).(*ast.Ident); isID && sameVarNil(m.info, be, x) {
			if v, isVar := m.info.Uses[x].(*types.Var); isVar && !v.IsField() && typesx.IsErrorType(v.Type()) {
				return v
			}
		}
	}
	return nil
}

// constBool returns the value of a constant boolean expression.
func (m *Index) constBool(x ast.Expr) (bool, bool) {
	tv, ok := m.info.Types[x]
	if !ok || tv.Value == nil || !typesx.IsBool(tv.Type) {
		return false, false
	}
	return tv.Value.ExactString() == "true", true
}

// sameVarNil reports whether be compares the variable ex with nil.
func sameVarNil(info *types.Info, be *ast.BinaryExpr, ex ast.Expr) bool {
	id, ok := ex.(*ast.Ident)
	return ok && typesx.NilTest(info, be, info.Uses[id]) != token.ILLEGAL
}

// errorMayBe says whether an error expression, returned at ret, may be
// nil and may be non-nil.
func (m *Index) errorMayBe(ex ast.Expr, ret *ast.ReturnStmt, guards []*ast.IfStmt) (canNil, canErr bool) {
	tv, ok := m.info.Types[ex]
	if !ok {
		return true, true
	}
	if tv.IsNil() {
		return true, false
	}
	if tv.Type != nil && !types.IsInterface(tv.Type) {
		// A value of a concrete type (type KError int16) made an error:
		// a non-nil interface, even from a nil pointer.
		return false, true
	}
	if c, isCall := ex.(*ast.CallExpr); isCall {
		if fn := typesx.Callee(m.info, c); fn != nil && fn.Pkg() != nil {
			switch fn.Pkg().Path() + "." + fn.Name() {
			case "errors.New", "fmt.Errorf":
				return false, true
			}
		}
	}
	if id, isID := ex.(*ast.Ident); isID {
		obj := m.info.Uses[id]
		for _, g := range guards {
			if g.Body.Pos() <= ret.Pos() && ret.End() <= g.Body.End() {
				if be, ok := ast.Unparen(g.Cond).(*ast.BinaryExpr); ok && be.Op == token.NEQ && sameVarNil(m.info, be, id) && obj != nil {
					if v, isVar := obj.(*types.Var); isVar && !m.writtenIn(g.Body, v) {
						return false, true
					}
				}
			}
		}
		if v, isVar := obj.(*types.Var); isVar && v.Parent() == m.pkg.Scope() && m.Sentinel(v) {
			return false, true
		}
	}
	return true, true
}

// writtenIn reports whether v is assigned, or its address taken, within n.
func (m *Index) writtenIn(n ast.Node, v *types.Var) bool { return m.writtenFrom(n, v, token.NoPos) }

// writtenFrom reports whether v is assigned, or its address taken,
// within n at or after pos.
func (m *Index) writtenFrom(n ast.Node, v *types.Var, pos token.Pos) bool {
	found := false
	is := typesx.VarIs(m.info, v)
	return typesx.InspectUntil(&found, n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			found = x.Pos() >= pos && slices.ContainsFunc(x.Lhs, is)
		case *ast.UnaryExpr:
			found = x.Op == token.AND && x.Pos() >= pos && is(x.X)
		}
		return true
	})
}

// sentinel reports whether the package variable v is an error value the
// package sets once, to an error it makes: var ErrX = errors.New("...").
func (m *Index) Sentinel(v *types.Var) bool {
	ws := m.ValueIndexOf().Writes[v]
	if len(ws) != 1 || ws[0].X == nil || ws[0].Decl != nil {
		return false
	}
	canNil, canErr := m.errorMayBe(ast.Unparen(ws[0].X), nil, nil)
	return canErr && !canNil
}

// capturedInit binds, for a loop in a function literal held in a local
// variable and only ever called, the counters it shares with the
// enclosing function (attemptsRemaining := c.cfg.Retry.Max; exec :=
// func(run func() (bool, error)) error { for attemptsRemaining >= 0 {
// ...; attemptsRemaining-- } }) to their value when the literal first
// runs: the one value every write outside the literal gives them. A
// later call may start where an earlier one stopped and run fewer times;
// the first call's count is still run once. A counter written outside
// the literal in any other way (x++, x += n, a multi-value assignment,
// &x), or with different values, is left unknown.
func (m *Index) CapturedInit(fi *interp.FuncInfo, decl *ast.FuncDecl, body *ast.BlockStmt) interp.Env {
	if decl != nil {
		return m.host.BoundInit(fi) // another package's helper (xpkg.go)
	}
	var init interp.Env
	for v, val := range m.CapturedCounters(body) {
		if fi.Tracked[v] {
			init = init.Set(v, interp.IntVal(val))
		}
	}
	return init
}

// capturedCounters returns the integer locals of the enclosing function
// that the held literal with this body reads, with their one value
// outside it (capturedInit). funcInfo tracks them like the literal's own.
func (m *Index) CapturedCounters(body *ast.BlockStmt) map[*types.Var]int64 {
	// A function declaration's body is no literal's: the test below
	// would walk it for nothing.
	if m.declBodies == nil {
		m.declBodies = make(map[*ast.BlockStmt]bool, len(m.decls))
		for _, d := range m.decls {
			if d.Body != nil {
				m.declBodies[d.Body] = true
			}
		}
	}
	if m.declBodies[body] {
		return nil
	}
	// Cheap test first: an integer local of an enclosing block (its
	// scope ends after the body; the literal's own parameters' scope
	// ends with it). Most bodies read none, and need no index.
	reads := false
	if !typesx.InspectUntil(&reads, body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			v, ok := m.info.Uses[id].(*types.Var)
			reads = ok && !v.IsField() && v.Parent() != nil &&
				v.Parent() != m.pkg.Scope() && v.Parent().End() > body.End() && typesx.IsInteger(v.Type())
		}
		return true
	}) {
		return nil
	}
	vx := m.ValueIndexOf()
	if r, ok := vx.captured[body]; ok {
		return r
	}
	vx.captured[body] = nil
	scope := m.DeclBodyOf(body)
	if scope == nil {
		return nil
	}
	var lit *ast.FuncLit
	ast.Inspect(scope, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok && l.Body == body {
			lit = l
		}
		return lit == nil
	})
	if lit == nil {
		return nil
	}
	var outer []*types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := m.info.Uses[id].(*types.Var); ok && !v.IsField() && typesx.IsInteger(v.Type()) &&
				v.Pos() >= scope.Pos() && v.Pos() < scope.End() && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
				outer = append(outer, v)
			}
		}
		return true
	})
	if len(outer) == 0 {
		return nil
	}
	if _, ok := m.heldLitCalls(lit); !ok {
		return nil
	}
	r := make(map[*types.Var]int64)
	for _, v := range outer {
		if val, ok := m.outerValue(scope, lit, v); ok {
			r[v] = val
		}
	}
	vx.captured[body] = r
	return r
}

// outerValue returns the one integer every write of v in scope outside
// lit gives it.
func (m *Index) outerValue(scope ast.Node, lit *ast.FuncLit, v *types.Var) (int64, bool) {
	is := typesx.VarIs(m.info, v)
	var val int64
	n, ok := 0, true
	// take reads the value of target i of nt from rhs (plain: a plain
	// assignment or definition).
	take := func(plain bool, i, nt int, rhs []ast.Expr) {
		if !ok {
			return
		}
		if !plain || len(rhs) != nt {
			ok = false
			return
		}
		w, known := m.WriteInt(rhs[i])
		if !known || n > 0 && w != val {
			ok = false
			return
		}
		val, n = w, n+1
	}
	ast.Inspect(scope, func(x ast.Node) bool {
		if !ok || x == lit {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			// Another closure's writes, when it cannot run between them
			// and lit's calls (funcvals_shared.go).
			return !m.otherLitIrrelevant(scope, lit, x, v)
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if is(l) {
					take(x.Tok == token.ASSIGN || x.Tok == token.DEFINE, i, len(x.Lhs), x.Rhs)
				}
			}
		case *ast.IncDecStmt:
			ok = !is(x.X)
		case *ast.UnaryExpr:
			ok = x.Op != token.AND || !is(x.X)
		case *ast.ValueSpec:
			for i, name := range x.Names {
				if m.info.Defs[name] == v {
					take(true, i, len(x.Names), x.Values)
				}
			}
		case *ast.RangeStmt:
			ok = !(x.Key != nil && is(x.Key) || x.Value != nil && is(x.Value))
		}
		return ok
	})
	return val, ok && n > 0
}

// outcomeDecided reports whether the bool results of call are decided by
// the called functions' errors and constants alone, and count nothing:
// every function the call may run (a function of the package, or the
// functions a func value may run) returns, for each bool beside its
// error, a constant or `err != nil` on every return, and steps no
// variable (no ++, --, +=, ...). Such a decision, shouldContinue from a
// helper's func given a literal that returns (true, err) on failure and
// (false, nil) on success, is the outcome's, not an attempt count kept
// out of sight.
func (m *Index) OutcomeDecided(x *ast.CallExpr) bool {
	tup, ok := m.info.TypeOf(x).(*types.Tuple)
	if !ok {
		return false
	}
	ei := -1
	var bools []int
	for j := 0; j < tup.Len(); j++ {
		switch {
		case typesx.IsErrorType(tup.At(j).Type()):
			ei = j
		case typesx.IsBool(tup.At(j).Type()):
			bools = append(bools, j)
		}
	}
	if ei < 0 || len(bools) == 0 {
		return false
	}
	ts, ok := m.callTargets(x)
	if !ok {
		return false
	}
	for _, t := range ts {
		if steps(t.Body) {
			return false
		}
		for _, i := range bools {
			if _, ok := m.returnedDecisions(t, i, ei, true); !ok {
				return false
			}
			if _, ok := m.returnedDecisions(t, i, ei, false); !ok {
				return false
			}
		}
	}
	return true
}

// steps reports whether body steps a variable: x++, x--, x += n, ...
func steps(body *ast.BlockStmt) bool {
	found := false
	return typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			found = true
		case *ast.AssignStmt:
			found = n.Tok != token.ASSIGN && n.Tok != token.DEFINE
		}
		return true
	})
}
