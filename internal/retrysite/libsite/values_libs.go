package libsite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/ast/edge"
)

// This file follows a library client held in a struct field of the
// package (c.http.Do(req), with c.http built by the constructor) to the
// one value the package stores there, so that its configuration is read
// where it is built. The field must have exactly one reaching write
// (values_index.go), and every other use of it must be a call of a
// library operation on it (c.http.Do, c.http.Get) or an argument of one
// (retry.Do(ctx, l.backoff, fn)): a use that could
// configure it elsewhere (c.http.RetryMax = n, a setter, the client
// passed or returned) keeps the site opaque, as before.

// followField collects the configuration stored in field v. It reports
// false when the field cannot be followed.
func (c *collector) followField(v *types.Var) bool {
	m := c.m
	if !m.IndexedVar(v) || !v.IsField() {
		return false
	}
	ws, ok := m.ReachingWrites(v)
	if !ok || len(ws) != 1 || ws[0].Zero || ws[0].X == nil {
		return false
	}
	if !m.onlyOperated(v) {
		return false
	}
	w := ws[0]
	f := typesx.FileOf(m.pass.Files, w.At)
	if f == nil {
		return false
	}
	// The write's own function is where the client is configured: read
	// its settings up to the function's end.
	end := f.End()
	if w.Decl != nil {
		end = w.Decl.End()
	}
	idx, before := c.idx, c.before
	c.idx, c.before = m.indexVars(f), end
	c.collect(w.X)
	c.idx, c.before = idx, before
	return true
}

// onlyOperated reports whether every use of field v in the package is a
// write of it or the receiver of a library operation (an entry point).
func (m *Reader) onlyOperated(v *types.Var) bool {
	return typesx.Cached(&m.ValueIndexOf().Operated, v, func() bool {
		isEntry := func(call ast.Node) bool {
			_, _, ok := m.lookup(typesx.Callee(m.info, call.(*ast.CallExpr)))
			return ok
		}
		for cur := range m.inspector().Root().Preorder((*ast.SelectorExpr)(nil)) {
			sel := cur.Node().(*ast.SelectorExpr)
			if m.info.Uses[sel.Sel] != v {
				continue
			}
			switch k, _ := cur.ParentEdge(); k {
			case edge.AssignStmt_Lhs:
				continue // a write: the index has it
			case edge.CallExpr_Args:
				// Given to a library entry point: retry.Do(ctx, l.backoff,
				// fn) runs with it and configures nothing.
				if isEntry(cur.Parent().Node()) {
					continue
				}
			case edge.SelectorExpr_X:
				if outer := cur.Parent(); outer.ParentEdgeKind() == edge.CallExpr_Fun && isEntry(outer.Parent().Node()) {
					continue
				}
			}
			return false
		}
		return true
	})
}
