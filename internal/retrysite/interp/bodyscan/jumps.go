package bodyscan

import (
	"go/ast"
	"go/token"
)

// JumpsOut reports whether n holds a return, a goto, or a break or
// continue that may leave n: labeled, or not inside a loop (continue) or
// a loop, switch or select (break) of n; loop tells that n is a loop's
// body, which its own unlabeled break and continue stay in. Function
// literals are not looked into.
func JumpsOut(n ast.Node, loop bool) bool {
	jumps := false
	var visit func(n ast.Node, inLoop, inBreakable bool)
	visit = func(n ast.Node, inLoop, inBreakable bool) {
		ast.Inspect(n, func(x ast.Node) bool {
			if jumps || x == nil || x == n {
				return !jumps
			}
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				jumps = true
			case *ast.BranchStmt:
				switch {
				case x.Label != nil, x.Tok == token.GOTO, x.Tok == token.CONTINUE && !inLoop, x.Tok == token.BREAK && !inBreakable:
					jumps = true
				}
			case *ast.ForStmt:
				visit(x.Body, true, true)
				return false
			case *ast.RangeStmt:
				visit(x.Body, true, true)
				return false
			case *ast.SwitchStmt:
				visit(x.Body, inLoop, true)
				return false
			case *ast.TypeSwitchStmt:
				visit(x.Body, inLoop, true)
				return false
			case *ast.SelectStmt:
				visit(x.Body, inLoop, true)
				return false
			}
			return !jumps
		})
	}
	visit(n, loop, loop)
	return jumps
}
