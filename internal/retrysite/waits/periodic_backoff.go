package waits

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A failure path that goes back through a backoff the loop shares.
//
// A loop that also goes round after a success (a lookup that asks again
// until the item shows up, a session that starts again after it ended)
// may wait at its head, before every run but the first, for a time that
// grows with the count of runs:
//
//	for attempt := 0; true; attempt++ {
//		if attempt != 0 {
//			sleep(ctx, backoff(attempt, 100*time.Millisecond, 10*time.Second))
//		}
//		parts, err := c.ReadPartitions(topic)
//		if err != nil {
//			if isTemporary(err) {
//				continue
//			}
//			return err
//		}
//		...
//	}
//
// The success path passes that wait too, so passesPeriod takes it for the
// loop's period and the failure path for the periodic task run again.
// But a period does not grow with the number of runs: a wait that does
// (linearly, polynomially, exponentially, or along an increasing
// schedule, read by the wait interpreter over the loop's runs) is a
// backoff, there to space out the runs that failed. The failure path that
// passes it is a retry, and that backoff is its own wait. A wait of a
// constant, jittered or unreadable shape stays the loop's period, and so
// does any wait or blocking receive besides the backoff that every
// success path passes too (a ticker, a notification).

// backoffOnPeriod adds to own the backoffs on the failure path f that a
// success path passes too (see above), unless f also passes,
// besides them, a wait or a blocking receive of the loop's period: one
// that every success path passes too. grows caches backsOff's answers for
// the loop.
func (m *periodic) backoffOnPeriod(fi *interp.FuncInfo, loop ast.Stmt, f failPath, succ []failPath, own map[token.Pos]bool, grows map[ast.Node]bool, assignedInLoop map[*types.Var]bool) {
	if len(succ) == 0 {
		return
	}
	passes := func(sp failPath, h *Hit) bool {
		return slices.ContainsFunc(sp.hits, func(hs *Hit) bool { return hs.Node == h.Node })
	}
	var backoffs []*Hit
	for _, h := range f.hits {
		if m.ownWait(h, f, succ, assignedInLoop) {
			continue // the failure's own already (periodic.go)
		}
		if typesx.Cached(&grows, h.Node, func() bool { return m.backsOff(fi, loop, h) }) && slices.ContainsFunc(succ, func(sp failPath) bool { return passes(sp, h) }) {
			backoffs = append(backoffs, h)
			continue
		}
		if !slices.ContainsFunc(succ, func(sp failPath) bool { return !passes(sp, h) }) {
			return // the loop's period
		}
	}
	if len(backoffs) == 0 {
		return
	}
	for _, blk := range f.blocks {
		holds := slices.ContainsFunc(backoffs, func(h *Hit) bool {
			return h.Node.Pos() >= blk.Pos() && h.Node.End() <= blk.End()
		})
		if !holds && !slices.ContainsFunc(succ, func(sp failPath) bool { return !slices.Contains(sp.blocks, blk) }) {
			return // a tick or notification every run waits for
		}
	}
	for _, h := range backoffs {
		own[h.Node.Pos()] = true
	}
}

// backsOff reports whether the wait h grows with the runs of loop: the
// wait interpreter, run over the loop's iterations as for a site, reads a
// growing shape. A wait a func value computes (wait := c.Backoff(min,
// max, i, resp), a field the caller sets) grows as the caller makes it
// grow: such a loop is a library's generic machinery, whose call sites
// decide its settings, and it is left to them.
func (m *periodic) backsOff(fi *interp.FuncInfo, loop ast.Stmt, h *Hit) bool {
	if m.callsFuncValue(fi.Body, h.Expr, 0) {
		return false
	}
	s := &site.Site{Kind: site.Loop, Node: loop, Pos: loop.Pos(), Func: fi.Body}
	w := &site.Wait{Kind: h.Kind, Pos: h.Node.Pos(), Expr: h.Expr}
	m.f.Wnum.LoopWait(s, fi.Body, nil, h.Num(), w)
	switch w.Shape {
	case site.ShapeLinear, site.ShapePolynomial, site.ShapeExponential, site.ShapeSchedule:
		return true
	}
	return false
}

// passing returns p having passed hits and, when not nil, the blocking
// receive blk. What p passed already is not added again: a path that goes
// round an inner loop passes its waits once more, and keeping them twice
// would only make the walk take each round for a new path (it did not
// end on a reader's inner read loop).
func (p failPath) passing(hits []*Hit, blk ast.Node) failPath {
	for _, h := range hits {
		if !slices.ContainsFunc(p.hits, func(ph *Hit) bool { return ph.Node == h.Node }) {
			p.hits = append(slices.Clip(p.hits), h)
			p.key = nil
		}
	}
	if blk != nil && !slices.Contains(p.blocks, blk) {
		p.blocks = append(slices.Clip(p.blocks), blk)
		p.key = nil
	}
	return p
}

// widenAfter is the number of times a walk that widens takes a block with
// the values it carries before it forgets them.
const widenAfter = 16

// pathsBackWidening is pathsBack, walked again with widening when the
// walk grew too large. A loop nested in the one under study that counts
// (errcount++ after each failed read, errcount = 0 after a good one)
// gives the walk a new state at every round, and it never ends: the
// walk that widens forgets, at a block taken widenAfter times, the
// values it carried, so the rounds meet in a state already seen. The
// values forgotten only open branches the walk could otherwise have
// ruled out: it finds more paths, not fewer.
func (m *periodic) pathsBackWidening(fi *interp.FuncInfo, w *backWalk, g *opGroup, ref interp.NodeRef, sc interp.Scenario, in interp.Scope, carried map[*types.Var]bool) ([]failPath, bool) {
	paths, ok := m.pathsBack(fi, w, g, ref, sc, in, carried)
	if ok {
		return paths, true
	}
	w.visits = make(map[int32]int)
	defer func() { w.visits = nil }()
	return m.pathsBack(fi, w, g, ref, sc, in, carried)
}

// widened returns the values a walk carries into block bi: e, or none
// once a widening walk took bi widenAfter times.
func (w *backWalk) widened(bi int32, e interp.Env) interp.Env {
	if w.visits == nil {
		return e
	}
	if w.visits[bi]++; w.visits[bi] > widenAfter {
		return interp.Env{}
	}
	return e
}

// callsFuncValue reports whether x, or what a local it reads is assigned
// in body (followed depth deep), calls a func value: a call with no
// static callee.
func (m *periodic) callsFuncValue(body *ast.BlockStmt, x ast.Expr, depth int) bool {
	if x == nil || depth > 3 {
		return false
	}
	found := false
	return typesx.InspectNoLitsUntil(&found, x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			// A conversion or a builtin has no callee either.
			_, isBuiltin := m.info.Uses[typesx.IdentOf(n.Fun)].(*types.Builtin)
			found = !m.info.Types[n.Fun].IsType() && !isBuiltin && typesx.Callee(m.info, n) == nil
		case *ast.Ident:
			v, ok := m.info.Uses[n].(*types.Var)
			if !ok || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
				return true
			}
			typesx.InspectUntil(&found, body, func(b ast.Node) bool {
				as, ok := b.(*ast.AssignStmt)
				if !ok {
					return true
				}
				for i, l := range as.Lhs {
					if typesx.VarOf(m.info, l) == v {
						rhs := as.Rhs[0]
						if len(as.Rhs) == len(as.Lhs) {
							rhs = as.Rhs[i]
						}
						found = m.callsFuncValue(body, rhs, depth+1)
					}
				}
				return !found
			})
		}
		return !found
	})
}
