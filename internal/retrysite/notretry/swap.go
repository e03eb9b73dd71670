package notretry

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"golang.org/x/tools/go/types/typeutil"
)

// swapCall reports whether call, an operation of the loop, is a
// compare-and-swap (knowledge.IsSwapAttempt: a method named CAS,
// CompareAndSwap or CompareAndSet whose results are a bool first and an
// error last; retrysite swap.go): it writes what the iteration read and
// computed from other calls, the nature of a compare-and-swap, not an
// exchange restarted.
func (m *Rules) swapCall(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(m.info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || !knowledge.IsSwapAttempt(fn.Name()) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	res := sig.Results()
	if res.Len() < 2 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0 && types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type())
}
