package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	return typesx.Callee(info, call)
}

func isErrorType(t types.Type) bool { return typesx.IsErrorType(t) }

func isBool(t types.Type) bool { return interp.IsBool(t) }

func isIntegerOrBool(t types.Type) bool { return interp.IsIntegerOrBool(t) }

// isResponseType reports whether t is an HTTP response the model
// understands: *net/http.Response, or a resty or retryablehttp response.
func isResponseType(t types.Type) bool { return interp.IsResponseType(t) }

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool { return typesx.IsNamed(t, path, name) }

// chainRoot returns the expression at the root of a selector chain
// (typesx.ChainRoot).
func chainRoot(x ast.Expr, index bool) ast.Expr { return typesx.ChainRoot(x, index) }

// varOfExpr returns the variable an identifier defines or uses
// (typesx.VarOf).
func varOfExpr(info *types.Info, x ast.Expr) *types.Var { return typesx.VarOf(info, x) }

// rootVar returns the variable at the root of a selector chain
// (typesx.RootVar).
func rootVar(info *types.Info, x ast.Expr) *types.Var { return typesx.RootVar(info, x) }
