package interp

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/cfg"
)

// joinFork reports whether the undecided fork ending block b, inside the
// loop under study (in), decides no exit: both of its sides stay in the
// loop and meet again after the statement that forks, because that
// statement (an if, or the head of a loop nested in the loop under
// study) holds no return, goto, and no break or continue aimed outside
// it. Whatever decides such a fork (a setting read into a local, the
// length of a list of headers) can count no attempts: a count ends the
// loop, and no path of this fork does. An if whose branches jump stays
// an exit for nonCountFork to judge.
func (fi *funcInfo) joinFork(b *cfg.Block, in scope) bool {
	if in == nil || len(b.Succs) != 2 || !in(b.Succs[0]) || !in(b.Succs[1]) {
		return false
	}
	var stmt ast.Stmt
	switch b.Kind {
	case cfg.KindRangeLoop, cfg.KindForLoop:
		stmt = b.Stmt
	default:
		if s := b.Succs[0]; s.Kind == cfg.KindIfThen {
			stmt = s.Stmt
		}
	}
	switch s := stmt.(type) {
	case *ast.IfStmt:
		if s.Init != nil {
			return false
		}
		return !jumpsOut(s.Body, false) && (s.Else == nil || !jumpsOut(s.Else, false))
	case *ast.RangeStmt:
		return !jumpsOut(s.Body, true)
	case *ast.ForStmt:
		return !jumpsOut(s.Body, true)
	}
	return false
}

// jumpsOut reports whether n holds a return, a goto, or a break or
// continue that may leave n: labeled, or not inside a loop (continue) or
// a loop, switch or select (break) of n; loop tells that n is a loop's
// body, which its own unlabeled break and continue stay in. Function
// literals are not looked into.
func jumpsOut(n ast.Node, loop bool) bool {
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
				case x.Label != nil, x.Tok == token.GOTO:
					jumps = true
				case x.Tok == token.CONTINUE && !inLoop, x.Tok == token.BREAK && !inBreakable:
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
