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
	if rest := StmtsFrom(body, s); len(rest) > 1 {
		return rest[1]
	}
	return nil
}

// StmtsFrom returns the statements of the list (a block's, a case's)
// that holds s, from s on; nil when no list of body holds s.
func StmtsFrom(body *ast.BlockStmt, s ast.Stmt) []ast.Stmt {
	var res []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		if res != nil {
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
		default:
			return true
		}
		for i, x := range list {
			if x == s {
				res = list[i:]
				return false
			}
		}
		return true
	})
	return res
}
