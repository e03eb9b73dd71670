package waitvars

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A wait held in a local that the loop assigns again from a call (d =
// nextDelay(attempt+1) on the way back) changes with whatever that call
// computes. When the interpreter reads the wait as one opaque value on
// every attempt (it could not follow the reassignment, or sampled the
// value the local held before the loop), that reading is not evidence of
// a fixed interval: the shape is unknown and the rules stay silent. A
// wait the interpreter computes to a known number, or a local the loop
// never assigns (a fixed interval of unknown length), keeps its reading.

// ReassignedFromCall reports whether wait, the duration expression of
// the wait under study, is a local variable that the loop region assigns
// (=) from an expression holding a call.
func ReassignedFromCall(info *types.Info, region ast.Node, wait ast.Expr) bool {
	return reassignsWait(info, region, wait, func(rhs ast.Expr) bool {
		call := false
		ast.Inspect(rhs, func(x ast.Node) bool {
			if c, ok := x.(*ast.CallExpr); ok {
				if tv, ok := info.Types[c.Fun]; !ok || !tv.IsType() {
					call = true // a call, not a conversion
				}
			}
			return !call
		})
		return call
	})
}

// reassignsWait reports whether wait is a local variable
// that the loop region assigns (=) an expression for which pred holds.
// A recursion's region holds none: its locals are made anew on each
// call.
func reassignsWait(info *types.Info, region ast.Node, wait ast.Expr, pred func(rhs ast.Expr) bool) bool {
	if wait == nil || region == nil {
		return false
	}
	if _, ok := region.(*ast.FuncDecl); ok {
		return false
	}
	v, ok := info.Uses[typesx.IdentOf(wait)].(*types.Var)
	if !ok || v.IsField() {
		return false
	}
	found := false
	return typesx.InspectNoLitsUntil(&found, region, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if lid, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[lid] == types.Object(v) && pred(as.Rhs[i]) {
				found = true
			}
		}
		return !found
	})
}
