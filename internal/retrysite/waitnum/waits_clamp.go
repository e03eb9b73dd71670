package waitnum

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Two more forms of a cap the wait interpreter reads when their
// condition is undecided (a limit it cannot see):
//
//   - the cap written with an else, the two branches assigning the two
//     sides of the comparison, maybe behind an overflow guard the
//     interpreter decides: `if math.IsInf(b, 0) || b >= float64(max) {
//     d = max } else { d = time.Duration(b) }` is d = min(b, max);
//   - the default of a setting it cannot see: `if max <= 0 { max =
//     defaultMax }`, where max is a stand-in that does not change between
//     attempts. Either value is constant over the attempts, which is all
//     the shape needs: max stays the stand-in (a limit taken not to bind).

// clampElse applies `if [guard ||] L op R { v = A } else { v = B }` with
// {A, B} the two sides of the comparison, conversions aside.
func (ip *winterp) clampElse(s *ast.IfStmt) bool {
	els, ok := s.Else.(*ast.BlockStmt)
	if !ok || len(s.Body.List) != 1 || len(els.List) != 1 {
		return false
	}
	a, ok1 := s.Body.List[0].(*ast.AssignStmt)
	b, ok2 := els.List[0].(*ast.AssignStmt)
	if !ok1 || !ok2 || len(a.Lhs) != 1 || len(a.Rhs) != 1 || len(b.Lhs) != 1 || len(b.Rhs) != 1 ||
		a.Tok != token.ASSIGN || b.Tok != token.ASSIGN {
		return false
	}
	v := ip.localVar(a.Lhs[0])
	if v == nil || ip.localVar(b.Lhs[0]) != v {
		return false
	}
	cmp := ip.guardedComparison(s.Cond)
	if cmp == nil {
		return false
	}
	cmp = &ast.BinaryExpr{X: stripConversions(ip.m.info, cmp.X), Op: cmp.Op, Y: stripConversions(ip.m.info, cmp.Y)}
	val, ok := ip.clampValue(cmp, stripConversions(ip.m.info, a.Rhs[0]), stripConversions(ip.m.info, b.Rhs[0]))
	if !ok {
		return false
	}
	ip.env[v] = val
	return true
}

// guardedComparison is the ordering comparison cond makes, alone or
// joined by || to guards the interpreter decides false.
func (ip *winterp) guardedComparison(cond ast.Expr) *ast.BinaryExpr {
	x, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	switch x.Op {
	case token.GTR, token.GEQ, token.LSS, token.LEQ:
		return x
	case token.LOR:
		decidedFalse := func(g ast.Expr) bool {
			c := ip.eval(g)
			return c.OK && c.IsBool && !c.Opq && !c.Rnd && c.V == 0
		}
		if decidedFalse(x.X) {
			return ip.guardedComparison(x.Y)
		}
		if decidedFalse(x.Y) {
			return ip.guardedComparison(x.X)
		}
	}
	return nil
}

// stripConversions removes numeric conversions around x: float64(d),
// time.Duration(f).
func stripConversions(info *types.Info, x ast.Expr) ast.Expr {
	for {
		x = ast.Unparen(x)
		c, ok := x.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return x
		}
		if tv, ok := info.Types[c.Fun]; !ok || !tv.IsType() || !typesx.BasicIs(tv.Type, types.IsNumeric) {
			return x
		}
		x = c.Args[0]
	}
}

// defaultIf applies `if v op K { v = D }` where v is a stand-in for a
// setting the interpreter cannot see (constant over the attempts) and D
// a constant: v stays the stand-in.
func (ip *winterp) defaultIf(s *ast.IfStmt) bool {
	if s.Else != nil || len(s.Body.List) != 1 {
		return false
	}
	a, ok := s.Body.List[0].(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || a.Tok != token.ASSIGN {
		return false
	}
	v := ip.localVar(a.Lhs[0])
	if v == nil {
		return false
	}
	cmp, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || ip.localVar(cmp.X) != v {
		return false
	}
	if tv, ok := ip.m.info.Types[cmp.Y]; !ok || tv.Value == nil {
		return false
	}
	if tv, ok := ip.m.info.Types[a.Rhs[0]]; !ok || tv.Value == nil {
		return false
	}
	cur := ip.eval(cmp.X)
	return cur.OK && cur.Opq && !cur.Vary && !cur.Rnd
}
