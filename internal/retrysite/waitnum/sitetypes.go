package waitnum

import (
	"go/ast"
	"go/types"
	"strconv"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// The site types and the small helpers the interpreter's code names
// unqualified.

type (
	Site  = site.Site
	Wait  = site.Wait
	Shape = site.Shape
)

const (
	ShapeUnknown       = site.ShapeUnknown
	ShapeNone          = site.ShapeNone
	ShapeConstant      = site.ShapeConstant
	ShapeLinear        = site.ShapeLinear
	ShapePolynomial    = site.ShapePolynomial
	ShapeExponential   = site.ShapeExponential
	ShapeEqualJitter   = site.ShapeEqualJitter
	ShapePartialJitter = site.ShapePartialJitter
	ShapeFullJitter    = site.ShapeFullJitter
	ShapeDecorrelated  = site.ShapeDecorrelated
	ShapeSchedule      = site.ShapeSchedule
	WaitHelper         = site.WaitHelper
)

func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	return typesx.Callee(info, call)
}

func isNamed(t types.Type, path, name string) bool { return typesx.IsNamed(t, path, name) }

func itoa(i int) string { return strconv.Itoa(i) }

func asTargetOf(info *types.Info, x ast.Expr) (*types.Var, ast.Expr) { return typesx.AsTarget(info, x) }

func isErrorType(t types.Type) bool { return typesx.IsErrorType(t) }
