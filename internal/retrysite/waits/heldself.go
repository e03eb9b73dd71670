package waits

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A recursive site may call itself through a closure it holds, which
// waits before it makes the call (retry := func(err error) error {
// time.Sleep(backoff); return c.find(...) }): reaching a call of the
// closure, a failure path passes the waits every path through the
// closure's body to its call of the function passes (EntryWaits over the
// literal's graph).

// heldWaits returns the waits of the held closure node calls, or nil.
func (w *Walk) heldWaits(node ast.Node) []*Hit {
	if len(w.held) == 0 {
		return nil
	}
	found := false
	var at *ast.CallExpr
	typesx.InspectNoLitsUntil(&found, node, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && w.held[c] != nil {
			at, found = c, true
		}
		return true
	})
	if at == nil {
		return nil
	}
	lit := w.held[at]
	return typesx.Cached(&w.heldHits, lit, func() []*Hit {
		fi := w.F.M.FuncInfo(lit.Body, lit.Type)
		if fi == nil {
			return nil
		}
		inner := make(map[*ast.CallExpr]bool)
		hs := w.afterFunc(at)
		for _, c := range typesx.Reentries(w.F.Info, lit.Body, w.self) {
			inner[c] = true
			hs = append(hs, w.afterFunc(c)...)
		}
		// The literal's own walk holds no closures (NewWalk): it does
		// not come back here.
		if entry := w.F.NewWalk(fi).EntryWaits(inner); len(entry) > 0 {
			return append(hs, entry...)
		}
		// A wait some path skips (none for a cause that asks to retry
		// at once) is still the wait of the others: the one wait of the
		// body before its call of the function.
		first := lit.Body.End()
		for c := range inner {
			first = min(first, c.Pos())
		}
		var ws []*Hit
		mb := false
		for _, st := range lit.Body.List {
			if st.End() > first {
				break
			}
			h, m := w.F.FindWaits(st, lit.Body, 1)
			ws, mb = append(ws, h...), mb || m
		}
		if len(ws) == 1 && !mb {
			hs = append(hs, ws[0])
		}
		return hs
	})
}

// inLoop reports whether one of calls lies in a for or range statement
// of body (outside function literals).
func inLoop(body *ast.BlockStmt, calls []*ast.CallExpr) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		switch l := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			for _, c := range calls {
				if l.Pos() <= c.Pos() && c.End() <= l.End() {
					found = true
				}
			}
		}
		return !found
	})
}

// afterFunc returns the wait of c when it is time.AfterFunc(d, f): f
// runs d later, the operation scheduled again.
func (w *Walk) afterFunc(c *ast.CallExpr) []*Hit {
	if typesx.IsAfterFunc(w.F.Info, c) {
		return []*Hit{{Kind: site.WaitAfter, Node: c, Expr: c.Args[0]}}
	}
	return nil
}
