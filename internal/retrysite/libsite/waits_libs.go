package libsite

import (
	"fmt"
	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
	"go/ast"
	"go/types"
	"math"
	"strings"
	"time"
)

// This file reads the waits of library retry sites from their settings:
// through the table's wait model (knowledge.WaitVocab, waits_models.go:
// cenkalti/backoff, k8s wait.Backoff and BackoffManager, go-resiliency
// retrier), or else the per-library readers named in the table
// (libmodels.go), below. What each of those libraries does was read from
// its code at the versions named in its table:
//
//   - retry-go: default DelayType CombineDelay(BackOffDelay, RandomDelay), Delay 100ms,
//     MaxJitter 100ms: delay×2^(n-1) plus a random [0, 100ms).
//   - go-retryablehttp DefaultBackoff: RetryWaitMin×2^attempt up to RetryWaitMax (1s,
//     30s), no jitter; LinearJitterBackoff: attempt × random[min, max).
//   - sethvargo/go-retry: WithJitter(j) adds ±j, WithJitterPercent(p) ±p%,
//     WithFullJitter draws from [0, next).
//   - failsafe-go: no delay by default; WithJitter(d) ±d, WithJitterFactor(f) ±f.
//   - resty v2/v3 built-in backoff: half of min(max, min×2^attempt) plus a random
//     draw of the other half (equal jitter); 100ms and 2s by default.
//   - gRPC retryPolicy: min(initialBackoff×multiplier^n, maxBackoff) × random[0.8, 1.2)
//     (grpc v1.85 stream.go).
//   - go-grpc-middleware: BackoffLinearWithJitter(50ms, 0.1) by default; JitterUp
//     multiplies by 1 ± jitterFraction.
//   - aws-sdk-go-v2 ExponentialJitterBackoff and gax-go Backoff draw from [0, ceiling):
//     full jitter.

