package bodyscan

import (
	"go/ast"
	"go/token"
	"go/types"
)

// SelfContained reports whether lit runs no call of op, the operation
// under study, and writes no variable declared outside it.
func SelfContained(info *types.Info, lit *ast.FuncLit, op map[*ast.CallExpr]bool) bool {
	outside := func(x ast.Expr) bool {
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.SelectorExpr:
				x = y.X
				continue
			case *ast.IndexExpr:
				x = y.X
				continue
			case *ast.StarExpr:
				x = y.X
				continue
			case *ast.Ident:
				if y.Name == "_" {
					return false
				}
				v, _ := info.Uses[y].(*types.Var)
				return v != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End())
			}
			return true
		}
	}
	ok := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if op[n] {
				ok = false
			}
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				return true
			}
			for _, l := range n.Lhs {
				if outside(l) {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			if outside(n.X) {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && outside(n.X) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
