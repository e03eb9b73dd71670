package interp

import (
	"go/ast"
	"go/token"
)

// narrowWhen binds the targets of the errors.As calls that condition x
// proves matched when x has the truth value truth: errors.As(err, &t)
// when true, !errors.As(err, &t) when false, each operand of a && that
// is true and of a || that is false. The right operand of
// `!errors.As(err, &apiErr) || apiErr.StatusCode != 400` is evaluated
// only when the left one is false, that is, when errors.As matched: it
// reads the status of the error (statuserr.go), as the && form does.
func (ev *evaluator) narrowWhen(x ast.Expr, truth bool, e env) env {
	switch y := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if y.Op == token.NOT {
			return ev.narrowWhen(y.X, !truth, e)
		}
	case *ast.BinaryExpr:
		switch {
		case y.Op == token.LAND && truth, y.Op == token.LOR && !truth:
			return ev.narrowWhen(y.Y, truth, ev.narrowWhen(y.X, truth, e))
		}
	case *ast.CallExpr:
		if truth {
			return ev.narrowAsExpr(y, e)
		}
	}
	return e
}
