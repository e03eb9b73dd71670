package retrysite

import (
	"github.com/retrylint/retrylint/internal/knowledge"
	"go/ast"
	"go/types"
	"sort"
	"strconv"

	"golang.org/x/tools/go/types/typeutil"
)

func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

func isErrorType(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func isIntegerOrBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0
}

// isResponseType reports whether t is an HTTP response the model
// understands: *net/http.Response, or a resty or retryablehttp response.
func isResponseType(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != "Response" {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "net/http", knowledge.PathRestyV2, knowledge.PathRestyV3:
		return true
	}
	return false
}

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
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

func sortVars(vs []*types.Var) {
	sort.Slice(vs, func(i, j int) bool {
		if vs[i].Pos() != vs[j].Pos() {
			return vs[i].Pos() < vs[j].Pos()
		}
		return vs[i].Name() < vs[j].Name()
	})
}

// chainRoot returns the expression at the root of a selector chain: c
// for c.HTTPClient.Timeout and for (*c).cfg; with index, through index
// expressions too (items for items[i].ID).
func chainRoot(x ast.Expr, index bool) ast.Expr {
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

// varOfExpr returns the variable an identifier defines or uses, or nil
// when x is not a plain identifier of a variable.
func varOfExpr(info *types.Info, x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Defs[id].(*types.Var); ok {
		return v
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

func itoa(i int) string { return strconv.Itoa(i) }
