package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/notretry"
)

// SwapAttempt reports whether call is a compare-and-swap across an
// integration boundary whose bool result reports that the write was
// applied (knowledge.IsSwapAttempt: ok, _, err := kv.CAS(pair, opts)):
// a method whose first result is a bool and last an error, which
// crosses an integration boundary. Its false is the attempt's failure
// (a conflict), as an acquire attempt's is (AcquireAttempt).
func (m *model) SwapAttempt(call *ast.CallExpr) bool {
	return notretry.SwapCall(m.info, call) && m.IsIntegration(call)
}
