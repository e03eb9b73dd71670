package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/requeue"
)

// The model as the requeue finder sees it (requeue.Host).

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
