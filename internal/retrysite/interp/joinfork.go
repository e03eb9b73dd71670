package interp

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
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
		return s.Init == nil && !bodyscan.JumpsOut(s.Body, false) && (s.Else == nil || !bodyscan.JumpsOut(s.Else, false))
	case *ast.RangeStmt:
		return !bodyscan.JumpsOut(s.Body, true)
	case *ast.ForStmt:
		return !bodyscan.JumpsOut(s.Body, true)
	}
	return false
}
