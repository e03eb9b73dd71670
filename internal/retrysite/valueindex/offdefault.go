package valueindex

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/offcount"
)

// This file answers, for the timeouts aspect (retrysite's timeouts/optcap.go),
// whether a configuration field is one the package ships switched off:
// the user can set it (an option, a setter, an exported constructor's
// argument writes it: userValue), and every value the package itself
// gives it is zero or nil: a literal that leaves it out or writes 0, a
// variable of its struct type declared without a value, an explicit
// `o.f = 0`. Copies of the field into itself (clone methods) give no
// value of their own. Unlike reachingDefaults, the zeros count as the
// default here: the caller asks only about a field whose zero the code
// tests for and reads as "no limit", so the zero is the behaviour the
// package ships. Any other value the package writes (a constant above
// zero, a computed value) or a zero the package replaces (the defaulting
// shape `if o.f == 0 { o.f = d }`, a literal whose function writes the
// field afterwards) makes the answer no.

// OffDefault reports whether sel reads a field of the package that an
// option of the package sets and whose every package value is zero or
// nil (see above): where names the default ("defaultOptions's
// default"), setter the function through which the user sets it, pos the
// default's write. Retrysite's OffByDefault (timeouts.Model) asks it.
func (m *Index) OffDefault(sel *ast.SelectorExpr) (where, setter string, pos token.Pos, ok bool) {
	v := offcount.FieldOf(m.info, sel)
	if !m.IndexedVar(v) {
		return "", "", token.NoPos, false
	}
	zero, user, known := m.offWrites(v)
	if !known || user == nil {
		return "", "", token.NoPos, false
	}
	switch {
	case zero != nil:
		pos = zero.At
	default:
		// A variable of the field's struct type declared without a
		// value: var settings CallSettings.
		decl := m.zeroVarOf(sel)
		if decl == nil {
			return "", "", token.NoPos, false
		}
		pos = decl.Pos()
	}
	return m.defaultWhere(pos), setterName(m.setterDecl(*user)), pos, true
}

// offWrites sorts the package's writes of field v: the first zero
// default (nil when every zero is a variable's), the first user write.
// ok is false when the package gives v any other value.
func (m *Index) offWrites(v *types.Var) (zero, user *ValueWrite, ok bool) {
	vx := m.ValueIndexOf()
	if vx.guarded[v] {
		return nil, nil, false
	}
	all := vx.Writes[v]
	for i := range all {
		w := &all[i]
		switch {
		case w.X == nil && !w.Zero:
			return nil, nil, false
		case w.Zero:
			if w.Omitted && v.Exported() || m.Placeholder(v, *w, all) {
				continue
			}
			if zero == nil {
				zero = w
			}
		case offcount.IsZeroOrNil(m.info, w.X):
			if zero == nil {
				zero = w
			}
		case offcount.FieldOf(m.info, w.X) == v:
			// o2.f = o.f: a copy gives no value of its own.
		case m.userWrite(w.X):
			if user == nil {
				user = w
			}
		default:
			return nil, nil, false
		}
	}
	return zero, user, true
}

// addrOf strips a taken address: c.max = &o.max stores the option's
// value.
func addrOf(x ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return x
}

// userWrite reports whether x, written (or its address) to a field, is
// the user's value (UserValue), or reads another field of the package
// whose every write is the user's value (when x's address is stored, the
// one write the index cannot know is that): an option's field copied into
// the configuration (s.timeout = t.t, where WithTimeout(t) built
// &timeoutOpt{t: t}).
func (m *Index) userWrite(x ast.Expr) bool {
	ax := addrOf(x)
	if m.UserValue(ax, 0) {
		return true
	}
	u := offcount.FieldOf(m.info, ax)
	if !m.IndexedVar(u) {
		return false
	}
	user, unknown := 0, 0
	for _, w := range m.ValueIndexOf().Writes[u] {
		switch {
		case w.X == nil && !w.Zero:
			// c.max = &o.max takes the field's address, which the
			// index records as a write it cannot know.
			unknown++
		case w.X != nil && !w.Zero && m.UserValue(w.X, 0):
			user++
		default:
			return false
		}
	}
	return user > 0 && (unknown == 0 || ax != x && unknown == 1)
}

// setterName names d, the function through which the user's value
// enters a user write (setterDecl): "the user" when none.
func setterName(d *ast.FuncDecl) string {
	if d != nil {
		return d.Name.Name
	}
	return "the user"
}

// setterDecl returns the function through which the user's value enters
// a user write: for an option's field copied in, the function (not a
// method) that wrote that field; else the function holding the write.
func (m *Index) setterDecl(w ValueWrite) *ast.FuncDecl {
	if u := offcount.FieldOf(m.info, addrOf(w.X)); m.IndexedVar(u) {
		for _, uw := range m.ValueIndexOf().Writes[u] {
			if uw.Decl != nil && uw.Decl.Recv == nil {
				return uw.Decl
			}
		}
	}
	return w.Decl
}

// defaultWhere names a default's place: the package variable or the
// function holding it.
func (m *Index) defaultWhere(pos token.Pos) string {
	if pv := m.pkgVarAt(pos); pv != "" {
		return pv + "'s default"
	}
	if d := m.DeclAt(pos); d != nil {
		return d.Name.Name + "'s default"
	}
	return "the package's default"
}

// zeroVarOf finds, outside test files, a variable of the struct type sel
// reads from declared without a value (var settings CallSettings).
func (m *Index) zeroVarOf(sel *ast.SelectorExpr) *ast.ValueSpec {
	named, ok := typesx.Deref(m.info.TypeOf(sel.X)).(*types.Named)
	if !ok || named.Obj().Pkg() != m.pkg {
		return nil
	}
	var found *ast.ValueSpec
	for _, f := range m.pass.Files {
		if strings.HasSuffix(m.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			vs, ok := n.(*ast.ValueSpec)
			if !ok || len(vs.Values) != 0 || vs.Type == nil {
				return true
			}
			if types.Identical(m.info.TypeOf(vs.Type), named) {
				found = vs
			}
			return true
		})
	}
	return found
}
