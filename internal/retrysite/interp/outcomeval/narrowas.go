package outcomeval

import (
	"go/ast"
	"go/token"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
)

// narrowWhen binds the targets of the errors.As calls that condition x
// proves matched when x has the truth vals.Value truth: errors.As(err, &t)
// when true, !errors.As(err, &t) when false, each operand of a && that
// is true and of a || that is false. The right operand of
// `!errors.As(err, &apiErr) || apiErr.StatusCode != 400` is evaluated
// only when the left one is false, that is, when errors.As matched: it
// reads the status of the error (statuserr.go), as the && form does.
func (ev Evaluator) NarrowWhen(x ast.Expr, truth bool, e vals.Env) vals.Env {
	switch y := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if y.Op == token.NOT {
			return ev.NarrowWhen(y.X, !truth, e)
		}
	case *ast.BinaryExpr:
		switch {
		case y.Op == token.LAND && truth, y.Op == token.LOR && !truth:
			return ev.NarrowWhen(y.Y, truth, ev.NarrowWhen(y.X, truth, e))
		}
	case *ast.CallExpr:
		if truth {
			return ev.narrowAsExpr(y, e)
		}
	}
	return e
}
