package waitnum

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file runs the interpreter of waits_num.go over successive attempts
// and reads a wait's shape from the values: how its ceiling grows (not at
// all, linearly, polynomially, exponentially) and how far below the
// ceiling its random floor lies (no jitter, full jitter from 0, equal
// jitter from half, other partial jitter).

// samplesN is the number of attempts the interpreter runs.
const samplesN = 8

// shapeLoopWait fills in the shape of one wait of a hand-written site.
func (m *model) shapeLoopWait(s *Site, body *ast.BlockStmt, self *types.Func, h *Hit, w *Wait) {
	var runs [3][]nval
	var counters [3]map[*types.Var][]float64
	apply := m.CollectDefaults(func() {
		for i, mode := range []float64{0, 0.5, 1} {
			runs[i], counters[i] = m.runWait(s, body, self, h, mode)
		}
	})
	sh := classifyWait(runs[0], runs[1], runs[2])
	if sh.shape == ShapeConstant && sh.opaque && m.reassignedFromCall(s.Node, h) {
		sh = waitShape{shape: ShapeUnknown} // waits_reassigned.go
	}
	if sh.shape == ShapeConstant && !sh.opaque && sh.base > 0 && m.reassignedOtherConst(s.Node, h, sh.base) {
		sh = waitShape{shape: ShapeUnknown} // waits_reassigned_const.go
	}
	sh.fill(w, h, m)
	apply(w) // the defaults the runs read (Model.CollectDefaults)
	w.Attempt = attemptCounter(counters[0], h.node.Pos(), m)
}

// attemptCounter picks, among the integer variables that hold a value at
// the wait, one that grows by one per attempt, preferring one that starts
// at zero.
func attemptCounter(cs map[*types.Var][]float64, pos token.Pos, m *model) *types.Var {
	var best *types.Var
	for v, xs := range cs {
		if len(xs) < 3 {
			continue
		}
		ok := true
		for i := 1; i < len(xs); i++ {
			if xs[i] != xs[i-1]+1 {
				ok = false
			}
		}
		if !ok || v.Pkg() != m.pkg {
			continue
		}
		// It must be in scope at the wait.
		if sc := m.pkg.Scope().Innermost(pos); sc == nil {
			continue
		} else if _, o := sc.LookupParent(v.Name(), pos); o != v {
			continue
		}
		switch {
		case best == nil:
			best = v
		case xs[0] == 0 && cs[best][0] != 0:
			best = v
		case (xs[0] == 0) == (cs[best][0] == 0) && v.Pos() < best.Pos():
			best = v
		}
	}
	return best
}

