package interp

import (
	"go/ast"
	"go/types"
	"sort"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	return typesx.Callee(info, call)
}

func isErrorType(t types.Type) bool { return typesx.IsErrorType(t) }

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool { return typesx.IsNamed(t, path, name) }

// varOfExpr returns the variable an identifier defines or uses
// (typesx.VarOf).
func varOfExpr(info *types.Info, x ast.Expr) *types.Var { return typesx.VarOf(info, x) }

func isBool(t types.Type) bool { return IsBool(t) }

func isIntegerOrBool(t types.Type) bool { return IsIntegerOrBool(t) }

func isResponseType(t types.Type) bool { return IsResponseType(t) }

// IsBool reports whether t is a boolean type (typesx.IsBool).
func IsBool(t types.Type) bool { return typesx.IsBool(t) }

// IsIntegerOrBool reports whether t is an integer or boolean type.
func IsIntegerOrBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0
}

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
	if tup, ok := t.(*types.Tuple); ok {
		for i := 0; i < tup.Len(); i++ {
			if isErrorType(tup.At(i).Type()) || IsResponseType(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && (isErrorType(t) || IsResponseType(t) || typesx.CarriedError(t) != nil)
}

// sortVars sorts variables by position, then name.
func sortVars(vs []*types.Var) {
	sort.Slice(vs, func(i, j int) bool {
		if vs[i].Pos() != vs[j].Pos() {
			return vs[i].Pos() < vs[j].Pos()
		}
		return vs[i].Name() < vs[j].Name()
	})
}

// ReturnsResponse reports whether call returns an HTTP response the
// model understands (IsResponseType), alone or among its results.
func ReturnsResponse(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok {
		for i := 0; i < tup.Len(); i++ {
			if IsResponseType(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && IsResponseType(t)
}
