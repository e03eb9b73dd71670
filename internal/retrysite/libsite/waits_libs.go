package libsite

import (
	"fmt"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
	"go/ast"
	"go/types"
	"math"
	"time"
)

// This file reads the waits of library retry sites from their settings,
// through the table's wait model (knowledge.WaitVocab, waits_models.go),
// or else from a backoff function of the table's the setting holds
// (waits_libfuncs.go), and the waits of a gRPC retryPolicy.

// libWaits finds the waits a library site's settings configure.
func (m *Reader) libWaits(s *site.Site) {
	s.WaitsKnown = false
	s.Waits = nil
	if s.GRPCPolicy != nil {
		s.Waits = []*site.Wait{m.grpcPolicyWait(s)}
		s.WaitsKnown = true
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
	s.Waits = []*site.Wait{w}
	s.WaitsKnown = true
}

// callsLib reports whether x is a call of a library function named name.
func (m *Reader) callsLib(x ast.Expr, name string) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typesx.Callee(m.info, call)
	return fn != nil && fn.Name() == name
}

// settingDur returns the duration of a setting's argument, the default
// when the setting is absent, and whether it is known.
func (m *Reader) settingDur(st *site.Setting, arg int, def time.Duration) (time.Duration, bool) {
	if st == nil {
		return def, true
	}
	return m.DurationValue(st.Arg(arg))
}

// expo describes an exponential backoff for messages.
func waitExpo(ratio float64, base, cap time.Duration) string {
	var g string
	switch {
	case ratio == 2:
		g = "doubles"
	default:
		g = "grows ×" + waitnum.Float(ratio) + " per attempt"
	}
	if base > 0 {
		g += " from " + base.String()
	}
	if cap > 0 {
		g += " up to " + cap.String()
	}
	return g
}

func waitPct(f float64) string { return fmt.Sprintf("%d%%", int(math.Round(f*100))) }

// spreadWait is a backoff whose every wait is multiplied by 1 ± f.
func spreadWait(st *site.Setting, growsDesc string, ratio float64, base, cap time.Duration, f float64, what string) *site.Wait {
	w := &site.Wait{Setting: st, Base: base, Cap: cap}
	switch {
	case ratio <= 1:
		w.Shape = site.ShapeConstant
		w.Desc = "a fixed " + base.String()
		if f > 0 {
			w.Desc += fmt.Sprintf(" ±%s (%s)", waitPct(math.Min(f, 1)), what)
		}
	case f <= 0:
		w.Shape = site.ShapeExponential
		w.Desc = growsDesc + " without jitter"
	case f >= 1:
		w.Shape = site.ShapeFullJitter
		w.Desc = fmt.Sprintf("jitter over [0, 2×] a backoff that %s (%s)", growsDesc, what)
	default:
		w.Shape = site.ShapePartialJitter
		w.Spread = "±" + waitPct(f)
		w.Desc = fmt.Sprintf("partial jitter: %s, ±%s around a backoff that %s (never below %s of the longest)",
			what, waitPct(f), growsDesc, waitPct((1-f)/(1+f)))
	}
	return w
}

func waitIsPkgFunc(o types.Object) bool {
	fn, ok := o.(*types.Func)
	if !ok {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil
}

func (m *Reader) grpcPolicyWait(s *site.Site) *site.Wait {
	p := s.GRPCPolicy
	w := &site.Wait{Kind: site.WaitLibrary, Pos: s.Pos, Base: p.InitialBackoff, Cap: p.MaxBackoff, Spread: "±20%"}
	if call, ok := s.Node.(*ast.CallExpr); ok && len(call.Args) == 1 {
		w.Expr = call.Args[0]
	}
	if p.BackoffMultiplier <= 1 || p.InitialBackoff >= p.MaxBackoff {
		w.Shape = site.ShapeConstant
		d := p.InitialBackoff
		if p.MaxBackoff < d {
			d = p.MaxBackoff
		}
		w.Desc = fmt.Sprintf("a fixed %s ±20%% (backoffMultiplier %s, initialBackoff %s, maxBackoff %s; gRPC's own jitter is ±20%%)", d, waitnum.Float(p.BackoffMultiplier), p.InitialBackoff, p.MaxBackoff)
		return w
	}
	w.Shape = site.ShapePartialJitter
	w.Desc = fmt.Sprintf("partial jitter: gRPC scales each backoff by a random 0.8-1.2 (never below 67%% of the longest); the backoff %s",
		waitExpo(p.BackoffMultiplier, p.InitialBackoff, p.MaxBackoff))
	return w
}
