package libsite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file reads how a library counts from its table in
// internal/knowledge (BoundTable): which setting bounds the attempts,
// whether it counts attempts or retries, what zero and the default mean.

// attachLibDetails fills in a library site's bound, waits, outcomes and
// timeouts from its settings.
func (m *Reader) attachLibDetails(s *site.Site) {
	if s.Lib.Reference {
		m.referenceDetails(s)
		return
	}
	s.Bound = m.libBound(s)
	m.ops.Library(s)
	m.libWaits(s)
	m.libOutcomes(s)
	m.timeouts.Library(s)
}

// countSetting builds a bound from a setting's count argument.
// attempts says whether the library counts attempts (else retries);
// zeroUnbounded whether zero means no limit.
func (m *Reader) countSetting(s *site.Site, st *site.Setting, arg int, attempts, zeroUnbounded bool) (b site.Bound) {
	x := st.Arg(arg)
	var n int64
	var ok bool
	notes := m.CollectDefaultNotes(func() { n, ok = m.IntValue(x) })
	if !ok {
		return site.Bound{Kind: site.BoundUnknown, Expr: x}
	}
	if len(notes) > 0 {
		defer func() {
			b = notes[0].Annotate(m.Index, b)
			if notes[0].At != nil && b.Lit == nil {
				b.Expr = notes[0].At // the default's own write
			}
		}()
	}
	if n == 0 && zeroUnbounded || n < 0 {
		return site.Bound{Kind: site.BoundUnbounded, Expr: x, Why: fmt.Sprintf("%s %s(%d) retries until the operation succeeds", s.Lib.Name, st.Name, n)}
	}
	b = site.Bound{Kind: site.BoundKnown, Expr: x}
	var unit string
	if attempts {
		b.Retries = int(n) - 1
		unit = site.CountedAttempts(int(n))
		b.LitIsAttempts = true
	} else {
		b.Retries = int(n)
		unit = fmt.Sprintf("%d %s", n, report.Plural(int(n), "retry", "retries"))
	}
	if _, isCall := st.Node.(*ast.CallExpr); isCall {
		b.Counted = fmt.Sprintf("%s(%d) = %s", st.Name, n, unit)
	} else {
		b.Counted = fmt.Sprintf("%s %d = %s", st.Name, n, unit)
	}
	if lit, ok := ast.Unparen(x).(*ast.BasicLit); ok {
		b.Lit = lit
	}
	b.Retries = max(b.Retries, 0)
	return b
}

// tableBound is the bound a table gives as a Fixed count or as the
// reason it is Unbounded; ok is false when it gives neither.
func tableBound(f *knowledge.Fixed, unbounded string) (b site.Bound, ok bool) {
	switch {
	case f != nil:
		return site.Bound{Kind: site.BoundKnown, Retries: f.Retries, Counted: f.Counted}, true
	case unbounded != "":
		return site.Bound{Kind: site.BoundUnbounded, Why: unbounded}, true
	}
	return site.Bound{Kind: site.BoundUnknown}, false
}

// libBound reads a library site's bound from its table
// (knowledge.BoundTable): the first group whose last present count
// decides, else the first default that applies.
func (m *Reader) libBound(s *site.Site) site.Bound {
	t := s.Lib.Bound
	for _, g := range t.Groups {
		names := make([]string, len(g))
		for i, c := range g {
			names[i] = c.Setting
		}
		st := s.Last(names...)
		if st == nil {
			continue
		}
		for _, c := range g {
			if c.Setting == st.Name {
				return m.countBound(s, st, c)
			}
		}
	}
	if b, ok := m.callerBound(s); ok { // callercfg.go
		return b
	}
	for _, d := range t.Defaults {
		if !defaultApplies(s, d) {
			continue
		}
		if d.NotOpaque && s.Opaque {
			return site.Bound{Kind: site.BoundUnknown}
		}
		b, _ := tableBound(d.Fixed, d.Unbounded)
		return b
	}
	return site.Bound{Kind: site.BoundUnknown}
}

