package countsoutside

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
)

// CountsOutside reports whether a loop's operation is a function
// literal that counts in a variable declared outside it and tests that
// variable in a condition (n++; if n == 3 { return nil }): its outcome
// may end the loop after a count the model does not run across calls of
// the literal, so a loop that looks unbounded is unknown. One guard for
// a same-package helper given the literal (funcvals.go) and another
// package's helper bound to it (retrysite's bindCall): both reach the
// literal through funcTargets. A captured variable the literal only writes or logs counts
// nothing that ends the loop.
func CountsOutside(x *valueindex.Index, ops []*site.Op) bool {
	m := &model{x}
	for _, op := range ops {
		if op.Call == nil {
			continue
		}
		ts, _ := m.FuncValueTargets(op.Call.Fun)
		for _, t := range ts {
			if t.Lit != nil && litReturnsError(m.Info(), t.Lit) && m.litCountsOutside(t.Lit) {
				return true
			}
		}
	}
	return false
}

// litCountsOutside reports whether lit writes a variable declared
// outside it and reads it in a condition of its own.
func (m *model) litCountsOutside(lit *ast.FuncLit) bool {
	outer := func(x ast.Expr) *types.Var {
		if v, ok := m.Info().Uses[typesx.IdentOf(x)].(*types.Var); ok && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) && countable(v.Type()) {
			return v
		}
		return nil
	}
	written := make(map[*types.Var]bool)
	var conds []ast.Expr
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if v := outer(l); v != nil {
					written[v] = true
				}
			}
		case *ast.IncDecStmt:
			if v := outer(n.X); v != nil {
				written[v] = true
			}
		case *ast.IfStmt:
			// A condition that may end the loop decides a return of
			// the literal (if n == 3 { return nil }); one that only
			// changes what the next call does (if url != "" { url = ""
			// }) counts nothing.
			if typesx.ReturnsIn(n.Body) || n.Else != nil && typesx.ReturnsIn(n.Else) {
				conds = append(conds, n.Cond)
			}
		case *ast.ForStmt:
			if n.Cond != nil {
				conds = append(conds, n.Cond)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && typesx.ReturnsIn(n.Body) {
				conds = append(conds, n.Tag)
			}
		case *ast.CaseClause:
			if typesx.ReturnsIn(&ast.BlockStmt{List: n.Body}) {
				conds = append(conds, n.List...)
			}
		}
		return true
	})
	if len(written) == 0 {
		return false
	}
	for _, c := range conds {
		var found *types.Var
		ast.Inspect(c, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := m.Info().Uses[id].(*types.Var); ok && written[v] {
					found = v
				}
			}
			return found == nil
		})
		if found != nil && !m.disarmedCountdown(lit, found) {
			return true
		}
	}
	return false
}

