package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/policy"
)

// This file finds, for every site, the outcomes that certainly lead to
// another attempt. The model tries representative outcomes
// one by one:
//
//   - HTTP responses with each status of httpStatusReps (for operations
//     that return a response);
//   - errors carrying each gRPC code, errors carrying each HTTP status of
//     errStatusReps (Kubernetes API errors), a TLS certificate error and
//     an error of no particular type (for operations that return an
//     error).
//
// An outcome is retried when it certainly leads back to the operation:
// a fork that depends on something the model cannot see makes it
// uncertain, and an uncertain outcome is not listed (precision first).
//
// Outcomes carried by errors are listed only when the decision inspects
// errors of that family: when some outcome of the family does not lead
// back. A bare `if err != nil { retry }` retries every error alike; the
// model does not list the gRPC codes, API statuses or certificate errors
// it lets through, since it cannot tell that the operation returns them.

// httpStatusReps are the HTTP statuses the model tries: every status R-4
// names, representatives of the other 4xx, and 2xx, 3xx and 5xx.
var httpStatusReps = []int{200, 201, 204, 301, 302, 304, 400, 401, 403, 404, 405, 406, 408, 409, 410, 413, 415, 418, 422, 425, 429, 451, 500, 501, 502, 503, 504, 505}

// errStatusReps are the statuses tried for errors that carry one.
var errStatusReps = []int{400, 401, 403, 404, 405, 406, 408, 409, 410, 413, 415, 418, 422, 429, 451, 500, 502, 503, 504}

// grpcCodeReps are the gRPC codes tried (OK is not an error).
var grpcCodeReps = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}

// loopOutcomes finds the outcomes that lead a hand-written site to
// another attempt.
func (m *model) loopOutcomes(s *Site, fi *funcInfo, g *opGroup) {
	if len(g.calls) == 0 {
		return
	}
	ref, ok := fi.callNode(g.calls[0])
	if !ok {
		return
	}
	var in scope
	target := g.set
	switch n := s.Node.(type) {
	case *ast.ForStmt:
		in = fi.loopScope(n)
	case *ast.RangeStmt:
		in = fi.loopScope(n)
	case *ast.FuncDecl:
		if self, _ := m.info.Defs[n.Name].(*types.Func); self != nil {
			target = union(g.set, m.selfCalls(n.Body, self))
		}
	}
	try := func(sc scenario, goal reachGoal) reachResult { return fi.reach(g.set, target, ref, sc, in, goal) }
	o := &Outcomes{}
	call := g.calls[0]
	if returnsResponse(m.info, call) {
		for _, c := range httpStatusReps {
			if try(statusScenario(c), goalCertain).againCertain {
				o.HTTP = append(o.HTTP, c)
			}
		}
	}
	if returnsError(m.info, call) {
		var codes []int
		inspects := false
		for _, c := range grpcCodeReps {
			r := try(grpcScenario(c), goalCertain)
			if r.againCertain {
				codes = append(codes, c)
			}
			inspects = inspects || !r.again
		}
		if inspects {
			for _, c := range codes {
				o.GRPC = append(o.GRPC, policy.GRPCCode(c))
			}
		}
		if !returnsResponse(m.info, call) {
			var sts []int
			inspects = false
			for _, c := range errStatusReps {
				r := try(errStatusScenario(c), goalCertain)
				if r.againCertain {
					sts = append(sts, c)
				}
				inspects = inspects || !r.again
			}
			if inspects {
				if m.rereads(s.Node, call.Pos()) {
					sts = without(sts, 409)
				}
				o.HTTP = mergeInts(o.HTTP, sts)
			}
		}
		if try(errClassScenario(errCert), goalCertain).againCertain && !try(errClassScenario(errOther), goalAgain).again {
			o.CertErrors = true
		}
	}
	o.Pos, o.Decision = m.loopDecision(s, fi, g)
	s.Retried = o
}