// countBound is the bound a count setting of a table sets.
func (m *Reader) countBound(s *site.Site, st *site.Setting, c knowledge.Count) site.Bound {
	if b, ok := tableBound(c.Fixed, c.Unbounded); ok {
		return b
	}
	if c.NonPositive != nil {
		if n, ok := m.IntValue(st.Arg(c.Arg)); ok && n <= 0 {
			counted := fmt.Sprintf(c.NonPositive.Counted, st.Name, n)
			return site.Bound{Kind: site.BoundKnown, Retries: c.NonPositive.Retries, Counted: counted}
		}
	}
	return m.countSetting(s, st, c.Arg, c.Attempts, c.ZeroUnbounded)
}

// defaultApplies reports whether a table's default bound applies to a
// site: its settings are present.
func defaultApplies(s *site.Site, d knowledge.DefaultBound) bool {
	for _, n := range d.If {
		if s.Last(n) == nil {
			return false
		}
	}
	if len(d.IfAny) > 0 && s.Last(d.IfAny...) == nil {
		return false
	}
	return !d.PackageCall || len(s.Settings) == 1 && !s.Opaque && typesx.IsPackageFunc(s.Settings[0].Obj)
}

// IntValue evaluates an integer expression: a constant, or a local
// variable whose only definitions are the same constant.
func (m *Reader) IntValue(x ast.Expr) (int64, bool) {
	if x == nil {
		return 0, false
	}
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil {
		v := constant.ToInt(tv.Value)
		if v.Kind() == constant.Int {
			return constant.Int64Val(v)
		}
		return 0, false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if v, ok := m.info.Uses[id].(*types.Var); ok {
			if n, ok := m.singleConstDef(v); ok {
				return n, true
			}
		}
	}
	return m.WriteInt(x) // values.go: fields, package variables, locals set from them
}

// singleConstDef returns the value of a local variable whose every
// definition is the same integer constant.
func (m *Reader) singleConstDef(v *types.Var) (int64, bool) {
	if v.Parent() == nil || v.Parent() == m.pkg.Scope() {
		return 0, false // package variables may be set anywhere
	}
	var val int64
	found, ok := false, true
	isV := func(x ast.Expr) bool { return m.info.Uses[typesx.IdentOf(x)] == v }
	def := func(x ast.Expr) { // nil: the zero value
		c, exact := int64(0), true
		if x != nil {
			tv := m.info.Types[x]
			if tv.Value == nil {
				ok = false
				return
			}
			c, exact = constant.Int64Val(constant.ToInt(tv.Value))
		}
		if !exact || found && c != val {
			ok = false
		}
		val, found = c, true
	}
	if f := typesx.FileOf(m.pass.Files, v.Pos()); f != nil {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if typesx.VarOf(m.info, l) != v {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
						ok = false
					} else {
						def(n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if m.info.Defs[name] == v && i < len(n.Values) {
						def(n.Values[i])
					} else if m.info.Defs[name] == v {
						def(nil)
					}
				}
			case *ast.IncDecStmt:
				ok = ok && !isV(n.X)
			case *ast.UnaryExpr:
				ok = ok && !(n.Op == token.AND && isV(n.X))
			}
			return true
		})
	}
	return val, found && ok
}

// DurationValue evaluates a constant time.Duration expression.
func (m *Reader) DurationValue(x ast.Expr) (time.Duration, bool) {
	n, ok := m.IntValue(x)
	return time.Duration(n), ok
}

// floatValue evaluates a constant float expression (factors, jitter).
func (m *Reader) floatValue(x ast.Expr) (float64, bool) {
	if x == nil {
		return 0, false
	}
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil {
		f, _ := constant.Float64Val(constant.ToFloat(tv.Value))
		return f, true
	}
	return 0, false
}
