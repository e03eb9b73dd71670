package funcdefault

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
)

// Func returns the one function (of this package or any
// other) that the package writes to the func-typed field v when the user
// gives none: `boFunc = opts.NewBackoff` under a nil test, else `boFunc =
// backoff.NewDefault`, then `newBackoff: boFunc` in a literal. A local
// written to the field stands for every value assigned to it in its
// function; a value the user gives (userValue: an option, an exported
// parameter, or a value written only where a test found it non-nil:
// `if opts.F != nil { f = opts.F }`) is left aside and noted as such (the message's "X's
// default, which the user can change"), a copy of the field into itself
// adds nothing, and an exported field a literal omits is the user's.
// nil when any other value may reach the field (a literal, a call's
// result, a second function, a nil).
func Func(ix *valueindex.Index, v *types.Var) *types.Func {
	if v == nil || !v.IsField() || !ix.IndexedVar(v) {
		return nil
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil
	}
	ws, ok := ownWrites(ix, v)
	if !ok {
		return nil
	}
	var fn *types.Func
	var at ast.Expr
	var user *valueindex.ValueWrite
	for _, w := range ws {
		xs, ok := localValues(ix, w)
		if !ok {
			return nil
		}
		for _, x := range xs {
			if ix.UserValue(x, 0) || w.Decl != nil && nilGuarded(ix.Info(), w.Decl.Body, x) {
				if user == nil {
					user = &valueindex.ValueWrite{X: x, At: x.Pos()}
				}
				continue
			}
			f := typesx.NamedFunc(ix.Info(), x)
			if f == nil || fn != nil && f != fn {
				return nil
			}
			fn, at = f, x
		}
	}
	if fn != nil && user != nil {
		ix.ValueIndexOf().NoteDefault(v, *user, at)
	}
	return fn
}

// localValues returns the values w writes: w's own, or, when it writes a
// local variable of its function (not a parameter), every value assigned
// to the local there. A local declared without a value and then assigned
// counts by its assignments; one whose address is taken is unknown.
func localValues(ix *valueindex.Index, w valueindex.ValueWrite) ([]ast.Expr, bool) {
	id, ok := ast.Unparen(w.X).(*ast.Ident)
	if !ok || w.Decl == nil || w.Decl.Body == nil {
		return []ast.Expr{w.X}, true
	}
	lv, _ := ix.Info().Uses[id].(*types.Var)
	body := w.Decl.Body
	if lv == nil || lv.Pos() < body.Pos() || lv.Pos() >= body.End() {
		return []ast.Expr{w.X}, true // a parameter, a package variable
	}
	return typesx.LocalValues(ix.Info(), body, lv)
}

// nilGuarded reports whether x, a value assigned in body, is assigned
// only where a test found it non-nil: in the body of `if x != nil` or the
// else of `if x == nil`. Such a value is the one configured, if any; the
// other branch gives the default.
func nilGuarded(info *types.Info, body *ast.BlockStmt, x ast.Expr) bool {
	key := types.ExprString(x)
	found := false
	return typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		other, op := typesx.NilCompared(info, is.Cond)
		if other == nil || types.ExprString(other) != key {
			return true
		}
		in := ast.Node(is.Body)
		if op == token.EQL {
			in = is.Else
		}
		found = in != nil && typesx.Within(x, in)
		return true
	})
}

// Values returns the values the package itself writes to the
// func-typed field v, for a reader of library backoff functions
// (libsite waits_libfuncs.go): a write of the user's value (a setter's
// argument) is left out as the user's choice, a copy of the field into
// itself (a clone) adds nothing, and an exported field a literal leaves
// out is the user's to set. Any other zero, or a write the index cannot
// know, makes it unknown (ok false); so does a field with no default of
// the package's own. note, when a user write was left out, names the
// default and who can change it ("DefaultConfig's default, which
// SetBackoff can change"), at the first default.
func Values(ix *valueindex.Index, v *types.Var) (xs []ast.Expr, note string, ok bool) {
	if !ix.IndexedVar(v) || !v.IsField() {
		return nil, "", false
	}
	ws, ok := ownWrites(ix, v)
	if !ok {
		return nil, "", false
	}
	var user *valueindex.ValueWrite
	for _, w := range ws {
		if !ix.UserValue(w.X, 0) {
			xs = append(xs, w.X)
		} else if user == nil {
			user = &w
		}
	}
	if len(xs) == 0 {
		return nil, "", false
	}
	if user != nil {
		note = valueindex.Note{V: v, User: *user, At: xs[0]}.Phrase(ix)
	}
	return xs, note, true
}

// ownWrites returns the writes of the func-typed field v that give it a
// value: an exported field a literal leaves out (the user's to set) and a
// copy of the field into itself (a clone) are left out. ok is false at
// any other zero, or at a write the index cannot know.
func ownWrites(ix *valueindex.Index, v *types.Var) (ws []valueindex.ValueWrite, ok bool) {
	for _, w := range ix.ValueIndexOf().Writes[v] {
		switch {
		case w.Zero:
			if !w.Omitted || !v.Exported() {
				return nil, false
			}
		case w.X == nil:
			return nil, false
		default:
			if sel, ok := ast.Unparen(w.X).(*ast.SelectorExpr); !ok || ix.Info().Uses[sel.Sel] != v {
				ws = append(ws, w)
			}
		}
	}
	return ws, true
}