func returnsError(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		for i := 0; i < tup.Len(); i++ {
			if isErrorType(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && isErrorType(t)
}

// loopDecision finds the condition that decides a hand-written retry:
// the first condition after the operation that reads one of its results.
func (m *model) loopDecision(s *Site, fi *funcInfo, g *opGroup) (token.Pos, string) {
	call := g.calls[0]
	results := make(map[types.Object]bool)
	ast.Inspect(fi.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, r := range n.Rhs {
				if ast.Unparen(r) == call {
					for _, l := range n.Lhs {
						if v := fi.lhsVar(l); v != nil {
							results[v] = true
						}
					}
				}
			}
		case *ast.ValueSpec:
			for _, r := range n.Values {
				if ast.Unparen(r) == call {
					for _, name := range n.Names {
						results[m.info.Defs[name]] = true
					}
				}
			}
		}
		return true
	})
	mentionsIn := func(x ast.Node, results map[types.Object]bool) bool {
		if x == nil {
			return false
		}
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && results[m.info.Uses[id]] {
				found = true
			}
			if n == call {
				found = true
			}
			return !found
		})
		return found
	}
	scopeNode := s.Node
	if _, ok := scopeNode.(*ast.LabeledStmt); ok || scopeNode == nil {
		scopeNode = fi.body
	}
	find := func(results map[types.Object]bool, branches bool) (token.Pos, string) {
		mentions := func(x ast.Node) bool { return mentionsIn(x, results) }
		var pos token.Pos
		var desc string
		ast.Inspect(scopeNode, func(n ast.Node) bool {
			if pos.IsValid() {
				return false
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if n == nil || n.End() < call.Pos() {
				return true
			}
			switch n := n.(type) {
			case *ast.IfStmt:
				if n.Cond.Pos() >= call.Pos() || n.Init != nil && n.Init.Pos() <= call.Pos() && call.End() <= n.Init.End() {
					if mentions(n.Cond) && !isNilCheck(n.Cond) && (!branches || leavesOrLoops(n)) {
						pos, desc = n.Cond.Pos(), types.ExprString(n.Cond)
					}
				}
			case *ast.SwitchStmt:
				if !branches && n.Tag != nil && n.Tag.Pos() >= call.Pos() && mentions(n.Tag) {
					pos, desc = n.Tag.Pos(), "switch "+types.ExprString(n.Tag)
				}
			}
			return true
		})
		return pos, desc
	}
	// The decision is first sought among the tests that leave the loop
	// or go back (break, continue, return), over the results and what is
	// computed from them (retry := shouldRetry(req, res); if !retry {
	// break }); a test that only prepares (reads the body of a response
	// that ends the call) is not the decision.
	pos, desc := find(derivedFrom(m.info, scopeNode, results), true)
	if !pos.IsValid() {
		pos, desc = find(results, false)
	}
	if !pos.IsValid() {
		return call.Pos(), ""
	}
	return pos, shorten(desc)
}

// derivedFrom extends results with the locals assigned from expressions
// that read them, within node.
func derivedFrom(info *types.Info, node ast.Node, results map[types.Object]bool) map[types.Object]bool {
	out := make(map[types.Object]bool, len(results))
	for k := range results {
		out[k] = true
	}
	reads := func(x ast.Expr) bool {
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && out[info.Uses[id]] {
				found = true
			}
			return !found
		})
		return found
	}
	for range 4 {
		grew := false
		ast.Inspect(node, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || len(a.Lhs) != len(a.Rhs) {
				return true
			}
			for i, l := range a.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				o := info.Defs[id]
				if o == nil {
					o = info.Uses[id]
				}
				if o != nil && !out[o] && reads(a.Rhs[i]) {
					out[o] = true
					grew = true
				}
			}
			return true
		})
		if !grew {
			break
		}
	}
	return out
}

// leavesOrLoops reports whether a branch of s holds a break, continue,
// return or goto of its own (not one inside a nested function).
func leavesOrLoops(s *ast.IfStmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt, *ast.ReturnStmt:
			found = true
		case *ast.IfStmt:
			if n != s {
				return !found
			}
		}
		return !found
	})
	return found
}

// isNilCheck reports whether x is a plain `v != nil` or `v == nil`: the
// error check before the decision, not the decision.
func isNilCheck(x ast.Expr) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if ok && (b.Op == token.LAND || b.Op == token.LOR) {
		// res != nil && res.Body != nil: closing a body, not deciding.
		return isNilCheck(b.X) && isNilCheck(b.Y)
	}
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && id.Name == "nil"
	}
	return isNil(b.X) || isNil(b.Y)
}

func shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// rereads reports whether the code of node before pos reads an object
// again (a Get, a List, a lister, CreateOrUpdate) or gives it a new name
// or version (SetName, SetResourceVersion: a generateName collision
// retried under a fresh name), directly or in a same-package function it
// calls: a 409 Conflict retried on fresh data, not the same request
// again.
func (m *model) rereads(node ast.Node, before token.Pos) bool {
	found := false
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		ast.Inspect(n, func(x ast.Node) bool {
			if found {
				return false
			}
			call, ok := x.(*ast.CallExpr)
			if !ok || depth == 0 && call.Pos() >= before {
				return true
			}
			name := ""
			switch f := ast.Unparen(call.Fun).(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			case *ast.IndexExpr:
				if sel, ok := f.X.(*ast.SelectorExpr); ok {
					name = sel.Sel.Name
				}
			}
			if isReadName(name) {
				found = true
				return false
			}
			if depth < 1 {
				if fn := typeutilCallee(m.info, call); fn != nil && fn.Pkg() == m.pkg {
					if d := m.funcDecl(fn); d != nil && d.Body != nil {
						visit(d.Body, depth+1)
					}
				}
			}
			return true
		})
	}
	visit(node, 0)
	return found
}

func isReadName(name string) bool {
	for _, p := range []string{"Get", "get", "List", "list", "Fetch", "fetch", "Read", "read", "Load", "load", "Lookup", "lookup", "Refresh", "refresh", "Reload", "reload", "CreateOrUpdate", "CreateOrPatch", "SetName", "SetResourceVersion"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func without(xs []int, v int) []int {
	var res []int
	for _, x := range xs {
		if x != v {
			res = append(res, x)
		}
	}
	return res
}

func mergeInts(a, b []int) []int {
	seen := make(map[int]bool)
	var res []int
	for _, l := range [][]int{a, b} {
		for _, x := range l {
			if !seen[x] {
				seen[x] = true
				res = append(res, x)
			}
		}
	}
	sort.Ints(res)
	return res
}
