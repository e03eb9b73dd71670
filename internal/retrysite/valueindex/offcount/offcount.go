package offcount

import (
	"go/ast"
	"go/token"
	"go/types"
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
		if !ok {
			break
		}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if !ok {
				return false
			}
			if sel, isSel := n.(*ast.SelectorExpr); isSel && m.fieldOf(sel) == v {
				read, on := m.switchRead(sel, stack)
				if !read {
					ok = false
					return false
				}
				if on && first == nil {
					first = sel
				}
			}
			stack = append(stack, n)
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

func (m reader) isZeroOrNil(x ast.Expr) bool { return IsZeroOrNil(m.info, x) }

// fieldOf returns the field sel selects, nil when it selects none.
func (m reader) fieldOf(sel *ast.SelectorExpr) *types.Var {
	s, ok := m.info.Selections[sel]
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
	for i >= 0 {
		p, isParen := parents[i].(*ast.ParenExpr)
		if !isParen {
			break
		}
		x = p
		i--
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
	v := m.fieldOf(sel)
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
		if isSel && m.fieldOf(sel) == v {
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
	op, other := b.Op, b.Y
	switch x {
	case b.X:
	case b.Y:
		other = b.X
		switch op {
		case token.GTR:
			op = token.LSS
		case token.LSS:
			op = token.GTR
		case token.GEQ:
			op = token.LEQ
		case token.LEQ:
			op = token.GEQ
		}
	default:
		return 0, false
	}
	return op, m.isZeroOrNil(other)
}

// localTested reports whether local, defined in the innermost function
// among parents, is tested there as a switch turned on (local > 0,
// local != 0).
func (m reader) localTested(local *types.Var, parents []ast.Node) bool {
	var scope ast.Node
	for i := len(parents) - 1; i >= 0; i-- {
		switch parents[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			scope = parents[i]
		}
		if scope != nil {
			break
		}
	}
	if scope == nil {
		return false
	}
	tested := false
	ast.Inspect(scope, func(n ast.Node) bool {
		b, isBin := n.(*ast.BinaryExpr)
		if !isBin || tested {
			return !tested
		}
		for _, side := range []ast.Expr{b.X, b.Y} {
			if id, isId := ast.Unparen(side).(*ast.Ident); isId && m.info.Uses[id] == local {
				if op, ok := m.zeroTest(b, side); ok && (op == token.GTR || op == token.NEQ) {
					tested = true
				}
			}
		}
		return true
	})
	return tested
}

// ConfigPath names the field read by sel from the named struct type it is
// reached from: child.conf.Consumer.Retry.Max is Config.Consumer.Retry.Max.
func ConfigPath(info *types.Info, sel *ast.SelectorExpr) string {
	path := sel.Sel.Name
	x := ast.Unparen(sel.X)
	for {
		t := info.TypeOf(x)
		if p, isPtr := t.(*types.Pointer); isPtr {
			t = p.Elem()
		}
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
	for _, f := range files {
		if pos < f.Pos() || pos >= f.End() {
			continue
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
	return nil
}
