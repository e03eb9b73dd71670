package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// receiverFromItem reports whether the operation is a method of an object
// the loop builds, in its body, from what varies per iteration (the
// element ranged over, a value received):
//
//	for _, c := range challenges {
//		t, err := fromChallenge(c)
//		...
//		if err := t.refresh(ctx); err != nil { continue }
//
// Each iteration then calls a different target: a failover over the
// items, not a retry of one operation. Only the receiver counts: an
// argument derived from the item (a context whose timeout is the delay
// ranged over) still lets the same operation be retried.
func (m *model) receiverFromItem(loop ast.Stmt, call *ast.CallExpr, varying map[*types.Var]bool) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(varying) == 0 {
		return false
	}
	root, ok := ast.Unparen(chainRoot(sel.X, true)).(*ast.Ident)
	if !ok {
		return false
	}
	recv, ok := m.info.Uses[root].(*types.Var)
	if !ok || !(recv.Pos() >= loop.Pos() && recv.Pos() < loop.End()) {
		return false // declared outside the loop: the same object each time
	}
	derived := make(map[*types.Var]bool, len(varying))
	for v := range varying {
		derived[v] = true
	}
	// Propagate through the loop's definitions until nothing changes
	// (x := f(item); y := g(x)); a few rounds suffice for real bodies.
	for range 4 {
		changed := false
		ast.Inspect(loop, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				uses := false
				for _, r := range n.Rhs {
					if typesx.UsesAny(m.info, r, derived) {
						uses = true
						break
					}
				}
				if !uses {
					return true
				}
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok {
						if v, ok := m.info.Defs[id].(*types.Var); ok && !derived[v] {
							derived[v], changed = true, true
						}
					}
				}
			}
			return true
		})
		if !changed {
			break
		}
	}
	return derived[recv]
}
