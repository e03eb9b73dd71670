package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// maxRunnerDepth bounds how many forwarding functions TimeoutParam
// follows (WithTimeout calling WithTimeoutV calling the operation).
const maxRunnerDepth = 2

// TimeoutParam returns the index of fn's duration parameter that
// times the operation fn runs (timeouts.Model): fn, read from its
// source (methodOf: the package's, another of the module's, a small
// dependency's), derives a context from its context parameter with that
// duration (context.WithTimeout(ctx, d)) and runs one of its func
// parameters, or hands both on to such a function of its own package:
//
//	func WithTimeout(ctx context.Context, d time.Duration, op func(context.Context) error) error {
//		ctx, cancel := context.WithTimeout(ctx, d)
//		defer cancel()
//		return op(ctx)
//	}
func (m *model) TimeoutParam(fn *types.Func) (int, bool) {
	return m.timeoutParam(fn, 0)
}

func (m *model) timeoutParam(fn *types.Func, depth int) (int, bool) {
	if fn == nil || depth > maxRunnerDepth {
		return -1, false
	}
	d, dm := m.methodOf(fn)
	if d == nil || d.Body == nil || dm == nil {
		return -1, false
	}
	params := typesx.FuncParams(dm.info, d.Type)
	param := func(x ast.Expr) int {
		v, _ := dm.info.Uses[typesx.IdentOf(ast.Unparen(x))].(*types.Var)
		return typesx.ParamIndex(dm.info, d.Type, v)
	}
	isCtx := func(i int) bool { return i >= 0 && timeouts.IsContextType(params[i].Type()) }
	isDur := func(i int) bool { return i >= 0 && typesx.IsNamed(params[i].Type(), "time", "Duration") }
	isFunc := func(i int) bool {
		if i < 0 {
			return false
		}
		_, ok := params[i].Type().Underlying().(*types.Signature)
		return ok
	}
	dur, runs := -1, false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if isFunc(param(call.Fun)) {
			runs = true
		}
		ctxArg, durArg := -1, -1
		for i, a := range call.Args {
			switch p := param(a); {
			case isFunc(p):
				runs = true // handed on, maybe wrapped
			case isCtx(p) && ctxArg < 0:
				ctxArg = i
			case isDur(p) && durArg < 0:
				durArg = i
			}
		}
		if ctxArg != 0 || durArg < 0 {
			return true
		}
		callee := typesx.Callee(dm.info, call)
		if callee == nil || callee.Pkg() == nil {
			return true
		}
		switch {
		case callee.Pkg().Path() == "context" && (callee.Name() == "WithTimeout" || callee.Name() == "WithTimeoutCause"):
			if durArg == 1 {
				dur = param(call.Args[1])
			}
		case callee.Pkg().Path() == fn.Pkg().Path() && callee.Name() != fn.Name():
			if j, ok := dm.timeoutParam(callee.Origin(), depth+1); ok && j == durArg {
				dur = param(call.Args[j])
			}
		}
		return true
	})
	return dur, dur >= 0 && runs
}
