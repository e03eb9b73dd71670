package bodyscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// SelfContained reports whether lit runs no call of op, the operation
// under study, and writes no variable declared outside it.
func SelfContained(info *types.Info, lit *ast.FuncLit, op map[*ast.CallExpr]bool) bool {
	outside := func(x ast.Expr) bool {
		id, ok := typesx.ChainRoot(x, true).(*ast.Ident)
		if !ok {
			return true
		}
		if id.Name == "_" {
			return false
		}
		v, _ := info.Uses[id].(*types.Var)
		return v != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End())
	}
	ok := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			ok = !op[n]
		case *ast.AssignStmt:
			ok = n.Tok == token.DEFINE || !slices.ContainsFunc(n.Lhs, outside)
		case *ast.IncDecStmt:
			ok = !outside(n.X)
		case *ast.UnaryExpr:
			ok = n.Op != token.AND || !outside(n.X)
		}
		return ok
	})
	return ok
}
