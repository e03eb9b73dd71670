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
	k := [2]*types.Func{via, fn}
	if d, ok := m.reentries[k]; ok {
		return d
	}
	if m.reentries == nil {
		m.reentries = make(map[[2]*types.Func]*ast.FuncDecl)
	}
	d := m.FuncDecl(via)
	if d == nil || d.Body == nil || len(typesx.Reentries(m.info, d.Body, fn)) == 0 {
		m.reentries[k] = nil
		return nil
	}
	found := false
	typesx.InspectNoLitsUntil(&found, d.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if g := typesx.Callee(m.info, c); (g == nil || g.Origin() != fn.Origin()) && m.mayBeOp(c) {
				found = true
			}
		}
		return !found
	})
	if found {
		d = nil
	}
	m.reentries[k] = d
	return d
}
