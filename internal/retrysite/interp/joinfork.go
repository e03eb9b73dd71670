package interp

import (
	"go/ast"
	"maps"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
)

// joinFork reports whether the undecided fork ending block b, inside the
// loop under study (in), decides no exit: both of its sides stay in the
// loop and meet again after the statement that forks, because that
// statement (an if, or the head of a loop nested in the loop under
// study) holds no return, goto, and no break or continue aimed outside
// it, or because both sides reach the same exits of the loop (blocks out
// of it, returns) without coming back to the fork (`if conn.IsBusy() {
// continue }` before a sleep and a continue: sameExits). Whatever decides
// such a fork (a setting read into a local, the length of a list of
// headers) can count no attempts: a count ends the loop, and no path of
// this fork does. An if whose branches jump to different exits stays an
// exit for nonCountFork to judge.
func (fi *FuncInfo) joinFork(b *cfg.Block, in Scope) bool {
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
		return s.Init == nil && !bodyscan.JumpsOut(s.Body, false) && (s.Else == nil || !bodyscan.JumpsOut(s.Else, false)) || sameExits(b, in)
	case *ast.RangeStmt:
		return !bodyscan.JumpsOut(s.Body, true)
	case *ast.ForStmt:
		return !bodyscan.JumpsOut(s.Body, true)
	}
	return false
}

// sameExits reports whether both sides of fork b reach the same exits of
// the loop in (a block out of it, or one with no successor) without
// passing through b again, and either both may come back to b or neither
// can: a side that only leaves (`if i > max { break }`) while the other
// goes round decides an exit, whatever exit the round reaches later.
func sameExits(b *cfg.Block, in Scope) bool {
	exits := func(from *cfg.Block) (map[int32]bool, bool) {
		seen, res, back := map[*cfg.Block]bool{b: true}, map[int32]bool{}, false
		for stack := []*cfg.Block{from}; len(stack) > 0; {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch {
			case x == b:
				back = true
			case seen[x]:
			case !in(x) || len(x.Succs) == 0:
				res[x.Index] = true
			default:
				seen[x] = true
				stack = append(stack, x.Succs...)
			}
		}
		return res, back
	}
	e0, back0 := exits(b.Succs[0])
	e1, back1 := exits(b.Succs[1])
	return back0 == back1 && maps.Equal(e0, e1)
}
