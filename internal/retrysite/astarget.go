package retrysite

import (
	"go/ast"
	"go/token"
)

// A predicate of the package given the operation's error (isRetryable-
// DialErr(ctx, err)) is studied by an evaluator of its own, with the
// error bound to its parameter and no scenario. There a net.Error's
// Timeout() or Temporary() is read on the value errors.As found in that
// parameter (var ne net.Error; errors.As(err, &ne) && ne.Timeout()):
// when the parameter holds an error class (a certificate error, the
// code's own error), the value is that error, neither a timeout nor
// temporary, as it is when the loop itself tests it.

// asTargetOfClass reports whether call is a method call on a local that
// the body fills through errors.As(src, &local) from a src that
// evaluates, in e, to an error class.
func (ev *evaluator) asTargetOfClass(call *ast.CallExpr, e env) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v := ev.fi.m.localVar(sel.X)
	if v == nil {
		return false
	}
	found := false
	ast.Inspect(ev.fi.body, func(n ast.Node) bool {
		if found {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 2 {
			return true
		}
		fn := typeutilCallee(ev.info(), c)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "As" {
			return true
		}
		u, ok := ast.Unparen(c.Args[1]).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND || ev.fi.m.localVar(u.X) != v {
			return true
		}
		if ev.eval(c.Args[0], e).k == vErrClass {
			found = true
		}
		return !found
	})
	return found
}