// countable reports whether a variable of type t can hold a count or a
// flag: a number, a bool or a string, or a pointer to one. An error the
// literal stores in its caller's variable (err = op(); if err != nil {
// return err }) ends nothing the loop does not see.
func countable(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// disarmedCountdown reports whether v, a variable written by lit and
// declared outside it, is a countdown that by default never runs out: the
// literal only decrements it under `if v > 0` and only tests it with
// `v == 0` or `v > 0`, and outside the literal v is set only by
//
//	if opt == nil { v = -1 } else { v = int(*opt) }
//
// (after a bare declaration) with opt an option the package never sets
// (a field whose only writes leave it nil, or copy another such field):
// at its default, -1, the count stays below zero and ends nothing, the
// way pulsar's MaxReconnectToBroker means "forever" when unset.
func (m *model) disarmedCountdown(lit *ast.FuncLit, v *types.Var) bool {
	is := typesx.VarIs(m.Info(), v)
	isCmp := func(x ast.Expr, op token.Token, val int64) bool {
		b, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok || b.Op != op || !is(b.X) {
			return false
		}
		c := m.Info().Types[b.Y].Value
		if c == nil || c.Kind() != constant.Int {
			return false
		}
		n, exact := constant.Int64Val(c)
		return exact && n == val
	}
	// Inside the literal.
	ok := true
	var guards []*ast.IfStmt
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if isCmp(n.Cond, token.GTR, 0) {
				guards = append(guards, n)
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				ok = n.Tok == token.DEC && slices.ContainsFunc(guards, func(g *ast.IfStmt) bool {
					return g.Body.Pos() <= n.Pos() && n.End() <= g.Body.End()
				})
			}
		case *ast.AssignStmt:
			ok = !slices.ContainsFunc(n.Lhs, is)
		case *ast.UnaryExpr:
			ok = n.Op != token.AND || !is(n.X)
		}
		return ok
	})
	if !ok {
		return false
	}
	// Every read is a test against 0 or the decrement.
	var reads int
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if isCmp(n, token.EQL, 0) || isCmp(n, token.GTR, 0) {
				reads++
				return false
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				reads++
				return false
			}
		case *ast.Ident:
			if m.Info().Uses[n] == v {
				ok = false
			}
		}
		return ok
	})
	if !ok || reads == 0 {
		return false
	}
	// Outside the literal, in the function that declares v.
	scope := m.DeclBodyOf(lit)
	if scope == nil || v.Pos() < scope.Pos() || v.Pos() >= scope.End() {
		return false
	}
	var sel *ast.IfStmt
	ast.Inspect(scope, func(n ast.Node) bool {
		if !ok || n == lit {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if sel == nil && m.optionDefault(n, is) {
				sel = n
				return false
			}
		case *ast.ValueSpec:
			for _, name := range n.Names {
				if m.Info().Defs[name] == v && len(n.Values) != 0 {
					ok = false
				}
			}
		case *ast.AssignStmt:
			ok = !slices.ContainsFunc(n.Lhs, is)
		case *ast.IncDecStmt:
			ok = !is(n.X)
		case *ast.UnaryExpr:
			ok = n.Op != token.AND || !is(n.X)
		}
		return ok
	})
	return ok && sel != nil
}

// optionDefault reports whether s is `if opt == nil { v = C } else { v =
// E }` with C a negative constant and opt an option field the package
// leaves nil by default.
func (m *model) optionDefault(s *ast.IfStmt, is func(ast.Expr) bool) bool {
	cmp, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || cmp.Op != token.EQL || s.Init != nil || !m.Info().Types[cmp.Y].IsNil() || !m.leftNil(cmp.X, 0) {
		return false
	}
	one := func(list []ast.Stmt) (*ast.AssignStmt, bool) {
		if len(list) != 1 {
			return nil, false
		}
		a, ok := list[0].(*ast.AssignStmt)
		if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 || !is(a.Lhs[0]) {
			return nil, false
		}
		return a, true
	}
	a, ok := one(s.Body.List)
	if !ok {
		return false
	}
	c := m.Info().Types[a.Rhs[0]].Value
	if c == nil || c.Kind() != constant.Int || constant.Sign(c) >= 0 {
		return false
	}
	e, ok := s.Else.(*ast.BlockStmt)
	if !ok {
		return false
	}
	_, ok = one(e.List)
	return ok
}

// leftNil reports whether x, a field, is nil unless the package's user
// sets it: every write the package makes leaves it nil or copies another
// such field.
func (m *model) leftNil(x ast.Expr, depth int) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok || depth > 2 {
		return false
	}
	f, _ := m.Info().Uses[sel.Sel].(*types.Var)
	if f == nil || !f.IsField() {
		return false
	}
	ws, ok := m.ReachingWrites(f)
	if !ok {
		return false
	}
	for _, w := range ws {
		switch {
		case w.Zero:
		case w.X != nil && m.Info().Types[w.X].IsNil():
		case w.X != nil && m.leftNil(w.X, depth+1):
		default:
			return false
		}
	}
	return true
}

func litReturnsError(info *types.Info, lit *ast.FuncLit) bool {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	return !ok || typesx.ErrorResult(sig.Results()) >= 0
}
