package valueindex

import (
	"go/ast"
	"go/types"
)

// constructedOnly reports whether the package writes the field v only in
// struct literals (a value given or left out when the object is made),
// none of them reading v: no assignment, step or address of it, nothing
// the index cannot know (a decoder's field). Such a field keeps, for an
// object's life, the setting the object was made with; it counts nothing
// (interp/exits' settings.go).
func (m *model) constructedOnly(v *types.Var) bool {
	if !m.IndexedVar(v) || !v.IsField() {
		return false
	}
	for _, w := range m.ValueIndexOf().Writes[v] {
		if !w.Lit {
			return false
		}
		if w.X != nil && readsVar(m.info, w.X, v) {
			return false
		}
	}
	return true
}

// readsVar reports whether x reads v.
func readsVar(info *types.Info, x ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
