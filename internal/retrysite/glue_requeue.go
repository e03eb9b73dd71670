package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/requeue"
)

// The model as the requeue finder sees it (requeue.Host).

// Op describes an operation call of a site (package ops).
func (m *model) Op(call *ast.CallExpr) *Op { return m.ops.Op(call) }

// requeueSites returns the requeue sites of fb (package requeue): its
// calls that hand an item back to a rate-limited queue, and its
// operations grouped as a loop's are.
func (m *model) requeueSites(fb funcBody) []*Site {
	var calls []*ast.CallExpr
	var entries []knowledge.Requeue
	fb.inspect(callTypes, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if r, ok := m.requeue.Entry(call); ok {
			calls = append(calls, call)
			entries = append(entries, r)
		}
	})
	if len(calls) == 0 {
		return nil
	}
	var groups []requeue.Group
	for _, g := range m.opGroups(fb) {
		groups = append(groups, requeue.Group{Calls: g.calls, Set: g.set})
	}
	return m.requeue.Sites(fb.body, fb.typ, calls, entries, groups)
}
