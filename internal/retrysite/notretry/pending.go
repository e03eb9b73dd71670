package notretry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"slices"

	"github.com/retrylint/retrylint/internal/knowledge"
)

// Polls a protocol asks for.
//
// Some protocols answer "not yet" with an error and ask the client to ask
// again: the OAuth device flow's token endpoint answers
// authorization_pending until the user approves, slow_down when polled
// too often (knowledge.IsPendingAnswer). A loop whose only ways back to
// its top are continue statements under such an answer (a switch case
// whose values are all pending answers, or an if comparing with one),
// and whose body's end cannot be reached, waits for the user, as a state
// poll does: it is not a retry. Any other way back (a continue on a
// timeout, a statement that falls through to the next iteration) keeps
// it one.

// RetriesOnlyWhilePending reports whether loop goes back to its top only
// on a protocol's pending answer (see above).
func (m *Rules) RetriesOnlyWhilePending(loop ast.Stmt, g *Group) bool {
	body := loopBody(loop)
	if body == nil || len(body.List) == 0 || len(g.Calls) == 0 || !terminates(body.List[len(body.List)-1]) {
		return false
	}
	conts, ok := 0, true
	var walk func(n ast.Node, guard ast.Node)
	walk = func(n ast.Node, guard ast.Node) {
		if !ok || n == nil {
			return
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			// An unlabeled continue in an inner loop is that
			// loop's; a labeled one may name ours: not decided.
			ast.Inspect(n, func(x ast.Node) bool {
				b, isB := x.(*ast.BranchStmt)
				ok = ok && !(isB && b.Tok == token.CONTINUE && b.Label != nil)
				return ok
			})
			return
		case *ast.BranchStmt:
			if n.Tok == token.GOTO || n.Tok == token.CONTINUE && n.Label != nil {
				ok = false
				return
			}
			if n.Tok == token.CONTINUE {
				conts++
				ok = guard != nil && m.pendingGuard(guard)
			}
			return
		case *ast.IfStmt:
			walk(n.Init, guard)
			walk(n.Body, n)
			walk(n.Else, nil)
			return
		case *ast.CaseClause:
			for _, s := range n.Body {
				walk(s, n)
			}
			return
		}
		ast.Inspect(n, func(x ast.Node) bool {
			if x == n {
				return true
			}
			switch x.(type) {
			case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.BranchStmt, *ast.IfStmt, *ast.CaseClause:
				walk(x, guard)
				return false
			}
			return ok
		})
	}
	for _, st := range body.List {
		walk(st, nil)
	}
	return ok && conts > 0
}

// pendingGuard reports whether guard, the if or case clause a continue
// is under, holds only for pending answers: a case whose values all are
// one, or an if whose condition compares with one (x == pending).
func (m *Rules) pendingGuard(guard ast.Node) bool {
	switch g := guard.(type) {
	case *ast.CaseClause:
		return len(g.List) > 0 && !slices.ContainsFunc(g.List, func(v ast.Expr) bool { return !m.pendingValue(v) }) // not default
	case *ast.IfStmt:
		b, isBin := ast.Unparen(g.Cond).(*ast.BinaryExpr)
		return isBin && b.Op == token.EQL && (m.pendingValue(b.X) || m.pendingValue(b.Y))
	}
	return false
}

// pendingValue reports whether x is a constant holding a pending answer.
func (m *Rules) pendingValue(x ast.Expr) bool {
	tv, ok := m.info.Types[x]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String && knowledge.IsPendingAnswer(constant.StringVal(tv.Value))
}

// terminates reports whether control cannot flow past st: a return, a
// continue, a switch with a default whose every clause ends so, an if
// and else that both do, or a block ending in one.
func terminates(st ast.Stmt) bool {
	switch s := st.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.CONTINUE && s.Label == nil
	case *ast.BlockStmt:
		return len(s.List) > 0 && terminates(s.List[len(s.List)-1])
	case *ast.IfStmt:
		return s.Else != nil && terminates(s.Body) && terminates(s.Else)
	case *ast.SwitchStmt:
		def := false
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			def = def || cc.List == nil
			if len(cc.Body) == 0 || !terminates(cc.Body[len(cc.Body)-1]) {
				return false
			}
		}
		return def
	}
	return false
}
