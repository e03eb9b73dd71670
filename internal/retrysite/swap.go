package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
)

// swapAttempt reports whether call is a compare-and-swap across an
// integration boundary whose bool result reports that the write was
// applied (knowledge.IsSwapAttempt: ok, _, err := kv.CAS(pair, opts)):
// a method whose first result is a bool and last an error, which
// crosses an integration boundary. Its false is the attempt's failure
// (a conflict), as an acquire attempt's is (acquireAttempt).
func (m *model) swapAttempt(call *ast.CallExpr) bool {
	fn := typeutilCallee(m.info, call)
	if fn == nil || fn.Pkg() == nil || !knowledge.IsSwapAttempt(fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	res := sig.Results()
	if res.Len() < 2 || !isBool(res.At(0).Type()) || !isErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	return m.isIntegration(call)
}
