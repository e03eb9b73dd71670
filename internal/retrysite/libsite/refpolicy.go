package libsite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// This file reads the policy a call of the reference retry package is
// given (retry.Do(ctx, p, op)): the package checks it with
// policy.Settings.Resolve before the first attempt, and so does the
// model, with the values the code shows. A policy the package would
// refuse is Site.Refused, with the package's words; a policy it accepts
// gives the site its context (the Policy's own, not the directives') and
// its count, the Policy's MaxRetries or its context's default, which
// -ranges may still find outside a tightened range. Its waits and caps
// are the package's, within the standard once it accepts the policy.
//
// A policy is seen when the argument is a composite literal, or a
// variable (local, or an unexported package variable) assigned once by
// one and never addressed; fields assigned before the call (p.F = x)
// override the literal's. A field the code sets to what the model cannot
// evaluate, or changes otherwise, is unknown, and the policy is refused
// only when every value it may hold is refused (RefusedWhatever). A
// policy whose context is unknown, or that comes from a parameter, a
// call or a field, is not judged at all.

// policySource is a policy value as the code builds it.
type policySource struct {
	// at is where it is built: its composite literal, or the
	// declaration of a variable left at its zero value.
	at ast.Node
	// fields are the values of the fields set, by name; a nil value is
	// a write the model cannot read.
	fields map[string]ast.Expr
}

// referencePolicy judges the policy argument of a reference site.
func (m *Reader) referencePolicy(p policyOf, s *site.Site, call *ast.CallExpr) {
	f := p.Settings
	if f == nil {
		return
	}
	var arg ast.Expr
	for _, a := range call.Args {
		if t := m.info.TypeOf(a); t != nil && typesx.IsNamed(t, p.path, f.Type) {
			arg = a
			break
		}
	}
	src, ok := m.policySource(p.path, f.Type, arg, call.Pos())
	if !ok {
		return
	}
	var st policy.Settings
	var unknown policy.Field
	ctx, ok := m.policyInt(src, f.Context)
	if !ok {
		return // the context decides everything
	}
	st.Context = policy.Context(ctx)
	ints := []struct {
		name  string
		field policy.Field
		set   func(int64)
	}{
		{f.MaxRetries, policy.FieldMaxRetries, func(n int64) { st.MaxRetries = int(n) }},
		{f.MaxDuration, policy.FieldMaxDuration, func(n int64) { st.MaxDuration = time.Duration(n) }},
		{f.BaseDelay, policy.FieldBaseDelay, func(n int64) { st.BaseDelay = time.Duration(n) }},
		{f.MaxDelay, policy.FieldMaxDelay, func(n int64) { st.MaxDelay = time.Duration(n) }},
		{f.Jitter, policy.FieldJitter, func(n int64) { st.Jitter = policy.Jitter(n) }},
		{f.AttemptTimeout, policy.FieldAttemptTimeout, func(n int64) { st.AttemptTimeout = time.Duration(n) }},
	}
	for _, c := range ints {
		if n, ok := m.policyInt(src, c.name); ok {
			c.set(n)
		} else {
			unknown |= c.field
		}
	}
	if b, ok := m.policyBool(src, f.WebhookSchedule); ok {
		st.WebhookSchedule = b
	} else {
		unknown |= policy.FieldWebhookSchedule
	}
	if b, ok := m.policyFuncSet(src, f.DeadLetter); ok {
		st.DeadLetter = b
	} else {
		unknown |= policy.FieldDeadLetter
	}
	if r := st.RefusedWhatever(unknown); r != nil {
		s.Refused = &site.Refusal{Refusal: r, Type: p.typeName(m.pkg, f.Type), Pos: src.at.Pos(), End: src.at.End()}
		return
	}
	s.Context, s.OwnContext = st.Context, true
	if unknown&policy.FieldMaxRetries != 0 {
		return
	}
	if st.MaxRetries != 0 {
		x := src.fields[f.MaxRetries]
		s.Bound = site.Bound{Kind: site.BoundKnown, Retries: st.MaxRetries, Expr: x,
			Counted: fmt.Sprintf("%s %d = %d %s", f.MaxRetries, st.MaxRetries, st.MaxRetries, report.Plural(st.MaxRetries, "retry", "retries"))}
		if lit, ok := ast.Unparen(x).(*ast.BasicLit); ok && lit.Kind == token.INT {
			s.Bound.Lit = lit
		}
		return
	}
	n := policy.For(st.Context).DefaultRetries
	s.Bound = site.Bound{Kind: site.BoundKnown, Retries: n,
		Counted: fmt.Sprintf("%s's default of %d %s", p.typeName(m.pkg, f.Type), n, report.Plural(n, "retry", "retries"))}
}

// typeName is the policy type as the package's code names it:
// "retry.Policy".
func (p policyOf) typeName(pkg *types.Package, name string) string {
	for _, imp := range pkg.Imports() {
		if imp.Path() == p.path {
			return imp.Name() + "." + name
		}
	}
	return name
}

