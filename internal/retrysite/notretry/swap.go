package notretry

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// SwapCall reports whether call, an operation of the loop, is a
// compare-and-swap (knowledge.IsSwapAttempt: a method named CAS,
// CompareAndSwap or CompareAndSet whose results are a bool first and an
// error last; retrysite swap.go): it writes what the iteration read and
// computed from other calls, the nature of a compare-and-swap, not an
// exchange restarted.
func SwapCall(info *types.Info, call *ast.CallExpr) bool {
	fn := typesx.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || !knowledge.IsSwapAttempt(fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	res := sig.Results()
	return res.Len() >= 2 && typesx.IsBool(res.At(0).Type()) && typesx.IsErrorType(res.At(res.Len()-1).Type())
}
