package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/waits"
)

// The model and the wait finding (package waits): the Finder the model
// hands over, and the names the model's code uses for its types.

type (
	verdictKey = waits.VerdictKey
	verdict    = waits.Verdict
)

// waits returns the wait finding over m's package. m is its waits.Model.
func (m *model) waits() waits.Finder {
	return waits.Finder{Pass: m.pass, Info: m.info, Pkg: m.pkg, M: m, Wnum: m.wnum, Verdicts: &m.verdicts, Waited: &m.waited, Helpers: &m.helperWaits}
}

// loopWaits finds the waits between attempts of a hand-written site.
func (m *model) loopWaits(s *Site, fi *funcInfo, g *opGroup) {
	if fi == nil || g == nil || len(g.calls) == 0 {
		return
	}
	m.waits().LoopWaits(s, fi, g.calls, g.set, fi.ReportsStatus(g.set), func() bool { return m.Rules().OpWaitsInside(g.rulesGroup()) })
}

// failurePathRetry reports whether a failure of the operation of g leads
// back to it through a path of its own (waits.Finder.FailurePathRetry,
// waits/periodic.go); it keeps the waits of its own in g.ownWaits.
func (m *model) failurePathRetry(fi *funcInfo, loop ast.Stmt, g *opGroup, ref nodeRef, in scope, carried map[*types.Var]bool) bool {
	own, viaBackoff := m.waits().FailurePathRetry(fi, loop, g.calls, g.set, ref, in, carried, func() map[*types.Var]bool { return m.items.CarriedVars(loop, g.rulesGroup()) })
	if own == nil {
		return false
	}
	g.ownWaits, g.viaBackoff = own, viaBackoff
	return true
}

// keepOwnWaits keeps, of a failure-path site's waits, those of its own.
func keepOwnWaits(s *Site, g *opGroup) {
	var kept []*Wait
	for _, w := range s.Waits {
		if g.ownWaits[w.Pos] && w.Shape != ShapeNone {
			kept = append(kept, w)
		}
	}
	s.Waits = kept
	if len(kept) == 0 {
		s.WaitsKnown = false
	}
}
