package offcount

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// reader reads the code of one package.
type reader struct {
	info *types.Info
	pkg  *types.Package
}

// SwitchRead returns a read of field v in files that tests it as a
// switch turned on, or nil when some read of v is no switch (see the
// package doc).
func SwitchRead(files []*ast.File, info *types.Info, pkg *types.Package, v *types.Var) *ast.SelectorExpr {
	m := reader{info, pkg}
	var first *ast.SelectorExpr
	ok := true
	for _, f := range files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			if !ok {
				return false
			}
			if sel, isSel := n.(*ast.SelectorExpr); isSel && FieldOf(info, sel) == v {
				read, on := m.switchRead(sel, stack)
				if !read {
					ok = false
					return false
				}
				if on && first == nil {
					first = sel
				}
			}
			return true
		})
	}
	if !ok {
		return nil
	}
	return first
}

// IsZeroOrNil reports whether x is the constant 0 or nil.
func IsZeroOrNil(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[x]
	return ok && (tv.IsNil() || tv.Value != nil && tv.Value.ExactString() == "0")
}

// FieldOf returns the field x selects, nil when it selects none.
func FieldOf(info *types.Info, x ast.Expr) *types.Var {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	return v
}

// switchRead reports whether sel, with its ancestors, is a read of a
// field tested against zero as a switch, read once the switch is on, or
// copied into a local so tested; on, whether the read shows that zero is
// off (a `< 0` validation does not).
func (m reader) switchRead(sel *ast.SelectorExpr, parents []ast.Node) (read, on bool) {
	var x ast.Expr = sel
	i := len(parents) - 1
	for ; i >= 0; i-- {
		p, isParen := parents[i].(*ast.ParenExpr)
		if !isParen {
			break
		}
		x = p
	}
	if i < 0 {
		return false, false
	}
	if m.switchGuarded(sel, parents) {
		return true, true
	}
	switch p := parents[i].(type) {
	case *ast.BinaryExpr:
		op, ok := m.zeroTest(p, x)
		return ok && (op == token.GTR || op == token.NEQ || op == token.LSS), op == token.GTR || op == token.NEQ
	case *ast.AssignStmt:
		if len(p.Lhs) != 1 || len(p.Rhs) != 1 || p.Rhs[0] != x || (p.Tok != token.DEFINE && p.Tok != token.ASSIGN) {
			return false, false
		}
		id, isId := p.Lhs[0].(*ast.Ident)
		if !isId {
			return false, false
		}
		local, _ := m.info.ObjectOf(id).(*types.Var)
		if local == nil || local.IsField() || local.Parent() == m.pkg.Scope() {
			return false, false
		}
		tested := m.localTested(local, parents[:i])
		return tested, tested
	}
	return false, false
}

// switchGuarded reports whether sel is read only once a test of the same
// field turned the switch on: the right of `cfg.Max > 0 && n >= cfg.Max`,
// or the body of `if cfg.Max != 0 { ... }`.
func (m reader) switchGuarded(sel *ast.SelectorExpr, parents []ast.Node) bool {
	v := FieldOf(m.info, sel)
	var inner ast.Node = sel
	for i := len(parents) - 1; i >= 0; i-- {
		var cond ast.Expr
		switch p := parents[i].(type) {
		case *ast.BinaryExpr:
			if p.Op == token.LAND && p.Y == inner {
				cond = p.X
			}
		case *ast.IfStmt:
			if p.Body == inner {
				cond = p.Cond
			}
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		if cond != nil && m.switchOn(cond, v) {
			return true
		}
		inner = parents[i]
	}
	return false
}

// switchOn reports whether one of the conjuncts of cond tests field v
// read directly as on: v > 0, v != 0.
func (m reader) switchOn(cond ast.Expr, v *types.Var) bool {
	cond = ast.Unparen(cond)
	b, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LAND {
		return m.switchOn(b.X, v) || m.switchOn(b.Y, v)
	}
	for _, side := range []ast.Expr{b.X, b.Y} {
		sel, isSel := ast.Unparen(side).(*ast.SelectorExpr)
		if isSel && FieldOf(m.info, sel) == v {
			if op, ok := m.zeroTest(b, side); ok && (op == token.GTR || op == token.NEQ) {
				return true
			}
		}
	}
	return false
}

// zeroTest returns the comparison b makes of x with the constant 0, as if
// x were on the left (0 < x is x > 0).
func (m reader) zeroTest(b *ast.BinaryExpr, x ast.Expr) (token.Token, bool) {
	switch x {
	case b.X:
		return b.Op, IsZeroOrNil(m.info, b.Y)
	case b.Y:
		return typesx.MirrorOp(b.Op), IsZeroOrNil(m.info, b.X)
	}
	return 0, false
}

// localTested reports whether local, defined in the innermost function
// among parents, is tested there as a switch turned on (local > 0,
// local != 0).
func (m reader) localTested(local *types.Var, parents []ast.Node) bool {
	var scope ast.Node
	for i := len(parents) - 1; i >= 0 && scope == nil; i-- {
		switch parents[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			scope = parents[i]
		}
	}
	if scope == nil {
		return false
	}
	tested := false
	return typesx.InspectUntil(&tested, scope, func(n ast.Node) bool {
		if b, isBin := n.(*ast.BinaryExpr); isBin {
			for _, side := range []ast.Expr{b.X, b.Y} {
				if id, isId := ast.Unparen(side).(*ast.Ident); isId && m.info.Uses[id] == local {
					op, ok := m.zeroTest(b, side)
					tested = tested || ok && (op == token.GTR || op == token.NEQ)
				}
			}
		}
		return true
	})
}

// ConfigPath names the field read by sel from the named struct type it is
// reached from: child.conf.Consumer.Retry.Max is Config.Consumer.Retry.Max.
func ConfigPath(info *types.Info, sel *ast.SelectorExpr) string {
	path := sel.Sel.Name
	x := ast.Unparen(sel.X)
	for {
		t := typesx.Deref(info.TypeOf(x))
		if named, isNamed := t.(*types.Named); isNamed {
			return named.Obj().Name() + "." + path
		}
		s, isSel := x.(*ast.SelectorExpr)
		if !isSel {
			return path
		}
		path = s.Sel.Name + "." + path
		x = ast.Unparen(s.X)
	}
}

// LiteralAt finds the composite literal of files that starts at pos.
func LiteralAt(files []*ast.File, pos token.Pos) ast.Expr {
	f := typesx.FileOf(files, pos)
	if f == nil {
		return nil
	}
	var lit ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if lit != nil || n == nil || n.End() <= pos || n.Pos() > pos {
			return false
		}
		if cl, ok := n.(*ast.CompositeLit); ok && cl.Pos() == pos {
			lit = cl
		}
		return true
	})
	return lit
}
