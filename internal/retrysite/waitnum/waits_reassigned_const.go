package waitnum

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A wait held in a local that the loop assigns again, on some branch, a
// constant other than the one the interpreter read (d = quickInterval
// after a failure, d = updateInterval after a success) is not the fixed
// interval the reading says: which value the failure path waits depends
// on the branch the interpreter could not follow. The shape is unknown
// and the rules stay silent, as for a local reassigned from a call
// (waits_reassigned.go).

// reassignedOtherConst reports whether the wait under study is a local
// variable that the loop region assigns (=) a constant duration other
// than base, the fixed reading in nanoseconds.
func (m *model) reassignedOtherConst(region ast.Node, h *Hit, base float64) bool {
	if h == nil || h.expr == nil || region == nil {
		return false
	}
	if _, ok := region.(*ast.FuncDecl); ok {
		return false // a recursion's locals are made anew on each call
	}
	id, ok := ast.Unparen(h.expr).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := m.info.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return false
	}
	found := false
	ast.Inspect(region, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			lid, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || m.info.Uses[lid] != types.Object(v) {
				continue
			}
			tv, ok := m.info.Types[as.Rhs[i]]
			if !ok || tv.Value == nil {
				continue
			}
			if x, ok := constant.Float64Val(constant.ToFloat(tv.Value)); ok && x != base {
				found = true
			}
		}
		return !found
	})
	return found
}
