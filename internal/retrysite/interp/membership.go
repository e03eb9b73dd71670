package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
)

// membership evaluates call, of fn, a same-package membership helper
// (outcomeval's membership.go: a range over a list parameter that returns
// true on the element equal to a tested value), as slices.Contains of the
// list the call passes and the tested value, read in the helper with its
// parameters bound to the call's arguments.
func (ev *evaluator) membership(fn *types.Func, call *ast.CallExpr, e env) (value, bool) {
	sig := fn.Type().(*types.Signature)
	listAt, tested, ok := outcomeval.Membership(ev.Fi.M.info, ev.Fi.M.FuncDecl(fn), sig)
	if !ok {
		return value{}, false
	}
	elems, ok := ev.out().MemberElems(sig, call, listAt, e)
	if !ok {
		return value{}, false
	}
	sub, ce, _, ok := ev.bindCall(fn, call, e)
	if !ok {
		return value{}, false
	}
	return outcomeval.Contains(elems, sub.Eval(tested, ce)), true
}
