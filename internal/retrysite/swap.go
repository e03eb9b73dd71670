package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// SwapAttempt reports whether call is a compare-and-swap across an
// integration boundary whose bool result reports that the write was
// applied (knowledge.IsSwapAttempt: ok, _, err := kv.CAS(pair, opts)):
// a method whose first result is a bool and last an error, which
// crosses an integration boundary. Its false is the attempt's failure
// (a conflict), as an acquire attempt's is (AcquireAttempt).
func (m *model) SwapAttempt(call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil || !knowledge.IsSwapAttempt(fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	res := sig.Results()
	if res.Len() < 2 || !interp.IsBool(res.At(0).Type()) || !typesx.IsErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	return m.isIntegration(call)
}
