package waitshape

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// A WaitShape is what Classify finds.
type WaitShape struct {
	Shape     site.Shape
	Base, Cap float64 // ns; 0 when unknown
	Capped    bool
	Opaque    bool
	Ratio     float64 // growth per attempt (exponential)
	Step      float64 // growth per attempt (linear)
	Floor     float64 // the smallest floor/ceiling ratio (jitter)
	Jitter    string  // "", "full", "equal", "partial", "floor", "clamped", "decorrelated"
	Schedule  []float64
	Sched     bool
	// mid0 and floor0 are the middle and the floor of the first wait.
	Mid0, Floor0 float64
	// Floors are the least waits of the attempts run, in order, when
	// none was left out as unknown.
	Floors []float64
}

const wEps = 1e-6

// ShapeSamples is how many attempts' values Classify reads the shape
// from.
const ShapeSamples = 8

// Approx reports whether a and b are equal up to rounding.
func Approx(a, b float64) bool {
	return math.Abs(a-b) <= wEps*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func wNear(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}

// Classify reads the shape from the values at the three modes (random
// draws at the low, middle and high end of their range).
//
// The shape is read from the first ShapeSamples attempts: past them a
// polynomial's ratios flatten towards an exponential's. The floors of
// all the attempts run are kept (WaitShape.Floors), for the sum of the
// waits a bound of more attempts can take.
func Classify(lo, mid, hi []Num) WaitShape {
	var floorsAll []float64
	lateUnknown := false
	for k := ShapeSamples; k < len(lo) && k < len(mid) && k < len(hi); k++ {
		a, b, c := lo[k], mid[k], hi[k]
		if a.End || b.End || c.End {
			break
		}
		if a.Skip && b.Skip && c.Skip {
			continue
		}
		if !a.OK || !b.OK || !c.OK || a.Raw || b.Raw || c.Raw {
			lateUnknown = true
			break
		}
		floorsAll = append(floorsAll, math.Min(a.V, math.Min(b.V, c.V)))
	}
	lo, mid, hi = lo[:min(len(lo), ShapeSamples)], mid[:min(len(mid), ShapeSamples)], hi[:min(len(hi), ShapeSamples)]
	var ceil, floor, middle []float64
	var ws WaitShape
	rnd, decor, unknownAfter := false, false, false
	clamped := false // a draw whose middle is its top (clamp after the draw)
	for k := 0; k < len(lo) && k < len(mid) && k < len(hi); k++ {
		a, b, c := lo[k], mid[k], hi[k]
		if !a.OK && !b.OK && !c.OK {
			if a.End || b.End || c.End {
				break
			}
			if a.Skip && b.Skip && c.Skip {
				// The path skipped the wait this attempt (the
				// first attempt of `if attempt > 0 { sleep }`).
				continue
			}
			if a == (Num{}) && b == (Num{}) && c == (Num{}) {
				// A wait the interpreter cannot compute this
				// attempt (1 << (retry-1) at retry 0, a value
				// set on another path); after known ones, they
				// may not say that there is no wait
				// (unknownAfter, below).
				unknownAfter = unknownAfter || len(ceil) > 0
				continue
			}
			return WaitShape{Shape: site.ShapeUnknown}
		}
		if !a.OK || !b.OK || !c.OK || a.Raw || b.Raw || c.Raw {
			return WaitShape{Shape: site.ShapeUnknown}
		}
		ceil = append(ceil, math.Max(a.V, math.Max(b.V, c.V)))
		floor = append(floor, math.Min(a.V, math.Min(b.V, c.V)))
		middle = append(middle, b.V)
		k := len(ceil) - 1
		clamped = clamped || (a.Rnd || b.Rnd || c.Rnd) && floor[k] < 0.98*ceil[k] && Approx(b.V, ceil[k])
		rnd = rnd || a.Rnd || b.Rnd || c.Rnd
		decor = decor || a.Decor || b.Decor || c.Decor
		ws.Opaque = ws.Opaque || a.Opq || b.Opq || c.Opq
		ws.Sched = ws.Sched || a.Sched || b.Sched || c.Sched
	}
	if len(ceil) == 0 {
		return WaitShape{Shape: site.ShapeUnknown}
	}
	for _, f := range floor {
		if f < -wEps {
			return WaitShape{Shape: site.ShapeUnknown}
		}
	}
	ws.Base, ws.Mid0, ws.Floor0 = ceil[0], middle[0], floor[0]
	if !unknownAfter {
		ws.Floors = floor
		if !lateUnknown {
			ws.Floors = append(slices.Clip(floor), floorsAll...)
		}
	}
	// Jitter: how far below its ceiling a wait can fall.
	ws.Floor = 1
	for i := range ceil {
		if ceil[i] > 0 {
			ws.Floor = math.Min(ws.Floor, floor[i]/ceil[i])
		}
	}
	switch {
	case !rnd:
		ws.Floor = 1
	case decor:
		ws.Jitter = "decorrelated"
	case clamped:
		// Half the draws or more land on the top: a cap applied
		// after the draw (min(cap, rand*2^n*base)), not under it.
		ws.Jitter = "clamped"
	case fixedFloor(floor, ceil):
		ws.Jitter = "floor"
	case ws.Floor <= 0.02:
		ws.Jitter = "full"
	case wNear(ws.Floor, 0.5, 0.03):
		maxFloor := 0.0
		for i := range ceil {
			if ceil[i] > 0 {
				maxFloor = math.Max(maxFloor, floor[i]/ceil[i])
			}
		}
		if wNear(maxFloor, 0.5, 0.03) {
			ws.Jitter = "equal"
		} else {
			ws.Jitter = "partial"
		}
	default:
		ws.Jitter = "partial"
	}
	if ws.Sched && !rnd {
		ws.Schedule = ceil
		ws.Shape = site.ShapeSchedule
		if wAllEqual(ceil) {
			ws.Shape = site.ShapeConstant
		}
		return ws
	}
	g := waitGrowthOf(ceil)
	if g.capped && g.points < 3 && rnd {
		// The cap flattens the ceilings after two (a random base
		// from 3s to 11s, doubled per attempt and capped at 15s):
		// the floors, cut later, show how the backoff grows.
		if fg := waitGrowthOf(floor); fg.points >= 3 && fg.kind == "exp" {
			g.kind, g.ratio, g.step = fg.kind, fg.ratio, 0
		}
	}
	ws.Capped, ws.Cap = g.capped, g.cap
	ws.Ratio, ws.Step = g.ratio, g.step
	switch g.kind {
	case "none":
		ws.Shape = site.ShapeConstant
		if ceil[0] == 0 {
			ws.Shape = site.ShapeNone
			if unknownAfter {
				// No wait on the attempts computed, an
				// unknown one later (if retry == 0 { return 0 }
				// before a loop the interpreter cannot run).
				return WaitShape{Shape: site.ShapeUnknown}
			}
		}
	case "linear":
		ws.Shape = site.ShapeLinear
	case "poly":
		ws.Shape = site.ShapePolynomial
	case "exp":
		switch ws.Jitter {
		case "":
			ws.Shape = site.ShapeExponential
		case "full":
			ws.Shape = site.ShapeFullJitter
		case "decorrelated":
			ws.Shape = site.ShapeDecorrelated
		case "equal":
			ws.Shape = site.ShapeEqualJitter
		default:
			ws.Shape = site.ShapePartialJitter
		}
	default:
		ws.Shape = site.ShapeUnknown
	}
	return ws
}

// fixedFloor reports whether the draws never fall below one positive
// amount while their ceilings grow (min + rand*(ceil-min)): a fixed
// amount under every wait is additive jitter, whatever share of the
// later ceilings it is (the ratio alone would call it full jitter once
// enough attempts run).
func fixedFloor(floor, ceil []float64) bool {
	return len(floor) >= 3 && floor[0] > 0 && wAllEqual(floor) && ceil[len(ceil)-1] > 2*ceil[0]
}

func wAllEqual(xs []float64) bool {
	for _, x := range xs {
		if !Approx(x, xs[0]) {
			return false
		}
	}
	return true
}

type waitGrowth struct {
	kind   string // none, linear, poly, exp, unknown
	ratio  float64
	step   float64
	capped bool
	cap    float64
	// points is how many values before the cap were judged.
	points int
}

// waitGrowthOf reads how a sequence of ceilings grows, allowing a cap that
// flattens its end.
func waitGrowthOf(c []float64) waitGrowth {
	if wAllEqual(c) {
		return waitGrowth{kind: "none"}
	}
	j := len(c) - 1
	for j > 0 && Approx(c[j], c[j-1]) {
		j--
	}
	g := waitGrowth{}
	if j < len(c)-1 {
		g.capped, g.cap = true, c[len(c)-1]
	}
	seg := c[:j+1]
	g.points = len(seg)
	for i := 1; i < len(seg); i++ {
		if seg[i] < seg[i-1]-wEps*math.Max(1, seg[i-1]) {
			return waitGrowth{kind: "unknown"}
		}
	}
	// With a cap, the last step may be cut short: judge the steps
	// before it, and check the last does not exceed the trend.
	judge := seg
	if g.capped && len(seg) >= 4 {
		judge = seg[:len(seg)-1]
	}
	if len(judge) == 2 {
		if judge[0] > 0 && judge[1]/judge[0] >= 1.5 {
			g.kind, g.ratio = "exp", judge[1]/judge[0]
			return g
		}
		g.kind, g.step = "linear", judge[1]-judge[0]
		return g
	}
	diffs := make([]float64, len(judge)-1)
	for i := range diffs {
		diffs[i] = judge[i+1] - judge[i]
	}
	if wAllNear(diffs, 0.01) {
		g.kind, g.step = "linear", diffs[0]
		return g
	}
	var ratios []float64
	for i := 1; i < len(judge); i++ {
		if judge[i-1] > 0 {
			ratios = append(ratios, judge[i]/judge[i-1])
		}
	}
	if len(ratios) >= 2 && wAllNear(ratios, 0.05) && ratios[0] > 1.05 {
		g.kind, g.ratio = "exp", ratios[len(ratios)-1]
		return g
	}
	// A cap reached at the last attempt run cuts its step short
	// (6.4s, then 10s): the steps before it decide.
	if n := len(ratios); !g.capped && n >= 3 && wAllNear(ratios[:n-1], 0.05) && ratios[0] > 1.05 && ratios[n-1] < ratios[0] && ratios[n-1] >= 1 {
		g.kind, g.ratio = "exp", ratios[0]
		g.capped, g.cap = true, judge[len(judge)-1]
		return g
	}
	// A geometric series summed (delay += 2^attempt s: 2, 6, 14, 30s)
	// has steps that grow by one ratio: exponential, at that ratio. (A
	// polynomial's steps grow by ratios that fall towards 1.)
	if len(diffs) >= 3 && diffs[0] > 0 {
		steps := make([]float64, 0, len(diffs)-1)
		for i := 1; i < len(diffs); i++ {
			steps = append(steps, diffs[i]/diffs[i-1])
		}
		if wAllNear(steps, 0.05) && steps[0] > 1.3 {
			g.kind, g.ratio = "exp", steps[0]
			return g
		}
	}
	// Ratios that settle on a constant (Fibonacci) are exponential;
	// ratios that fall towards 1 are polynomial.
	if len(ratios) >= 3 {
		last := ratios[len(ratios)-3:]
		if wAllNear(last, 0.08) && last[2] > 1.3 {
			g.kind, g.ratio = "exp", last[2]
			return g
		}
	}
	increasing := true
	for i := 1; i < len(diffs); i++ {
		if diffs[i] < diffs[i-1]-wEps*math.Max(1, diffs[i-1]) {
			increasing = false
		}
	}
	if increasing {
		g.kind = "poly"
		return g
	}
	return waitGrowth{kind: "unknown"}
}

func wAllNear(xs []float64, rel float64) bool {
	for _, x := range xs {
		if !wNear(x, xs[0], rel) {
			return false
		}
	}
	return true
}

// Fill writes the shape into w with its description; what is the
// duration expression of the wait ("" when there is none), named when
// the numbers are stand-ins.
func (ws WaitShape) Fill(w *site.Wait, what string) {
	w.Shape = ws.Shape
	if !ws.Opaque {
		w.Floors = w.Floors[:0]
		for _, f := range ws.Floors {
			w.Floors = append(w.Floors, time.Duration(f))
		}
		w.Base = time.Duration(ws.Base)
		w.Floor, w.FloorKnown = time.Duration(ws.Floor0), true
		if ws.Capped {
			w.Cap = time.Duration(ws.Cap)
		}
	}
	from := func() string {
		if ws.Opaque || ws.Base <= 0 {
			if what != "" {
				return " (" + what + ")"
			}
			return ""
		}
		return " from " + fmtNs(ws.Base)
	}
	upTo := func() string {
		if ws.Capped && !ws.Opaque {
			return " up to " + fmtNs(ws.Cap)
		}
		return ""
	}
	grows := func() string {
		switch {
		case ws.Ratio > 0 && wNear(ws.Ratio, 2, 0.01):
			return "doubles" + from() + upTo()
		case ws.Ratio > 0 && !ws.Opaque:
			// An opaque wait's numbers are stand-ins: its ratio too.
			return fmt.Sprintf("grows ×%s per attempt%s%s", Float(ws.Ratio), from(), upTo())
		}
		return "grows exponentially" + from() + upTo()
	}
	pct := int(math.Round(ws.Floor * 100))
	switch ws.Shape {
	case site.ShapeNone:
		w.Desc = "no wait (a zero duration)"
	case site.ShapeConstant:
		switch {
		case ws.Jitter == "" && !ws.Opaque:
			w.Desc = "a fixed " + fmtNs(ws.Base)
		case ws.Jitter == "":
			w.Desc = "a fixed interval"
			if what != "" {
				w.Desc += " (" + what + ")"
			}
		case ws.Floor <= 0.02 && !ws.Opaque:
			w.Desc = "a random wait under a fixed " + fmtNs(ws.Base) + " that never grows"
		case ws.Floor <= 0.02:
			w.Desc = "a random wait under a fixed ceiling that never grows"
		default:
			w.Desc = fmt.Sprintf("a fixed interval with a little jitter (at least %d%% of it every time)", pct)
			if !ws.Opaque {
				w.Desc = fmt.Sprintf("a fixed %s to %s (jittered within that range, but it never grows)", fmtNs(ws.Floor0), fmtNs(ws.Base))
			}
		}
	case site.ShapeLinear:
		if ws.Step > 0 && !ws.Opaque {
			w.Desc = "grows linearly by " + fmtNs(ws.Step) + " per attempt"
		} else {
			w.Desc = "grows linearly with the attempt"
		}
		w.Desc += jitterNote(ws)
	case site.ShapePolynomial:
		w.Desc = "grows polynomially with the attempt" + jitterNote(ws)
	case site.ShapeExponential:
		w.Desc = grows() + " without jitter"
	case site.ShapeEqualJitter:
		w.Desc = "equal jitter: waits at least half of the backoff, which " + grows()
	case site.ShapePartialJitter:
		if ws.Jitter == "clamped" {
			w.Desc = "a random draw clamped at its cap after it is drawn: from some attempt on, half the waits or more are the cap, and the backoff " + grows()
			break
		}
		if ws.Jitter == "floor" {
			w.Desc = "partial jitter: no wait is under a fixed " + fmtNs(ws.Floor0) + ", and the backoff " + grows()
			if ws.Opaque {
				w.Desc = "partial jitter: no wait is under a fixed floor, and the backoff " + grows()
			}
			break
		}
		if !ws.Opaque && ws.Mid0 > 0 {
			ws.Base = ws.Mid0
		}
		w.Desc = fmt.Sprintf("partial jitter: every wait is at least %d%% of the backoff, which %s", pct, grows())
		if ws.Opaque {
			// The share comes from the stand-ins of values the model
			// cannot see (a draw of 1s added to an unseen interval):
			// only that no wait starts from 0 holds whatever they are.
			w.Desc = "partial jitter: every wait has a floor (the draw never starts from 0), and the backoff " + grows()
		}
	case site.ShapeFullJitter:
		w.Desc = "full jitter over a backoff that " + grows()
	case site.ShapeDecorrelated:
		w.Desc = "decorrelated jitter"
	case site.ShapeSchedule:
		var parts []string
		for _, x := range ws.Schedule {
			parts = append(parts, fmtNs(x))
		}
		w.Desc = "a fixed schedule (" + strings.Join(parts, ", ") + ") without jitter"
	}
}

func jitterNote(ws WaitShape) string {
	switch ws.Jitter {
	case "":
		return ", without jitter"
	case "full":
		return ", with jitter"
	}
	return fmt.Sprintf(", never below %d%% of it", int(math.Round(ws.Floor*100)))
}

// fmtNs renders a duration in nanoseconds as Go does: 2s, 250ms, 1.5s;
// one of a millisecond or more to the microsecond (an inclusive draw,
// rand.N(half+1), leaves a nanosecond on its top: 200.000001ms is 200ms).
func fmtNs(ns float64) string {
	d := time.Duration(math.Round(ns))
	if d >= time.Millisecond {
		d = d.Round(time.Microsecond)
	}
	return d.String()
}
