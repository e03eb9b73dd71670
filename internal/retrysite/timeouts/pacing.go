package timeouts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A time check that only paces the retry caps nothing: one that decides
// whether to wait (if bu.After(time.Now()) { sleep until bu }, if
// time.Now().Before(h.reqNext) { sleep = ... }) ends no attempt, and one
// whose value is a wait's length (sleepTime := time.Until(bu);
// <-time.After(sleepTime)) is the wait itself. A cap ends the retry:
// its check leads to a return, a break or a goto.

// paces reports whether call, a time check in the region, only paces:
// the condition of an if whose branches end nothing (an exit under a
// select case on a context's Done is the context's, not the check's), or
// a value handed to a wait (a wait call's argument, or a local whose
// every use is one, a comparison with a constant or a logged argument).
func (r *tres) paces(call *ast.CallExpr) bool {
	var stack []ast.Node
	r.preorder(func(x ast.Node, st []ast.Node) bool {
		if x == ast.Node(call) {
			stack = slices.Clone(st)
			return false
		}
		return stack == nil
	})
	if len(stack) == 0 {
		return false
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.IfStmt:
			child := ast.Node(call)
			if i+1 < len(stack) {
				child = stack[i+1]
			}
			return child == p.Cond && !r.exits(p.Body) && (p.Else == nil || !r.exits(p.Else))
		case *ast.CallExpr:
			if r.waitCall(p) {
				return true
			}
		case *ast.AssignStmt:
			if len(p.Lhs) == len(p.Rhs) {
				for j, x := range p.Rhs {
					if ast.Unparen(x) == call {
						if id, ok := p.Lhs[j].(*ast.Ident); ok {
							v, _ := r.m.info.ObjectOf(id).(*types.Var)
							return v != nil && r.onlyWaited(v)
						}
					}
				}
			}
			return false
		case ast.Stmt:
			return false
		}
	}
	return false
}

// waitCall reports whether call waits for its argument: time.Sleep,
// time.After, time.NewTimer, a timer's Reset.
func (r *tres) waitCall(call *ast.CallExpr) bool {
	switch r.callee(call) {
	case "time.Sleep", "time.After", "time.NewTimer", "time.Timer.Reset":
		return true
	}
	return false
}

// onlyWaited reports whether every use of v in the region is a wait
// call's argument, a test against zero (if sleep > 0), or an argument
// in the variadic part of a call (a log line's) or of a function of the
// package that compares nothing with it (reportedArg): a measure only
// logged is no cap either.
func (r *tres) onlyWaited(v *types.Var) bool {
	uses := 0
	good := true
	r.preorder(func(x ast.Node, st []ast.Node) bool {
		id, ok := x.(*ast.Ident)
		if !ok || r.m.info.Uses[id] != v || len(st) == 0 {
			return true
		}
		parent := st[len(st)-1]
		switch p := parent.(type) {
		case *ast.AssignStmt:
			if slices.Contains(p.Lhs, ast.Expr(id)) {
				return true
			}
		case *ast.CallExpr:
			if r.waitCall(p) || typesx.VariadicArg(r.m.info, p, id) || r.reportedArg(p, id) {
				uses++
				return true
			}
		case *ast.BinaryExpr:
			// A test against zero (if sleep > 0) caps nothing.
			other := p.X
			if other == ast.Expr(id) {
				other = p.Y
			}
			if tv := r.m.info.Types[other]; tv.Value != nil && constant.Sign(tv.Value) == 0 {
				return true
			}
		}
		good = false
		return true
	})
	return good && uses > 0
}

// exits reports whether body may end the retry: a return, a break, a
// goto, a panic or a flag set (done = true), outside function literals
// and outside a select case that receives from a context's Done (the
// context ends it, not the check).
func (r *tres) exits(body ast.Node) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CommClause:
			if u := typesx.CommReceive(n.Comm); u != nil {
				if c, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && r.callee(c) == "context.Context.Done" {
					return false
				}
			}
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			found = n.Tok == token.BREAK || n.Tok == token.GOTO
		case *ast.AssignStmt:
			// A flag the loop's condition reads (done = true).
			for _, x := range n.Rhs {
				if tv := r.m.info.Types[x]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
					found = true
				}
			}
		case *ast.CallExpr:
			found = typesx.IsIdent(n.Fun, "panic")
		}
		return true
	})
}