// policySource finds how the policy x is built, before the call at
// pos.
func (m *Reader) policySource(path, typ string, x ast.Expr, pos token.Pos) (policySource, bool) {
	switch y := ast.Unparen(x).(type) {
	case *ast.CompositeLit:
		return m.literalSource(path, typ, y)
	case *ast.Ident:
		v, ok := m.info.Uses[y].(*types.Var)
		if !ok || v.IsField() {
			return policySource{}, false
		}
		pkgVar := v.Parent() == m.pkg.Scope()
		if pkgVar && v.Exported() {
			return policySource{}, false // other packages may set it
		}
		var src policySource
		d := m.VarDefOf(v)
		switch {
		case d == nil:
			// Declared without a value (var p retry.Policy), or a
			// parameter.
			spec := m.zeroDecl(v)
			if spec == nil {
				return policySource{}, false
			}
			src = policySource{at: spec, fields: map[string]ast.Expr{}}
		case d.Single() && !d.Mutated() && (pkgVar || d.Rhs.Pos() < pos):
			lit, isLit := ast.Unparen(d.Rhs).(*ast.CompositeLit)
			if !isLit || d.Idx != 0 {
				return policySource{}, false
			}
			if src, ok = m.literalSource(path, typ, lit); !ok {
				return policySource{}, false
			}
		default:
			return policySource{}, false
		}
		m.fieldWrites(v, pkgVar, pos, src.fields)
		return src, true
	}
	return policySource{}, false
}

// literalSource reads the fields a composite literal of the policy type
// sets.
func (m *Reader) literalSource(path, typ string, lit *ast.CompositeLit) (policySource, bool) {
	t := m.info.TypeOf(lit)
	if t == nil || !typesx.IsNamed(t, path, typ) {
		return policySource{}, false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return policySource{}, false
	}
	src := policySource{at: lit, fields: make(map[string]ast.Expr)}
	for i, el := range lit.Elts {
		if f, x := typesx.LitElt(m.info, st, i, el); f != nil {
			src.fields[f.Name()] = x
		}
	}
	return src, true
}

// zeroDecl returns the declaration of v when it is a variable declared
// without a value (var p retry.Policy), or nil.
func (m *Reader) zeroDecl(v *types.Var) *ast.ValueSpec {
	var spec *ast.ValueSpec
	if f := typesx.FileOf(m.pass.Files, v.Pos()); f != nil {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || spec != nil {
				return spec == nil
			}
			for _, name := range vs.Names {
				if m.info.Defs[name] == v && len(vs.Values) == 0 {
					spec = vs
				}
			}
			return false
		})
	}
	return spec
}

// fieldWrites records in fields the assignments to v's fields: those
// made before pos, the last one winning, with a plain `=`; any other
// change of a field (after the call, or of a package variable, whose
// order the model does not know; p.F++, p.F += d, &p.F) makes it
// unknown.
func (m *Reader) fieldWrites(v *types.Var, pkgVar bool, pos token.Pos, fields map[string]ast.Expr) {
	field := func(x ast.Expr) (string, bool) {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok || typesx.VarOf(m.info, sel.X) != v {
			return "", false
		}
		return sel.Sel.Name, true
	}
	type write struct {
		pos  token.Pos
		name string
		x    ast.Expr // nil: unknown
	}
	var writes []write
	for _, f := range m.pass.Files {
		if !pkgVar && (v.Pos() < f.Pos() || v.Pos() >= f.End()) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					name, ok := field(l)
					if !ok {
						continue
					}
					var x ast.Expr
					if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) && !pkgVar && n.Pos() < pos {
						x = n.Rhs[i]
					}
					writes = append(writes, write{n.Pos(), name, x})
				}
			case *ast.IncDecStmt:
				if name, ok := field(n.X); ok {
					writes = append(writes, write{n.Pos(), name, nil})
				}
			case *ast.UnaryExpr:
				if name, ok := field(n.X); ok && n.Op == token.AND {
					writes = append(writes, write{n.Pos(), name, nil})
				}
			}
			return true
		})
	}
	// In source order, a later unknown write keeping the field unknown.
	unknown := make(map[string]bool)
	for _, w := range writes {
		if unknown[w.name] {
			continue
		}
		if w.x == nil {
			unknown[w.name] = true
		}
		fields[w.name] = w.x
	}
}

// policyInt evaluates an integer or duration field of a policy: zero
// when it is not set.
func (m *Reader) policyInt(src policySource, name string) (int64, bool) {
	x, set := src.fields[name]
	if !set {
		return 0, true
	}
	return m.IntValue(x) // nil: unknown
}

// policyBool evaluates a boolean field: a constant, false when unset.
func (m *Reader) policyBool(src policySource, name string) (bool, bool) {
	x, set := src.fields[name]
	if !set {
		return false, true
	}
	if x == nil {
		return false, false
	}
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return constant.BoolVal(tv.Value), true
	}
	return false, false
}

// policyFuncSet reports whether a func field is set to a function: a
// function literal, a declared function or a method value is; nil or an
// unset field is not; anything else (a variable) is unknown.
func (m *Reader) policyFuncSet(src policySource, name string) (bool, bool) {
	x, set := src.fields[name]
	if !set {
		return false, true
	}
	switch y := ast.Unparen(x).(type) {
	case nil:
		return false, false
	case *ast.FuncLit:
		return true, true
	case *ast.Ident:
		switch m.info.Uses[y].(type) {
		case *types.Nil:
			return false, true
		case *types.Func:
			return true, true
		}
	case *ast.SelectorExpr:
		if _, ok := m.info.Uses[y.Sel].(*types.Func); ok {
			return true, true
		}
	}
	return false, false
}
