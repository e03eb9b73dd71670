package outcomeval

import (
	"go/ast"
	"go/token"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A predicate of the package given the operation's error (isRetryable-
// DialErr(ctx, err)) is studied by an evaluator of its own, with the
// error bound to its parameter and no vals.Scenario. There a net.Error's
// Timeout() or Temporary() is read on the vals.Value errors.As found in that
// parameter (var ne net.Error; errors.As(err, &ne) && ne.Timeout()):
// when the parameter holds an error class (a certificate error, the
// code's own error), the vals.Value is that error, neither a timeout nor
// temporary, as it is when the loop itself tests it.

// asTargetOfClass reports whether call is a method call on a local that
// the body fills through errors.As(src, &local) from a src that
// evaluates, in e, to an error class.
func (ev Evaluator) asTargetOfClass(call *ast.CallExpr, e vals.Env) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v := ev.LocalVar(sel.X)
	if v == nil {
		return false
	}
	found := false
	return typesx.InspectUntil(&found, ev.Body(), func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 2 {
			return true
		}
		fn := typesx.Callee(ev.Info(), c)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "As" {
			return true
		}
		u, ok := ast.Unparen(c.Args[1]).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND || ev.LocalVar(u.X) != v {
			return true
		}
		if ev.Eval(c.Args[0], e).K == vals.VErrClass {
			found = true
		}
		return !found
	})
}
