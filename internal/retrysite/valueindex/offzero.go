package valueindex

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

// This file gives the evaluator the value of an integer count the
// package ships at zero and reads as "off": an exported integer field of
// a configuration struct (Consumer.Retry.Max) that no code of the
// package gives a value (the user sets it directly, or leaves it at
// zero) and whose every read the package makes tests it against zero as
// a switch: `max > 0`, `max != 0` (or `< 0` in a validation), directly or
// through the local it is copied into (`if max := cfg.Max; max > 0 &&
// n >= max`). The package says in its code what a pointer count says in
// its type (offcount.go): zero is not a number of attempts but "unset".
// With the package's default the switch is off, so the count never
// stops the loop; the value is 0 and the default is noted for the
// finding ("its count, Config.Consumer.Retry.Max, is 0 unless the user
// sets it: no limit").
//
// Anything else keeps the field unknown, as values.go keeps a field with
// no default of its own: an unexported field (only the package sets it,
// and it sets it nowhere: a dead setting), a field the package writes
// anything but zero (a default, a constructor's or an option's argument),
// and a field read once as a number without the test (`for i := 0; i <=
// cfg.MaxRetries; i++`: 0 is then a count the user is meant to set) or
// tested `== 0` / `<= 0` (a default substituted, or a value refused).

// zeroCount returns 0 for an integer field the package ships off (see
// above), noting the default.
func (m *model) zeroCount(v *types.Var) (value, bool) {
	if v == nil || !v.IsField() || !v.Exported() || !m.IndexedVar(v) || !waitnum.IsInteger(v.Type()) {
		return value{}, false
	}
	if _, isPtr := v.Type().Underlying().(*types.Pointer); isPtr {
		return value{}, false
	}
	if m.zeroCounts == nil {
		m.zeroCounts = map[*types.Var]*ast.SelectorExpr{}
	}
	read, cached := m.zeroCounts[v]
	if !cached {
		read = m.zeroCountOnce(v)
		m.zeroCounts[v] = read
	}
	if read == nil {
		return value{}, false
	}
	m.ValueIndexOf().NoteDefault(v, ValueWrite{}, read)
	return interp.IntVal(0), true
}

// zeroCountOnce returns a read of v that tests it as a switch, or nil
// when v is not a count the package ships off.
func (m *model) zeroCountOnce(v *types.Var) *ast.SelectorExpr {
	if m.pass == nil || m.pass.Pkg != m.pkg {
		return nil
	}
	vx := m.ValueIndexOf()
	if vx.guarded[v] {
		return nil
	}
	for _, w := range vx.Writes[v] {
		if !w.Zero && (w.X == nil || !m.isZeroOrNil(w.X)) {
			return nil
		}
	}
	var first *ast.SelectorExpr
	ok := true
	for _, f := range m.pass.Files {
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

// fieldOf returns the field sel selects, nil when it selects none.
func (m *model) fieldOf(sel *ast.SelectorExpr) *types.Var {
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
func (m *model) switchRead(sel *ast.SelectorExpr, parents []ast.Node) (read, on bool) {
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
func (m *model) switchGuarded(sel *ast.SelectorExpr, parents []ast.Node) bool {
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
func (m *model) switchOn(cond ast.Expr, v *types.Var) bool {
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
func (m *model) zeroTest(b *ast.BinaryExpr, x ast.Expr) (token.Token, bool) {
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
func (m *model) localTested(local *types.Var, parents []ast.Node) bool {
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

// zeroCountWhy says why a loop whose count a zero default switches off
// has none: "its count, Config.Consumer.Retry.Max, is 0 unless the user
// sets it: no limit".
func (m *model) zeroCountWhy(n Note) (string, bool) {
	read := m.zeroCounts[n.V]
	if read == nil {
		return "", false
	}
	return fmt.Sprintf("its count, %s, is 0 unless the user sets it: no limit", m.configPath(read)), true
}

// configPath names the field read by sel from the named struct type it is
// reached from: child.conf.Consumer.Retry.Max is Config.Consumer.Retry.Max.
func (m *model) configPath(sel *ast.SelectorExpr) string {
	path := sel.Sel.Name
	x := ast.Unparen(sel.X)
	for {
		t := m.info.TypeOf(x)
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
