package waits

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// The waits a loop makes in its head rather than in its body: a range
// over a ticker's channel (for range t.C, for range time.Tick(d)) waits
// the ticker's period before each iteration; a recursive retry may wait
// at its entry, before it runs the operation again.

// RangeWait returns the wait of a range over a ticker's channel, made at
// the range statement before each iteration: the ticker's period.
func (f Finder) RangeWait(r *ast.RangeStmt, body *ast.BlockStmt) *Hit {
	if !f.M.TickerRange(r) {
		return nil
	}
	// The receive the range makes, as if written <-r.X.
	u := &ast.UnaryExpr{OpPos: r.X.Pos(), Op: token.ARROW, X: r.X}
	h := f.ReceiveWait(u, body)
	if h == nil {
		return nil
	}
	h.Node = r
	return h
}

// HeadWait returns the wait a graph block makes on entry: the tick a
// range over a ticker's channel receives at its head.
func (w *Walk) HeadWait(b *cfg.Block) *Hit {
	if b.Kind != cfg.KindRangeLoop {
		return nil
	}
	r, ok := b.Stmt.(*ast.RangeStmt)
	if !ok {
		return nil
	}
	hs := typesx.Cached(&w.HitAt, ast.Node(r), func() []*Hit {
		if h := w.F.RangeWait(r, w.Fi.Body); h != nil {
			return []*Hit{h}
		}
		return nil
	})
	if len(hs) == 0 {
		return nil
	}
	return hs[0]
}

// EntryWaits returns the waits that every path from the function's entry
// to the operation passes (a recursive retry that waits first:
// select { case <-ctx.Done(): return; case <-time.After(d): }; op()),
// or nil when some path reaches the operation without a known wait; a
// call on the way that may wait sets w.maybe.
func (w *Walk) EntryWaits(op map[*ast.CallExpr]bool) []*Hit {
	fi := w.Fi
	if fi.Cfg == nil || len(fi.Cfg.Blocks) == 0 {
		return nil
	}
	var found []*Hit
	ok, reached := true, false
	visited := make(map[[2]int32]bool)
	steps := 0
	var visit func(bi int32, hits []*Hit)
	visit = func(bi int32, hits []*Hit) {
		if !ok {
			return
		}
		if steps++; steps > 2000 {
			ok = false
			return
		}
		key := [2]int32{bi, int32(len(hits))}
		if visited[key] {
			return
		}
		visited[key] = true
		b := fi.Cfg.Blocks[bi]
		if h := w.HeadWait(b); h != nil {
			hits = append(hits[:len(hits):len(hits)], h)
		}
		for _, n := range b.Nodes {
			if interp.ContainsOp(n, op) {
				reached = true
				if len(hits) == 0 {
					ok = false
				}
				found = withHits(found, hits...)
				return
			}
			hs, mb := w.WaitsIn(n)
			if len(hs) > 0 {
				hits = append(hits[:len(hits):len(hits)], hs...)
			}
			// A call on the way in that may wait itself (a rate
			// limiter's WaitBucket), not through a helper of the
			// package: a recursion without a known wait may still wait
			// there (LoopWaits).
			w.maybe = w.maybe || mb && w.F.waitLike(n)
		}
		for _, s := range b.Succs {
			visit(s.Index, hits)
		}
	}
	visit(0, nil)
	if !ok || !reached {
		return nil
	}
	return found
}

// waitLike reports whether n holds a call that may wait (mayWait) of a
// function the package does not declare: an interface method, a func
// value or another package's function.
func (f Finder) waitLike(n ast.Node) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, n, func(x ast.Node) bool {
		if c, ok := x.(*ast.CallExpr); ok {
			fn := typesx.Callee(f.Info, c)
			found = (fn == nil || f.M.FuncDecl(fn) == nil) && f.mayWait(c, fn)
		}
		return !found
	})
}
