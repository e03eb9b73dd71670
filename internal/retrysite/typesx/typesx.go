// Package typesx holds the small queries over go/ast and go/types that
// the model's packages share: the function a call calls, whether a type
// is a given named type, the root of a selector chain. It depends on
// nothing of the model.
package typesx

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns the function or method call calls, or nil (a call of a
// function value, a conversion, a builtin).
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// IsNamed reports whether t (or *t) is the named type path.name.
func IsNamed(t types.Type, path, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	o := n.Obj()
	return o.Name() == name && o.Pkg() != nil && o.Pkg().Path() == path
}

// ChainRoot returns the expression at the root of a selector chain: c
// for c.HTTPClient.Timeout and for (*c).cfg; with index, through index
// expressions too (items for items[i].ID).
func ChainRoot(x ast.Expr, index bool) ast.Expr {
	for {
		switch y := ast.Unparen(x).(type) {
		case *ast.SelectorExpr:
			x = y.X
		case *ast.StarExpr:
			x = y.X
		case *ast.IndexExpr:
			if !index {
				return y
			}
			x = y.X
		default:
			return y
		}
	}
}
