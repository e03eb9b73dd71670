package bodyscan

import (
	"go/ast"
	"go/token"
	"go/types"
)

// LoopInvariant reports whether v, a local of the function whose body is
// body, keeps one value through every loop of it: it is never stepped,
// its address is never taken, no function literal writes it, and every
// assignment of it lies outside the function's for and range statements.
func LoopInvariant(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	ok := true
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.ForStmt, *ast.FuncLit:
				if !inLoop {
					walk(n, true)
					return false
				}
			case *ast.IncDecStmt:
				if is(n.X) {
					ok = false
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && is(n.X) {
					ok = false
				}
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if is(l) && (inLoop || n.Tok != token.ASSIGN && n.Tok != token.DEFINE) {
						ok = false
					}
				}
			case *ast.RangeStmt:
				if n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value) {
					ok = false
				}
				if !inLoop {
					walk(n, true)
					return false
				}
			}
			return true
		})
	}
	walk(body, false)
	return ok
}

// NextStmt returns the statement that follows s in the statement list
// that holds it, or nil.
func NextStmt(body *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	var next ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		if next != nil {
			return false
		}
		var list []ast.Stmt
		switch b := n.(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		}
		for j := 0; j+1 < len(list); j++ {
			if list[j] == s {
				next = list[j+1]
				return false
			}
		}
		return true
	})
	return next
}
