package retrysite

import (
	"go/ast"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
)

// The model as the description packages see it (timeouts.Model).

// DurationValue returns the duration x evaluates to (durationValue).
func (m *model) DurationValue(x ast.Expr) (time.Duration, bool) { return m.durationValue(x) }

// OpRoots returns the configuration and the operation arguments of a
// call of the library entry e (opRoots).
func (m *model) OpRoots(e knowledge.Entry, call *ast.CallExpr) (cfg, ops []ast.Expr) {
	return m.opRoots(e, call)
}
