package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// ReentryDecl returns the declaration of via, a function of the package
// that fn calls, when via is on the way back to fn in a retry that is no
// loop (typesx.HeldSelfCalls: send -> retryRequest -> send): via runs no
// operation but its calls of fn, only what comes between two attempts (a
// count, a wait). A via that runs an operation of its own and calls fn
// on its failure is an operation of fn, with its own retry
// (joinSync -> retryJoinSync -> joinSync is a retry of each).
func (m *model) ReentryDecl(via, fn *types.Func) *ast.FuncDecl {
	return typesx.Cached(&m.reentries, [2]*types.Func{via, fn}, func() *ast.FuncDecl {
		d := m.FuncDecl(via)
		if d == nil || d.Body == nil || !m.funcsNamedIn(via, d.Body)[fn.Origin()] || len(typesx.Reentries(m.info, d.Body, fn)) == 0 {
			return nil
		}
		found := false
		if typesx.InspectNoLitsUntil(&found, d.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if g := typesx.Callee(m.info, c); (g == nil || g.Origin() != fn.Origin()) && m.mayBeOp(c) {
					found = true
				}
			}
			return !found
		}) {
			return nil
		}
		return d
	})
}

// funcsNamedIn returns, once per function via, the functions (origins)
// its body names anywhere: a call of fn, or fn scheduled, names it
// (typesx.Reentries), so most pairs need no walk.
func (m *model) funcsNamedIn(via *types.Func, body *ast.BlockStmt) map[*types.Func]bool {
	return typesx.Cached(&m.namedFuncs, via, func() map[*types.Func]bool {
		named := make(map[*types.Func]bool)
		ast.Inspect(body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if g, ok := m.info.Uses[id].(*types.Func); ok {
					named[g.Origin()] = true
				}
			}
			return true
		})
		return named
	})
}
