package interp

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// IsIntegerOrBool reports whether t is an integer or boolean type.
func IsIntegerOrBool(t types.Type) bool { return typesx.BasicIs(t, types.IsInteger|types.IsBoolean) }

// IsResponseType reports whether t is an HTTP response the model
// understands: *net/http.Response, or a resty or retryablehttp response.
func IsResponseType(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "Response" {
		return false
	}
	return knowledge.IsHTTPResponsePackage(n.Obj().Pkg().Path())
}

// HasErrorOrResponse reports whether a result type carries an error or
// an HTTP response: an error or response result, or a result that keeps
// its error in a field (typesx.CarriedError: gocql's *Iter).
func HasErrorOrResponse(t types.Type) bool {
	_, tup := t.(*types.Tuple)
	return typesx.ResultIndex(t, func(t types.Type) bool { return typesx.IsErrorType(t) || IsResponseType(t) }) >= 0 || !tup && t != nil && typesx.CarriedError(t) != nil
}

// sortVars sorts variables by position, then name.
func sortVars(vs []*types.Var) {
	slices.SortFunc(vs, func(a, b *types.Var) int {
		return cmp.Or(cmp.Compare(a.Pos(), b.Pos()), strings.Compare(a.Name(), b.Name()))
	})
}

// ReturnsResponse reports whether call returns an HTTP response the
// model understands (IsResponseType), alone or among its results.
func ReturnsResponse(info *types.Info, call *ast.CallExpr) bool {
	return typesx.ResultIndex(info.TypeOf(call), IsResponseType) >= 0
}