// runWait runs the site's iterations and returns the wait's value in
// each (not ok where the path skipped it).
func (m *model) runWait(s *Site, fbody *ast.BlockStmt, self *types.Func, h *Hit, mode float64) ([]nval, map[*types.Var][]float64) {
	res := make([]nval, 0, samplesN)
	var region ast.Node
	var list []ast.Stmt
	var post ast.Stmt
	var rng *ast.RangeStmt
	ip := m.newInterp(mode, nil, fbody)
	switch n := s.Node.(type) {
	case *ast.ForStmt:
		region, list, post = n, n.Body.List, n.Post
	case *ast.RangeStmt:
		region, list, rng = n, n.Body.List, n
	case *ast.FuncDecl:
		region, list = n.Body, n.Body.List
		if lit := heldClosureOf(m.info, n.Body, self, h.node); lit != nil {
			// The wait is in a closure that calls the function itself
			// (typesx.HeldSelfCalls): each attempt runs the closure's
			// body up to that call, with the parameters it captured.
			region, list = lit.Body, lit.Body.List
		}
		ip.self = self
		if n.Type.Params != nil {
			for _, f := range n.Type.Params.List {
				for _, name := range f.Names {
					v, _ := m.info.Defs[name].(*types.Var)
					ip.params = append(ip.params, v)
				}
			}
		}
	case *ast.LabeledStmt:
		region = n
		list = stmtsFrom(fbody, n)
		ip.label, _ = m.info.Defs[n.Label].(*types.Label)
	default:
		return nil, nil
	}
	full := m.newInterp(mode, region, fbody)
	full.self, full.params, full.label = ip.self, ip.params, ip.label
	ip = full
	ip.hit = h
	if f, ok := s.Node.(*ast.ForStmt); ok && f.Init != nil {
		ip.stmt(f.Init)
	}
	counters := make(map[*types.Var][]float64)
	recordedN := 0
	var rangeList *ast.CompositeLit
	// A range over a ticker's channel waits at its head (forms.go).
	tick := rng != nil && h.node == rng
	if tick {
		rng = nil
	}
	if rng != nil {
		if _, isInt := m.info.TypeOf(rng.X).Underlying().(*types.Basic); !isInt {
			rangeList = ip.listLiteral(rng.X)
			if rangeList == nil {
				return nil, nil
			}
		}
	}
	for k := 0; k < samplesN; k++ {
		if rng != nil {
			if kv := ip.localVar(rng.Key); kv != nil {
				ip.env[kv] = nval{v: float64(k), ok: true, vary: true}
			}
			if rng.Value != nil {
				if vv := ip.localVar(rng.Value); vv != nil {
					if rangeList == nil || k >= len(rangeList.Elts) {
						ip.env[vv] = nval{end: true}
					} else {
						x := ip.eval(rangeList.Elts[k])
						x.sched = true
						ip.env[vv] = x
					}
				}
			}
		}
		ip.recorded = false
		if tick {
			ip.record()
		}
		c := ip.stmts(list)
		if ip.recorded {
			res = append(res, ip.rec)
			for v, x := range ip.snap {
				if x.ok && !x.opq && !x.rnd && wIsInteger(v.Type()) && len(counters[v]) == recordedN {
					counters[v] = append(counters[v], x.v)
				}
			}
			recordedN++
		} else {
			res = append(res, nval{})
		}
		switch c {
		case ctrlStop:
			return append(res, nval{}), counters
		case ctrlBreak, ctrlReturn:
			return res, counters
		case ctrlRecurse:
			ip.env = make(map[*types.Var]nval)
			for p, v := range ip.next {
				if v.ok {
					v.vary = true
				}
				ip.env[p] = v
			}
		}
		if post != nil {
			ip.stmt(post)
		}
	}
	for v, xs := range counters {
		if len(xs) != recordedN {
			delete(counters, v)
		}
	}
	return res, counters
}

// stmtsFrom returns the statements of the block that holds l, from l on.
func stmtsFrom(body *ast.BlockStmt, l *ast.LabeledStmt) []ast.Stmt {
	var res []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		if res != nil {
			return false
		}
		var list []ast.Stmt
		switch b := n.(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		default:
			return true
		}
		for i, s := range list {
			if s == l {
				res = list[i:]
				return false
			}
		}
		return true
	})
	return res
}

// waitShape is what the classification finds.
type waitShape struct {
	shape     Shape
	base, cap float64 // ns; 0 when unknown
	capped    bool
	opaque    bool
	ratio     float64 // growth per attempt (exponential)
	step      float64 // growth per attempt (linear)
	floor     float64 // the smallest floor/ceiling ratio (jitter)
	jitter    string  // "", "full", "equal", "partial", "decorrelated"
	schedule  []float64
	sched     bool
	// mid0 and floor0 are the middle and the floor of the first wait.
	mid0, floor0 float64
}

const wEps = 1e-6

