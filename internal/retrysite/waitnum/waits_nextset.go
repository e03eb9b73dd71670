package waitnum

import (
	"go/ast"
	"go/token"
)

// A loop that waits first and then runs the operation may set the next
// wait on its failure path: wait(d); resp, err := op(); if err != nil {
// d = next(attempt); continue }; return resp. When the statements after
// such an `if` (undecided, no else, its body assignments and calls only,
// ending in a continue of the loop under study) certainly leave the loop
// (they end in a return or a call that does not return, with no continue
// or goto on the way), the branch is the only path to the next attempt:
// the interpreter takes it, assignments included, so that the wait is
// sampled as the loop computes it and a wait reassigned on the way back
// is never read as the fixed value it held before the loop. Where the
// loop can also go on after the `if`, the branch stays a path of its own
// (waits_next.go).

// nextAttemptSets reports whether s, undecided, is that branch.
func (ip *winterp) nextAttemptSets(s *ast.IfStmt) bool {
	if ip.fn || !ip.recorded || s.Else != nil || len(s.Body.List) == 0 {
		return false
	}
	br, ok := s.Body.List[len(s.Body.List)-1].(*ast.BranchStmt)
	if !ok || br.Tok != token.CONTINUE || br.Label != nil || ip.nestedLoop(s) {
		return false
	}
	assigns := false
	for _, st := range s.Body.List[:len(s.Body.List)-1] {
		switch st.(type) {
		case *ast.ExprStmt:
		case *ast.AssignStmt:
			assigns = true
		default:
			return false
		}
	}
	if !assigns {
		return false
	}
	rest := ip.after(s)
	if len(rest) == 0 || !ip.leaves(rest) {
		return false
	}
	return true
}

// after returns the statements that follow s in the list that holds it,
// within the region under study.
func (ip *winterp) after(s ast.Stmt) []ast.Stmt {
	var rest []ast.Stmt
	ast.Inspect(ip.region, func(n ast.Node) bool {
		if rest != nil || n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		default:
			return n.Pos() <= s.Pos() && s.End() <= n.End()
		}
		for i, st := range list {
			if st == s {
				rest = list[i+1:]
				if rest == nil {
					rest = []ast.Stmt{}
				}
				return false
			}
		}
		return n.Pos() <= s.Pos() && s.End() <= n.End()
	})
	return rest
}

// leaves reports whether list ends in a return or a call that does not
// return, with no continue or goto in it.
func (ip *winterp) leaves(list []ast.Stmt) bool {
	switch last := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
	case *ast.ExprStmt:
		call, ok := last.X.(*ast.CallExpr)
		if !ok || ip.m.MayReturn(call) {
			return false
		}
	default:
		return false
	}
	back := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok || back {
				return false
			}
			if b, ok := n.(*ast.BranchStmt); ok && (b.Tok == token.CONTINUE || b.Tok == token.GOTO) {
				back = true
			}
			return !back
		})
	}
	return !back
}
