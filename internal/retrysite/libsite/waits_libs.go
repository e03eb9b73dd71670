package libsite

import (
	"fmt"
	"math"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/waitshape"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// This file reads the waits of library retry sites from their settings,
// through the table's wait model (knowledge.WaitVocab, waits_models.go),
// or else from a backoff function of the table's the setting holds
// (waits_libfuncs.go); a gRPC retryPolicy's are libread's (PolicyWait).

// libWaits finds the waits a library site's settings configure.
func (m *Reader) libWaits(s *site.Site) {
	s.Waits, s.WaitsKnown = nil, false
	if s.GRPCPolicy != nil {
		s.Waits, s.WaitsKnown = []*site.Wait{m.libread().PolicyWait(s)}, true
		return
	}
	var w *site.Wait
	if v := s.Lib.Waits; v != nil && (!s.Opaque || v.Fallback != nil) {
		if f := modelWaits[v.Model]; f != nil {
			w = f(m, s, v) // waits_models.go
		}
	}
	if w == nil {
		w = m.tableFuncWait(s) // waits_libfuncs.go
	}
	if w == nil {
		return
	}
	if w.Pos == 0 {
		w.Pos = s.Pos
		if w.Setting != nil && (s.Func == nil || s.Func.Pos() <= w.Setting.Pos && w.Setting.Pos < s.Func.End()) {
			// At the setting, unless it is in another function: a
			// backoff the constructor builds and a field keeps is
			// reported at the site that uses it (doc.go).
			w.Pos = w.Setting.Pos
		}
	}
	w.Kind = site.WaitLibrary
	s.Waits, s.WaitsKnown = []*site.Wait{w}, true
}

// spreadWait is a backoff whose every wait is multiplied by 1 ± f.
func spreadWait(st *site.Setting, growsDesc string, ratio float64, base, cap time.Duration, f float64, what string) *site.Wait {
	w := &site.Wait{Setting: st, Base: base, Cap: cap}
	switch {
	case ratio <= 1:
		w.Shape = site.ShapeConstant
		w.Desc = "a fixed " + base.String()
		if f > 0 {
			w.Desc += fmt.Sprintf(" ±%s (%s)", waitshape.Pct(math.Min(f, 1)), what)
		}
	case f <= 0:
		w.Shape = site.ShapeExponential
		w.Desc = growsDesc + " without jitter"
	case f >= 1:
		w.Shape = site.ShapeFullJitter
		w.Desc = fmt.Sprintf("jitter over [0, 2×] a backoff that %s (%s)", growsDesc, what)
	default:
		w.Shape = site.ShapePartialJitter
		w.Desc = fmt.Sprintf("partial jitter: %s, ±%s around a backoff that %s (never below %s of the longest)",
			what, waitshape.Pct(f), growsDesc, waitshape.Pct((1-f)/(1+f)))
	}
	return w
}
