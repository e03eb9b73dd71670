package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/retrysite/notretry"
)

// The not-a-retry rules live in package notretry; the model is their
// Host, and its code asks them under the names it has always used.

// rules returns the model's not-a-retry rules bound to m: a copy of the
// model (xpkg.go) asks its own copy of the rules, with its own type
// information and its own answers.
func (m *model) Rules() *notretry.Rules { return m.nr.Bind(m, m.pass, m.info, m.pkg) }

// MayBeOp is in glue_libsite.go: the library readers ask it too.

// OpKey is in loops.go.

func (g *opGroup) rulesGroup() *notretry.Group {
	return &notretry.Group{Key: g.key, Calls: g.calls, Set: g.set}
}

func (m *model) recursionVaries(fb funcBody, g *opGroup, selfCalls []*ast.CallExpr) bool {
	return m.Rules().RecursionVaries(fb.obj, fb.body, g.rulesGroup(), selfCalls)
}
func (m *model) notRetryRerun(fi *funcInfo, loop ast.Node, g *opGroup, b Bound) bool {
	return m.Rules().NotRetryRerun(fi, loop, g.rulesGroup(), b.Known() && !b.UserDefault && b.Retries == 1)
}
