package ops

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file reads middleware (issue 32 point 3): a RoundTripper or client
// wrapper, a method RoundTrip or Do(*http.Request) (*http.Response,
// error), that sends the request it is handed sends whatever method its
// callers use, POST and PATCH included (site.MethodAny), unless it tests
// the method first: an if whose condition the method alone can decide
// (isIdempotent(req.Method), req.Method != "GET" && ...) to the branch
// that returns or breaks, or away from the one that loops, or a switch
// on the method. A test
// another term can override (isIdempotent(req.Method) || body != nil)
// filters nothing.
//
// So does an exported function given the request that nothing in the
// package calls (`func (s *Service) Request(req *http.Request, ...)`):
// only users hand it requests, when the package builds POST or PATCH
// requests with its own functions (`NewRequestBuilder(POST)`) for them.

// handedRequest reports whether v is the request parameter of a
// middleware method that never tests its method.
func (d *describer) handedRequest(v *types.Var) bool {
	if !isPtrTo(v.Type(), "Request") {
		return false
	}
	decl, _ := typesx.ParamDecl(d.m.pass.Files, d.m.info, v)
	if decl == nil || decl.Body == nil {
		return false
	}
	fn, _ := d.m.info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	middleware := decl.Recv != nil && (decl.Name.Name == "RoundTrip" || decl.Name.Name == "Do") &&
		sig.Params().Len() == 1 && sig.Results().Len() == 2 && isPtrTo(sig.Results().At(0).Type(), "Response")
	if !middleware && !d.m.handedByUsers(fn) {
		return false
	}
	filtered := false
	return !typesx.InspectUntil(&filtered, decl.Body, func(n ast.Node) bool { // literals too: an attempt's closure
		switch n := n.(type) {
		case *ast.IfStmt:
			if !d.readsMethod(n.Cond, v, 0) {
				break
			}
			// The method alone can take the branch that leaves, or
			// keep the one that retries from running.
			filtered = has(n.Body, true) && d.forced(n.Cond, v, true, 0) ||
				(has(n.Else, true) || has(n.Body, false)) && d.forced(n.Cond, v, false, 0)
		case *ast.SwitchStmt:
			filtered = n.Tag != nil && d.readsMethod(n.Tag, v, 0)
		}
		return true
	})
}

// has reports whether n holds a return, a break or a goto (leave), or
// a loop (!leave).
func has(n ast.Node, leave bool) bool {
	found := false
	return n != nil && typesx.InspectNoLitsUntil(&found, n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			found = found || leave
		case *ast.BranchStmt:
			found = found || leave && n.Tok != token.CONTINUE
		case *ast.ForStmt, *ast.RangeStmt:
			found = found || !leave
		}
		return true
	})
}

// readsMethod reports whether e reads v.Method, directly or through a
// local holding a value computed from it.
func (d *describer) readsMethod(e ast.Expr, v *types.Var, depth int) bool {
	found := false
	return typesx.InspectUntil(&found, e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			found = n.Sel.Name == "Method" && typesx.VarOf(d.m.info, n.X) == v
		case *ast.Ident:
			if l := typesx.VarOf(d.m.info, n); l != nil && l != v && depth < 4 {
				if ds := d.defs(l); len(ds) == 1 && ds[0].rhs != nil && l.Parent() != d.m.pkg.Scope() {
					found = d.readsMethod(ds[0].rhs, v, depth+1)
				}
			}
		}
		return true
	})
}

// forced reports whether some outcome of the method's tests makes the
// bool expression e equal want whatever its other terms are.
func (d *describer) forced(e ast.Expr, v *types.Var, want bool, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return d.forced(x.X, v, !want, depth+1)
		}
	case *ast.BinaryExpr:
		switch {
		case x.Op == token.LAND && !want, x.Op == token.LOR && want:
			return d.forced(x.X, v, want, depth+1) || d.forced(x.Y, v, want, depth+1)
		case x.Op == token.LAND, x.Op == token.LOR:
			return d.forced(x.X, v, want, depth+1) && d.forced(x.Y, v, want, depth+1)
		}
	case *ast.Ident:
		if l := typesx.VarOf(d.m.info, x); l != nil && l != v {
			if ds := d.defs(l); len(ds) == 1 && ds[0].rhs != nil && l.Parent() != d.m.pkg.Scope() {
				return d.forced(ds[0].rhs, v, want, depth+1)
			}
		}
		return false
	}
	return d.readsMethod(e, v, depth)
}

// handedByUsers reports whether fn is exported, called by nothing in the
// package, and the package passes a constant POST or PATCH to one of its
// own functions (a request builder its users send through fn).
func (m *model) handedByUsers(fn *types.Func) bool {
	if m.pkg != m.pass.Pkg || !fn.Exported() {
		return false
	}
	idx := m.callIndex()
	if len(idx[fn]) > 0 {
		return false
	}
	if m.buildsKeyed == nil {
		b := false
		for _, cs := range idx {
			b = b || slices.ContainsFunc(cs, m.argsHoldKeyedMethod)
		}
		m.buildsKeyed = &b
	}
	return *m.buildsKeyed
}
