package valueindex

import (
	"go/ast"
	"go/types"
)

// FuncFieldDefaults returns the values the package itself writes to the
// func-typed field v, for a reader of library backoff functions
// (libsite waits_libfuncs.go): a write of the user's value (a setter's
// argument) is left out as the user's choice, a copy of the field into
// itself (a clone) adds nothing, and an exported field a literal leaves
// out is the user's to set. Any other zero, or a write the index cannot
// know, makes it unknown (ok false); so does a field with no default of
// the package's own. note, when a user write was left out, names the
// default and who can change it ("DefaultConfig's default, which
// SetBackoff can change"), at the first default.
func (m *model) FuncFieldDefaults(v *types.Var) (xs []ast.Expr, note string, ok bool) {
	if !m.IndexedVar(v) || !v.IsField() {
		return nil, "", false
	}
	var user *ValueWrite
	for _, w := range m.ValueIndexOf().writes[v] {
		switch {
		case w.Zero:
			if w.omitted && v.Exported() {
				continue
			}
			return nil, "", false
		case w.X == nil:
			return nil, "", false
		case readsField(m.info, w.X, v):
			continue
		case m.userValue(w.X, 0):
			if user == nil {
				wc := w
				user = &wc
			}
			continue
		}
		xs = append(xs, w.X)
	}
	if len(xs) == 0 {
		return nil, "", false
	}
	if user != nil {
		note = defaultNote{v: v, user: *user, At: xs[0]}.phrase(m)
	}
	return xs, note, true
}

// readsField reports whether x reads field v itself.
func readsField(info *types.Info, x ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	return ok && info.Uses[sel.Sel] == v
}
