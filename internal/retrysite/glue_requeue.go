package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/requeue"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// The model as the requeue finder sees it (requeue.Host).

// DelaySamples runs a delay function over successive attempts.
func (m *model) DelaySamples(fun ast.Expr, attempt, start int, bind map[int]waitshape.Num) (lo, mid, hi []waitshape.Num, ok bool) {
	return m.wnum.Samples(fun, attempt, start, bind)
}

// AllWrites returns every write of v the value index holds.
func (m *model) AllWrites(v *types.Var) []valueindex.ValueWrite { return m.ValueIndexOf().Writes[v] }

// Op describes an operation call of a site (package ops).
func (m *model) Op(call *ast.CallExpr) *Op { return m.ops.Op(call) }

// requeueSites returns the requeue sites of fb (package requeue): its
// calls that hand an item back to a rate-limited queue (found by
// prefilter, sc), and its operations grouped as a loop's are.
func (m *model) requeueSites(fb funcBody, sc bodyScan) []*Site {
	if len(sc.requeues) == 0 {
		return nil
	}
	calls, parents := fb.loopCalls()
	var groups []requeue.Group
	for _, g := range m.opGroups(calls, parents, false) {
		groups = append(groups, requeue.Group{Calls: g.calls, Set: g.set})
	}
	return m.requeue.Sites(fb.body, fb.typ, sc.requeues, sc.entries, groups)
}

// selfQueueSites returns the retries through fb's own queue (package
// requeue's selfqueue.go): its sends of an item back on the channel it
// received it from (found by prefilter, sc), its waits those of the
// operation's failure paths around the receiving loop.
func (m *model) selfQueueSites(fb funcBody, sc bodyScan) []*Site {
	if len(sc.sends) == 0 || !sc.loops {
		return nil
	}
	groups := func() (gs []requeue.Group) {
		calls, parents := fb.loopCalls()
		for _, g := range m.opGroups(calls, parents, true) {
			gs = append(gs, requeue.Group{Calls: g.calls, Set: g.set})
		}
		return gs
	}
	return m.requeue.SelfQueued(fb.body, fb.typ, sc.sends, groups, func(s *Site, loop ast.Stmt, g *requeue.Group) {
		s.Node = loop // the walk's scope (waits.LoopWaits)
		m.loopWaits(s, m.FuncInfo(fb.body, fb.typ), &opGroup{calls: g.Calls, set: g.Set})
	})
}

// rescheduleSites returns the retries through a job store whose failure
// handler is fb (package requeue's reschedule.go).
func (m *model) rescheduleSites(fb funcBody) []*Site {
	if fb.decl == nil {
		return nil
	}
	return m.requeue.Reschedules(fb.decl)
}
