package rangelen

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
)

// This file resolves a map, slice or array field or package variable to
// the one composite literal the package gives it (doc.go, "Lists held in
// fields"), through the value index: the set of statuses a client
// retries on, kept in a field that the constructor defaults when the
// user gave none —
//
//	if c.retryOnStatus == nil {
//		c.retryOnStatus = map[int]bool{502: true, 503: true, 504: true}
//	}
//
// so that the interpreter reads c.retryOnStatus[resp.StatusCode] as it
// reads a lookup in a local literal. It is followed only when:
//
//   - every write the package makes is that one literal, a zero the
//     default replaces (the value index's placeholder rule), or the
//     user's value (an option's or a config's: the literal is then the
//     default, noted as one the user can change); when the package
//     fills the literal under a test of the zero value, any other write
//     it cannot show (cfg.codes handed on from an options struct)
//     counts as the user's too: the default is what is judged;
//   - nothing writes into it (c.m[k] = v, c.m[k]++, delete, clear), and
//     every other use only reads it: an index, len or cap, a range, a
//     comparison with nil. Passed to a call, returned, stored or aliased,
//     a map or slice may be changed out of sight, and it stays unknown.

// listLiteral is the cached answer for one object.
type listLiteral struct {
	lit *ast.CompositeLit
	ok  bool
	// user is the user's write the literal is the default of (X nil
	// when none).
	user valueindex.ValueWrite
}

// ListLiteral returns the one composite literal the package gives v, a
// map, slice or array field or package variable of the package.
func (r Ranges) ListLiteral(v *types.Var) (*ast.CompositeLit, bool) {
	m := r.ix
	if !m.IndexedVar(v) {
		return nil, false
	}
	switch v.Type().Underlying().(type) {
	case *types.Map, *types.Slice, *types.Array:
	default:
		return nil, false
	}
	l, cached := r.lists[v]
	if !cached {
		l = listOnce(m, v)
		r.lists[v] = l
	}
	if !l.ok {
		return nil, false
	}
	if l.user.X != nil {
		m.ValueIndexOf().NoteDefault(v, l.user, l.lit)
	}
	return l.lit, true
}

// listOnce is ListLiteral, worked out.
func listOnce(m *valueindex.Index, v *types.Var) (r listLiteral) {
	vx := m.ValueIndexOf()
	if vx.ElemsWritten(v) {
		return r
	}
	all := vx.Writes[v]
	for _, w := range all {
		switch {
		case w.X == nil && !w.Zero:
			return listLiteral{} // a write that cannot be known
		case w.Zero:
			if w.Omitted && v.Exported() || m.Placeholder(v, w, all) {
				continue
			}
			return listLiteral{} // the zero value (a nil map) reaches
		case m.UserValue(w.X, 0):
			if own, ok := m.SetterCalls(w.X); !ok || len(own) > 0 {
				return listLiteral{} // the package passes values of its own
			}
			if r.user.X == nil {
				r.user = w
			}
			continue
		}
		lit, ok := ast.Unparen(w.X).(*ast.CompositeLit)
		if !ok && vx.Guarded(v) {
			// A value the package cannot show (cfg.codes handed on from
			// options) beside a default it fills under a test of the
			// zero value: the default is the value judged, and named.
			if r.user.X == nil {
				r.user = w
			}
			continue
		}
		if !ok || r.lit != nil && r.lit != lit {
			return listLiteral{}
		}
		r.lit = lit
	}
	if r.lit == nil || !onlyRead(m, v) {
		return listLiteral{}
	}
	r.ok = true
	return r
}

// onlyRead reports whether every use of v in the package, other than the
// writes the index holds, reads it in place (see above).
func onlyRead(m *valueindex.Index, v *types.Var) bool {
	insp := m.Pass().ResultOf[inspect.Analyzer].(*inspector.Inspector)
	root := insp.Root()
	for id, obj := range m.Info().Uses {
		if obj != v {
			continue
		}
		c, found := typesx.IdentCursor(root, id)
		if !found {
			return false
		}
		// The expression that names v: the identifier, or the selector
		// whose Sel it is; then what holds it.
		x := c
		if p := c.Parent(); p.Node() != nil {
			if sel, ok := p.Node().(*ast.SelectorExpr); ok && sel.Sel == id {
				x = p
			}
		}
		if !readInPlace(m.Info(), x) {
			return false
		}
	}
	return true
}

// readInPlace reports whether the expression at x (naming a map, slice
// or array) is read where it stands, or written whole by an assignment.
func readInPlace(info *types.Info, x inspector.Cursor) bool {
	p := x.Parent()
	switch n := p.Node().(type) {
	case *ast.IndexExpr:
		return n.X == x.Node() // m[k]; writes into it are elemsWritten
	case *ast.RangeStmt:
		return n.X == x.Node()
	case *ast.KeyValueExpr:
		return n.Key == x.Node() // a field key in a struct literal
	case *ast.BinaryExpr:
		return (n.Op == token.EQL || n.Op == token.NEQ) && typesx.IsNil(info, n.X) != typesx.IsNil(info, n.Y)
	case *ast.AssignStmt:
		// A write of the whole: the index holds it.
		return slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return l == x.Node() })
	case *ast.CallExpr:
		if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				return b.Name() == "len" || b.Name() == "cap"
			}
		}
		return false
	case *ast.ParenExpr:
		return readInPlace(info, p)
	}
	return false
}