func wApprox(a, b float64) bool {
	return math.Abs(a-b) <= wEps*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func wNear(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}

// classifyWait reads the shape from the values at the three modes.
func classifyWait(lo, mid, hi []nval) waitShape {
	var ceil, floor, middle []float64
	var ws waitShape
	rnd, decor := false, false
	for k := 0; k < len(lo) && k < len(mid) && k < len(hi); k++ {
		a, b, c := lo[k], mid[k], hi[k]
		if !a.ok && !b.ok && !c.ok {
			if a.end || b.end || c.end {
				break
			}
			if a == (nval{}) && b == (nval{}) && c == (nval{}) {
				// The path skipped the wait this attempt (the
				// first attempt of `if attempt > 0 { sleep }`).
				continue
			}
			return waitShape{shape: ShapeUnknown}
		}
		if !a.ok || !b.ok || !c.ok || a.raw || b.raw || c.raw {
			return waitShape{shape: ShapeUnknown}
		}
		ceil = append(ceil, math.Max(a.v, math.Max(b.v, c.v)))
		floor = append(floor, math.Min(a.v, math.Min(b.v, c.v)))
		middle = append(middle, b.v)
		rnd = rnd || a.rnd || b.rnd || c.rnd
		decor = decor || a.decor || b.decor || c.decor
		ws.opaque = ws.opaque || a.opq || b.opq || c.opq
		ws.sched = ws.sched || a.sched || b.sched || c.sched
	}
	if len(ceil) == 0 {
		return waitShape{shape: ShapeUnknown}
	}
	for _, f := range floor {
		if f < -wEps {
			return waitShape{shape: ShapeUnknown}
		}
	}
	ws.base, ws.mid0, ws.floor0 = ceil[0], middle[0], floor[0]
	// Jitter: how far below its ceiling a wait can fall.
	ws.floor = 1
	for i := range ceil {
		if ceil[i] > 0 {
			ws.floor = math.Min(ws.floor, floor[i]/ceil[i])
		}
	}
	switch {
	case !rnd:
		ws.floor = 1
	case decor:
		ws.jitter = "decorrelated"
	case ws.floor <= 0.02:
		ws.jitter = "full"
	case wNear(ws.floor, 0.5, 0.03):
		maxFloor := 0.0
		for i := range ceil {
			if ceil[i] > 0 {
				maxFloor = math.Max(maxFloor, floor[i]/ceil[i])
			}
		}
		if wNear(maxFloor, 0.5, 0.03) {
			ws.jitter = "equal"
		} else {
			ws.jitter = "partial"
		}
	default:
		ws.jitter = "partial"
	}
	if ws.sched && !rnd {
		ws.schedule = ceil
		ws.shape = ShapeSchedule
		if wAllEqual(ceil) {
			ws.shape = ShapeConstant
		}
		return ws
	}
	g := waitGrowthOf(ceil)
	ws.capped, ws.cap = g.capped, g.cap
	ws.ratio, ws.step = g.ratio, g.step
	switch g.kind {
	case "none":
		ws.shape = ShapeConstant
		if ceil[0] == 0 {
			ws.shape = ShapeNone
		}
	case "linear":
		ws.shape = ShapeLinear
	case "poly":
		ws.shape = ShapePolynomial
	case "exp":
		switch ws.jitter {
		case "":
			ws.shape = ShapeExponential
		case "full":
			ws.shape = ShapeFullJitter
		case "decorrelated":
			ws.shape = ShapeDecorrelated
		case "equal":
			ws.shape = ShapeEqualJitter
		default:
			ws.shape = ShapePartialJitter
		}
	default:
		ws.shape = ShapeUnknown
	}
	return ws
}

func wAllEqual(xs []float64) bool {
	for _, x := range xs {
		if !wApprox(x, xs[0]) {
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
}

// growthOf reads how a sequence of ceilings grows, allowing a cap that
// flattens its end.
func waitGrowthOf(c []float64) waitGrowth {
	if wAllEqual(c) {
		return waitGrowth{kind: "none"}
	}
	j := len(c) - 1
	for j > 0 && wApprox(c[j], c[j-1]) {
		j--
	}
	g := waitGrowth{}
	if j < len(c)-1 {
		g.capped, g.cap = true, c[len(c)-1]
	}
	seg := c[:j+1]
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

// fill writes the shape into a Wait with its description.
func (ws waitShape) fill(w *Wait, h *Hit, m *model) {
	w.Shape = ws.shape
	if !ws.opaque {
		w.Base = time.Duration(ws.base)
		if ws.capped {
			w.Cap = time.Duration(ws.cap)
		}
	}
	what := ""
	if h != nil && h.expr != nil {
		what = types.ExprString(h.expr)
	}
	from := func() string {
		if ws.opaque || ws.base <= 0 {
			if what != "" {
				return " (" + what + ")"
			}
			return ""
		}
		return " from " + fmtNs(ws.base)
	}
	upTo := func() string {
		if ws.capped && !ws.opaque {
			return " up to " + fmtNs(ws.cap)
		}
		return ""
	}
	grows := func() string {
		switch {
		case ws.ratio > 0 && wNear(ws.ratio, 2, 0.01):
			return "doubles" + from() + upTo()
		case ws.ratio > 0 && !ws.opaque:
			// An opaque wait's numbers are stand-ins: its ratio too.
			return fmt.Sprintf("grows ×%s per attempt%s%s", wFloat(ws.ratio), from(), upTo())
		}
		return "grows exponentially" + from() + upTo()
	}
	pct := int(math.Round(ws.floor * 100))
	switch ws.shape {
	case ShapeNone:
		w.Desc = "no wait (a zero duration)"
	case ShapeConstant:
		switch {
		case ws.jitter == "" && !ws.opaque:
			w.Desc = "a fixed " + fmtNs(ws.base)
		case ws.jitter == "":
			w.Desc = "a fixed interval"
			if what != "" {
				w.Desc += " (" + what + ")"
			}
		case ws.floor <= 0.02 && !ws.opaque:
			w.Desc = "a random wait under a fixed " + fmtNs(ws.base) + " that never grows"
		case ws.floor <= 0.02:
			w.Desc = "a random wait under a fixed ceiling that never grows"
		default:
			w.Desc = fmt.Sprintf("a fixed interval with a little jitter (at least %d%% of it every time)", pct)
			if !ws.opaque {
				w.Desc = fmt.Sprintf("a fixed %s to %s (jittered within that range, but it never grows)", fmtNs(ws.floor0), fmtNs(ws.base))
			}
		}
	case ShapeLinear:
		if ws.step > 0 && !ws.opaque {
			w.Desc = "grows linearly by " + fmtNs(ws.step) + " per attempt"
		} else {
			w.Desc = "grows linearly with the attempt"
		}
		w.Desc += jitterNote(ws)
	case ShapePolynomial:
		w.Desc = "grows polynomially with the attempt" + jitterNote(ws)
	case ShapeExponential:
		w.Desc = grows() + " without jitter"
	case ShapeEqualJitter:
		w.Spread = "at least half of the backoff"
		w.Desc = "equal jitter: waits at least half of the backoff, which " + grows()
	case ShapePartialJitter:
		if !ws.opaque && ws.mid0 > 0 {
			ws.base = ws.mid0
		}
		w.Spread = fmt.Sprintf("at least %d%% of the backoff", pct)
		w.Desc = fmt.Sprintf("partial jitter: every wait is at least %d%% of the backoff, which %s", pct, grows())
	case ShapeFullJitter:
		w.Desc = "full jitter over a backoff that " + grows()
	case ShapeDecorrelated:
		w.Desc = "decorrelated jitter"
	case ShapeSchedule:
		var parts []string
		for _, x := range ws.schedule {
			parts = append(parts, fmtNs(x))
		}
		w.Desc = "a fixed schedule (" + strings.Join(parts, ", ") + ") without jitter"
	}
}

func jitterNote(ws waitShape) string {
	switch ws.jitter {
	case "":
		return ", without jitter"
	case "full":
		return ", with jitter"
	}
	return fmt.Sprintf(", never below %d%% of it", int(math.Round(ws.floor*100)))
}

// fmtNs renders a duration in nanoseconds as Go does: 2s, 250ms, 1.5s.
func fmtNs(ns float64) string {
	return time.Duration(math.Round(ns)).String()
}

func wFloat(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// heldClosureOf returns the held closure of body that calls self and
// holds n, or nil.
func heldClosureOf(info *types.Info, body *ast.BlockStmt, self *types.Func, n ast.Node) *ast.FuncLit {
	if self == nil || n == nil {
		return nil
	}
	for _, lit := range typesx.HeldSelfCalls(info, body, self) {
		if lit.Pos() <= n.Pos() && n.End() <= lit.End() {
			return lit
		}
	}
	return nil
}
