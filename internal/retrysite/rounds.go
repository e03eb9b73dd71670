package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file finds retries in rounds: an outer loop that, once every item
// of a list has failed, tries the whole list again (olivere/elastic's
// startupHealthcheck: `for !done { for _, url := range urls { res, err :=
// c.c.Do(req(url)); if ok(res, err) { return nil } }; wait 1s }`). The
// inner range alone is a failover over items, each iteration a
// different operation; the outer loop is the retry of each of them.
// Seen from one item, the inner range runs that item once per round
// (interp's OnceRange): the site is the outer loop, its waits are the
// waits between two rounds (the other items are no wait), its bound
// counts rounds, and the outcomes it retries are those after which the
// next round comes.

// roundOf returns, for the operation of g that varies per item of the
// range statement loop, the loop around it that ranges over the same
// list again, and the funcInfo whose walks run the range once; nil when
// loop is no round of such a loop. The list must be a local variable or
// parameter that the outer loop neither assigns nor changes an element
// of, nor takes the address of, so every round has the same items; the
// operation must not vary over the outer loop's iterations otherwise.
func (m *model) roundOf(fi *funcInfo, fb funcBody, loop ast.Stmt, g *opGroup) (ast.Stmt, *funcInfo) {
	r, ok := loop.(*ast.RangeStmt)
	if !ok {
		return nil, nil
	}
	switch t := m.info.TypeOf(r.X).Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map:
	case *types.Pointer:
		if _, ok := t.Elem().Underlying().(*types.Array); !ok {
			return nil, nil
		}
	default:
		return nil, nil // an int, a channel, a string, an iterator
	}
	id, ok := ast.Unparen(r.X).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	list, ok := m.info.Uses[id].(*types.Var)
	if !ok || list.IsField() || list.Parent() == m.pkg.Scope() {
		return nil, nil
	}
	outer := enclosingLoop(fb.body, r)
	if outer == nil || outer.Pos() <= list.Pos() && list.Pos() < outer.End() {
		return nil, nil // a list made in each round is no list retried
	}
	if changesList(m.info, outer, list) {
		return nil, nil
	}
	rfi := fi.OnceRange(r)
	if m.items.VariesPerItem(rfi, outer, g.rulesGroup()) {
		return nil, nil
	}
	return outer, rfi
}

// enclosingLoop returns the innermost for or range statement of body
// that holds stmt, outside function literals; nil when there is none.
func enclosingLoop(body *ast.BlockStmt, stmt ast.Stmt) ast.Stmt {
	var stack []ast.Stmt
	var found ast.Stmt
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if found != nil || n == nil {
			return false
		}
		if n == ast.Node(stmt) {
			if len(stack) > 0 {
				found = stack[len(stack)-1]
			}
			return false
		}
		if n.Pos() > stmt.Pos() || n.End() < stmt.End() {
			return false // stmt is not inside n
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			stack = append(stack, n)
			ast.Inspect(n.Body, visit)
			stack = stack[:len(stack)-1]
			return false
		case *ast.RangeStmt:
			stack = append(stack, n)
			ast.Inspect(n.Body, visit)
			stack = stack[:len(stack)-1]
			return false
		}
		return true
	}
	ast.Inspect(body, visit)
	return found
}

// changesList reports whether n may change which items list holds: it
// assigns list, one of its elements or a field of one, takes its
// address, or deletes from or clears it.
func changesList(info *types.Info, n ast.Node, list *types.Var) bool {
	return typesx.Writes(info, n, func(x ast.Expr) bool {
		id, ok := typesx.ChainRoot(x, true).(*ast.Ident)
		return ok && typesx.ObjOf(info, id) == types.Object(list)
	})
}
