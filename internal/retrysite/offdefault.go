package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
)

// OffByDefault implements timeouts.Model: whether sel reads a field the
// package ships zero and an option sets (valueindex's offdefault.go).
func (m *model) OffByDefault(sel *ast.SelectorExpr) (timeouts.OffDefault, bool) {
	where, setter, pos, ok := m.Index.OffDefault(sel)
	if !ok {
		return timeouts.OffDefault{}, false
	}
	return timeouts.OffDefault{Where: where, Setter: setter, Pos: pos}, true
}
