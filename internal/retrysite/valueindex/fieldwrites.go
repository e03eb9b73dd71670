package valueindex

import (
	"go/ast"
	"go/types"
)

// FieldWrites returns the values the package writes to its field v, for
// the timeouts of a retry given a context kept in a field
// (timeouts/ctxfield.go). Every write counts, the user's included (a
// context is no setting with a default): a write of a parameter, a zero
// or a value the index cannot know is nil.
func (m *Index) FieldWrites(v *types.Var) ([]ast.Expr, bool) {
	if !m.IndexedVar(v) || !v.IsField() {
		return nil, false
	}
	all := m.ValueIndexOf().Writes[v]
	if len(all) == 0 || len(all) > maxReaching {
		return nil, false
	}
	xs := make([]ast.Expr, len(all))
	for i, w := range all {
		if w.X != nil && !w.Zero && !m.UserValue(w.X, 0) {
			xs[i] = w.X
		}
	}
	return xs, true
}