// libWaits finds the waits a library site's settings configure.
func (m *Reader) libWaits(s *Site) {
	s.WaitsKnown = false
	s.Waits = nil
	if s.GRPCPolicy != nil {
		s.Waits = []*Wait{m.grpcPolicyWait(s)}
		s.WaitsKnown = true
		return
	}
	var w *Wait
	if !s.Opaque || s.Lib.Models.WaitsAnyConfig {
		if v := s.Lib.Waits; v != nil {
			if f := modelWaits[v.Model]; f != nil {
				w = f(m, s, v) // waits_models.go
			}
		} else if f := waitModels[s.Lib.Models.Waits]; f != nil {
			w = f(m, s)
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
	w.Kind = WaitLibrary
	s.Waits = []*Wait{w}
	s.WaitsKnown = true
}

// callsLib reports whether x is a call of a library function named name.
func (m *Reader) callsLib(x ast.Expr, name string) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutilCallee(m.info, call)
	return fn != nil && fn.Name() == name
}

// settingDur returns the duration of a setting's argument, the default
// when the setting is absent, and whether it is known.
func (m *Reader) settingDur(st *Setting, arg int, def time.Duration) (time.Duration, bool) {
	if st == nil {
		return def, true
	}
	return m.durationValue(st.Arg(arg))
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
func spreadWait(st *Setting, growsDesc string, ratio float64, base, cap time.Duration, f float64, what string) *Wait {
	w := &Wait{Setting: st, Base: base, Cap: cap}
	switch {
	case ratio <= 1:
		w.Shape = ShapeConstant
		w.Desc = "a fixed " + base.String()
		if f > 0 {
			w.Desc += fmt.Sprintf(" ±%s (%s)", waitPct(math.Min(f, 1)), what)
		}
	case f <= 0:
		w.Shape = ShapeExponential
		w.Desc = growsDesc + " without jitter"
	case f >= 1:
		w.Shape = ShapeFullJitter
		w.Desc = fmt.Sprintf("jitter over [0, 2×] a backoff that %s (%s)", growsDesc, what)
	default:
		w.Shape = ShapePartialJitter
		w.Spread = "±" + waitPct(f)
		w.Desc = fmt.Sprintf("partial jitter: %s, ±%s around a backoff that %s (never below %s of the longest)",
			what, waitPct(f), growsDesc, waitPct((1-f)/(1+f)))
	}
	return w
}

func (m *Reader) retryGoWait(s *Site) *Wait {
	delay, ok1 := m.settingDur(s.Last("Delay"), 0, 100*time.Millisecond)
	maxJitter, ok2 := m.settingDur(s.Last("MaxJitter"), 0, 100*time.Millisecond)
	maxDelay, ok3 := m.settingDur(s.Last("MaxDelay"), 0, 0)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	st := s.Last("DelayType")
	var names []string
	if st == nil {
		names = []string{"BackOffDelay", "RandomDelay"}
	} else {
		arg := st.Arg(0)
		if call, ok := ast.Unparen(arg).(*ast.CallExpr); ok {
			fn := typeutilCallee(m.info, call)
			if fn == nil || fn.Name() != "CombineDelay" || fn.Pkg() == m.pkg {
				return nil
			}
			for _, a := range call.Args {
				f := m.funcObj(a)
				if f == nil || f.Pkg() == m.pkg {
					return nil
				}
				names = append(names, f.Name())
			}
		} else if f := m.funcObj(arg); f != nil && f.Pkg() != m.pkg {
			names = []string{f.Name()}
		} else {
			// A delay function of this package: run it.
			lo, mid, hi, ok := m.wnum.Samples(arg, 0, 1, nil)
			if !ok {
				return nil
			}
			w := &Wait{Setting: st}
			m.wnum.Fill(waitnum.Classify(lo, mid, hi), w)
			if w.Shape == ShapeUnknown {
				return nil
			}
			return w
		}
	}
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	w := &Wait{Setting: st, Base: delay, Cap: maxDelay}
	defaultNote := ""
	if st == nil {
		defaultNote = " (retry-go's default DelayType, CombineDelay(BackOffDelay, RandomDelay))"
	}
	switch {
	case len(names) == 1 && has["FullJitterBackoffDelay"]:
		w.Shape = ShapeFullJitter
		w.Desc = "full jitter (FullJitterBackoffDelay)"
	case len(names) == 1 && has["FixedDelay"]:
		w.Shape = ShapeConstant
		w.Desc = "a fixed " + delay.String() + " (FixedDelay)"
	case len(names) == 1 && has["BackOffDelay"]:
		w.Shape = ShapeExponential
		w.Desc = waitExpo(2, delay, maxDelay) + " without jitter (BackOffDelay)"
	case len(names) == 1 && has["RandomDelay"]:
		w.Shape = ShapeConstant
		w.Base = maxJitter
		w.Desc = "a random wait under a fixed " + maxJitter.String() + " that never grows (RandomDelay)"
	case len(names) == 2 && has["BackOffDelay"] && has["RandomDelay"]:
		w.Shape = ShapePartialJitter
		w.Spread = "+" + maxJitter.String()
		floor := float64(delay) / float64(delay+maxJitter)
		w.Desc = fmt.Sprintf("partial jitter: the wait %s plus at most %s of jitter, never below the backoff (%s of the longest at first)%s",
			waitExpo(2, delay, maxDelay), maxJitter, waitPct(floor), defaultNote)
	case len(names) == 2 && has["FixedDelay"] && has["RandomDelay"]:
		w.Shape = ShapeConstant
		w.Desc = fmt.Sprintf("a fixed %s plus at most %s of random jitter", delay, maxJitter)
	default:
		return nil
	}
	return w
}

func (m *Reader) retryableWait(s *Site) *Wait {
	min, ok1 := m.settingDur(s.Last("RetryWaitMin"), 0, time.Second)
	max, ok2 := m.settingDur(s.Last("RetryWaitMax"), 0, 30*time.Second)
	st := s.Last("Backoff")
	if !ok1 || !ok2 {
		// DefaultBackoff never adds jitter, whatever its bounds (godo
		// sets RetryWaitMin from its own configuration): the shape is
		// known, the bounds are not (zero).
		if st != nil || (s.Last("NewClient") == nil && !(len(s.Settings) == 1 && waitIsPkgFunc(s.Settings[0].Obj))) {
			return nil
		}
		if !ok1 {
			min = 0
		}
		if !ok2 {
			max = 0
		}
		return &Wait{Setting: st, Shape: ShapeExponential, Base: min, Cap: max,
			Desc: waitExpo(2, min, max) + " without jitter (go-retryablehttp's DefaultBackoff; RetryWaitMin and RetryWaitMax only bound it)"}
	}
	name := "DefaultBackoff"
	if st != nil {
		f := m.funcObj(st.Arg(0))
		switch {
		case f != nil && f.Pkg() != nil && f.Pkg().Path() == knowledge.PathRetryableHTTP:
			name = f.Name()
		default:
			lo, mid, hi, ok := m.wnum.Samples(st.Arg(0), 2, 0, map[int]waitnum.Value{0: waitnum.Known(float64(min)), 1: waitnum.Known(float64(max))})
			if !ok {
				return nil
			}
			w := &Wait{Setting: st}
			m.wnum.Fill(waitnum.Classify(lo, mid, hi), w)
			if w.Shape == ShapeUnknown {
				return nil
			}
			return w
		}
	} else if s.Last("NewClient") == nil && !(len(s.Settings) == 1 && waitIsPkgFunc(s.Settings[0].Obj)) {
		return nil
	}
	w := &Wait{Setting: st, Base: min, Cap: max}
	switch name {
	case "DefaultBackoff":
		w.Shape = ShapeExponential
		w.Desc = waitExpo(2, min, max) + " without jitter (DefaultBackoff)"
		if st == nil {
			w.Desc = waitExpo(2, min, max) + " without jitter (go-retryablehttp's DefaultBackoff)"
		}
	case "LinearJitterBackoff", "RateLimitLinearJitterBackoff":
		w.Shape = ShapeLinear
		w.Desc = fmt.Sprintf("grows linearly: attempt × a random wait between %s and %s (%s)", min, max, name)
	default:
		return nil
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

func (m *Reader) sethvargoWait(s *Site) *Wait {
	base := s.Last("NewConstant", "NewExponential", "NewFibonacci")
	if base == nil {
		return nil
	}
	d, known := m.durationValue(base.Arg(0))
	if !known {
		d = 0
	}
	// fixed names a constant wait: its value, or "interval" when the
	// model cannot see it (Constant(ctx, t, f) passes a parameter).
	fixed := "a fixed interval"
	if known {
		fixed = "a fixed " + d.String()
	}
	var cap time.Duration
	if c := s.Last("WithCappedDuration"); c != nil {
		cap, _ = m.durationValue(c.Arg(0))
	}
	ratio := 2.0
	grows := waitExpo(2, d, cap)
	switch base.Name {
	case "NewConstant":
		ratio = 1
	case "NewFibonacci":
		ratio = 1.618
		grows = "grows like the Fibonacci sequence"
		if d > 0 {
			grows += " from " + d.String()
		}
	}
	j := s.Last("WithJitter", "WithJitterPercent", "WithFullJitter")
	if j == nil {
		if base.Name == "NewConstant" {
			return &Wait{Setting: base, Shape: ShapeConstant, Base: d, Desc: fixed + " (NewConstant)"}
		}
		return spreadWait(base, grows, ratio, d, cap, 0, "")
	}
	switch j.Name {
	case "WithFullJitter":
		if ratio <= 1 {
			ceiling := "a fixed ceiling"
			if known {
				ceiling = "a fixed " + d.String()
			}
			return &Wait{Setting: j, Shape: ShapeConstant, Base: d, Desc: "a random wait under " + ceiling + " that never grows (WithFullJitter over NewConstant)"}
		}
		return &Wait{Setting: j, Shape: ShapeFullJitter, Base: d, Cap: cap, Desc: "full jitter (WithFullJitter)"}
	case "WithJitterPercent":
		p, ok := m.intValue(j.Arg(0))
		if !ok {
			return nil
		}
		w := spreadWait(j, grows, ratio, d, cap, float64(min(p, 100))/100, fmt.Sprintf("WithJitterPercent(%d)", p))
		if ratio <= 1 && !known {
			// a fixed interval the model cannot see, not "a fixed 0s"
			w.Desc = strings.Replace(w.Desc, "a fixed "+d.String(), fixed, 1)
		}
		return w
	default: // WithJitter: ± an absolute duration
		jd, ok := m.durationValue(j.Arg(0))
		if !ok {
			return nil
		}
		if ratio <= 1 {
			return &Wait{Setting: j, Shape: ShapeConstant, Base: d, Desc: fmt.Sprintf("%s ±%s (WithJitter)", fixed, jd)}
		}
		return &Wait{Setting: j, Shape: ShapePartialJitter, Base: d, Cap: cap, Spread: "±" + jd.String(),
			Desc: fmt.Sprintf("partial jitter: WithJitter(%s) spreads each wait only ±%s around a backoff that %s, far past it", jd, jd, grows)}
	}
}

func (m *Reader) failsafeWait(s *Site) *Wait {
	st := s.Last("WithDelay", "WithBackoff", "WithBackoffFactor", "WithRandomDelay", "WithDelayFunc")
	if st == nil {
		b := s.Last("NewBuilder", "NewWithDefaults", "NewRetryPolicyBuilder")
		if b == nil {
			return nil
		}
		return &Wait{Setting: b, Shape: ShapeNone, Desc: "no wait: failsafe-go retry policies retry at once unless given a delay"}
	}
	jf := s.Last("WithJitter", "WithJitterFactor")
	f := 0.0
	what := ""
	absJitter := time.Duration(0)
	if jf != nil {
		if jf.Name == "WithJitterFactor" {
			v, ok := m.floatValue(jf.Arg(0))
			if !ok {
				return nil
			}
			f, what = v, fmt.Sprintf("WithJitterFactor(%s)", waitnum.Float(v))
		} else {
			v, ok := m.durationValue(jf.Arg(0))
			if !ok {
				return nil
			}
			absJitter, what = v, fmt.Sprintf("WithJitter(%s)", v)
		}
	}
	switch st.Name {
	case "WithDelayFunc":
		return nil
	case "WithDelay":
		d, ok := m.durationValue(st.Arg(0))
		if !ok {
			return &Wait{Setting: st, Shape: ShapeConstant, Desc: "a fixed interval (WithDelay)"}
		}
		if d == 0 {
			return &Wait{Setting: st, Shape: ShapeNone, Desc: "no wait (WithDelay(0))"}
		}
		w := spreadWait(st, "", 1, d, 0, f, what)
		if absJitter > 0 {
			w.Desc = fmt.Sprintf("a fixed %s ±%s (%s)", d, absJitter, what)
		}
		w.Desc += " (WithDelay)"
		return w
	case "WithRandomDelay":
		lo, ok1 := m.durationValue(st.Arg(0))
		hi, ok2 := m.durationValue(st.Arg(1))
		if !ok1 || !ok2 {
			return nil
		}
		if lo == 0 {
			return &Wait{Setting: st, Shape: ShapeConstant, Base: hi, Desc: "a random wait under a fixed " + hi.String() + " that never grows (WithRandomDelay)"}
		}
		return &Wait{Setting: st, Shape: ShapeConstant, Base: hi, Desc: fmt.Sprintf("a random wait between a fixed %s and %s that never grows (WithRandomDelay)", lo, hi)}
	}
	// WithBackoff(delay, max), WithBackoffFactor(delay, max, factor).
	d, ok1 := m.durationValue(st.Arg(0))
	max, ok2 := m.durationValue(st.Arg(1))
	factor := 2.0
	ok3 := true
	if st.Name == "WithBackoffFactor" {
		factor, ok3 = m.floatValue(st.Arg(2))
	}
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	grows := waitExpo(factor, d, max)
	if absJitter > 0 && factor > 1 {
		return &Wait{Setting: jf, Shape: ShapePartialJitter, Base: d, Cap: max, Spread: "±" + absJitter.String(),
			Desc: fmt.Sprintf("partial jitter: %s spreads each wait only ±%s around a backoff that %s", what, absJitter, grows)}
	}
	set := st
	if jf != nil {
		set = jf
	}
	w := spreadWait(set, grows, factor, d, max, f, what)
	w.Desc += " (" + st.Name + ")"
	return w
}

// restyWait reads resty's waits; retryAfter is true for v2, whose
// SetRetryAfter replaces the built-in backoff with a function.
func (m *Reader) restyWait(s *Site, retryAfter bool) *Wait {
	if retryAfter && s.Last("SetRetryAfter") != nil {
		return nil
	}
	if st := s.Last("SetRetryDelayStrategy"); st != nil {
		call, ok := ast.Unparen(st.Arg(0)).(*ast.CallExpr)
		if !ok {
			return nil
		}
		fn := typeutilCallee(m.info, call)
		if fn == nil || fn.Name() != "RetryConstantDelayStrategy" || len(call.Args) != 1 {
			return nil
		}
		d, ok := m.durationValue(call.Args[0])
		if !ok {
			return &Wait{Setting: st, Shape: ShapeConstant, Desc: "a fixed interval (RetryConstantDelayStrategy)"}
		}
		return &Wait{Setting: st, Shape: ShapeConstant, Base: d, Desc: "a fixed " + d.String() + " (RetryConstantDelayStrategy)"}
	}
	def := s.Lib.Defaults
	min, ok1 := m.settingDur(s.Last("SetRetryWaitTime"), 0, def.Initial)
	max, ok2 := m.settingDur(s.Last("SetRetryMaxWaitTime"), 0, def.Max)
	if !ok1 || !ok2 {
		return nil
	}
	if min <= 0 {
		min = def.Initial
	}
	if max <= 0 {
		max = def.Max
	}
	return &Wait{Shape: ShapeEqualJitter, Base: min, Cap: max, Spread: "at least half of the backoff",
		Desc: "equal jitter: waits at least half of the backoff, which " + waitExpo(2, min, max) + " (resty's built-in backoff)"}
}

func (m *Reader) grpcPolicyWait(s *Site) *Wait {
	p := s.GRPCPolicy
	w := &Wait{Kind: WaitLibrary, Pos: s.Pos, Base: p.InitialBackoff, Cap: p.MaxBackoff, Spread: "±20%"}
	if call, ok := s.Node.(*ast.CallExpr); ok && len(call.Args) == 1 {
		w.Expr = call.Args[0]
	}
	if p.BackoffMultiplier <= 1 || p.InitialBackoff >= p.MaxBackoff {
		w.Shape = ShapeConstant
		d := p.InitialBackoff
		if p.MaxBackoff < d {
			d = p.MaxBackoff
		}
		w.Desc = fmt.Sprintf("a fixed %s ±20%% (backoffMultiplier %s, initialBackoff %s, maxBackoff %s; gRPC's own jitter is ±20%%)", d, waitnum.Float(p.BackoffMultiplier), p.InitialBackoff, p.MaxBackoff)
		return w
	}
	w.Shape = ShapePartialJitter
	w.Desc = fmt.Sprintf("partial jitter: gRPC scales each backoff by a random 0.8-1.2 (never below 67%% of the longest); the backoff %s",
		waitExpo(p.BackoffMultiplier, p.InitialBackoff, p.MaxBackoff))
	return w
}

func (m *Reader) grpcMwWait(s *Site) *Wait {
	st := s.Last("WithBackoff", "WithBackoffContext")
	name, d, f := "BackoffLinearWithJitter", 50*time.Millisecond, 0.1
	var cap time.Duration
	var set *Setting
	if st != nil {
		call, ok := ast.Unparen(st.Arg(0)).(*ast.CallExpr)
		if !ok {
			return nil
		}
		fn := typeutilCallee(m.info, call)
		if fn == nil || fn.Pkg() == m.pkg || len(call.Args) == 0 {
			return nil
		}
		name, set = fn.Name(), st
		var ok1 bool
		if d, ok1 = m.durationValue(call.Args[0]); !ok1 {
			return nil
		}
		f = 0
		if len(call.Args) >= 2 {
			if f, ok1 = m.floatValue(call.Args[1]); !ok1 {
				return nil
			}
		}
		if len(call.Args) >= 3 {
			cap, _ = m.durationValue(call.Args[2])
		}
	}
	ratio := 1.0
	switch name {
	case "BackoffLinear", "BackoffLinearWithJitter":
	case "BackoffExponential", "BackoffExponentialWithJitter", "BackoffExponentialWithJitterBounded":
		ratio = 2
	default:
		return nil
	}
	what := fmt.Sprintf("%s jitterFraction %s", name, waitnum.Float(f))
	w := spreadWait(set, waitExpo(2, d, cap), ratio, d, cap, f, what)
	if st == nil {
		w.Desc += " (the interceptor's default BackoffLinearWithJitter(50ms, 0.1))"
	} else if ratio <= 1 {
		w.Desc += " (" + name + ")"
	}
	return w
}
