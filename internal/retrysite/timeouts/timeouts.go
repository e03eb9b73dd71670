package timeouts

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file is the timeouts aspect (R-3 and the timeout standard): does
// every attempt have a timeout, is the whole retry capped, and what is its
// worst case when it can be computed. The resolution of contexts, requests
// and clients is in timeouts_resolve.go, the libraries in
// timeouts_libs.go.

// opFact is what the model knows of one operation's time bound.
type opFact struct {
	http   bool
	client clientFact
	// grpc is true for a gRPC unary call (grpccall.go).
	grpc bool
	// ctx is the context of the request (HTTP) or of the operation's
	// context arguments.
	ctx ctxFact
	// dur is a constant bound on one attempt, when durKnown.
	dur      time.Duration
	durKnown bool
}

// noTimeout reports whether the operation certainly runs with no timeout:
// an HTTP call through a client with no Timeout, with a request whose
// context has no deadline.
func (f opFact) noTimeout() bool {
	return f.http && f.client.kind == clientNoTimeout && (f.ctx.kind == ctxBack || f.ctx.kind == ctxNone) && !f.ctx.attempt ||
		f.grpcUntimed()
}

// grpcUntimed reports whether the operation is a gRPC call whose context
// has no deadline of its own: none at all, or the caller's, which bounds
// the whole retry and not one attempt.
func (f opFact) grpcUntimed() bool {
	return f.grpc && (f.ctx.kind == ctxBack || f.ctx.kind == ctxCaller) && !f.ctx.attempt && !f.durKnown
}

func (f opFact) why() string {
	if f.grpcUntimed() {
		if f.ctx.kind == ctxCaller {
			return "the gRPC call's context, " + ctxName(f.ctx) + ", has no deadline of its own; only the caller's stops it"
		}
		return "the gRPC call's context, " + f.ctx.desc + ", has no deadline"
	}
	if c := ctxClause(f.ctx); c != "" {
		return f.client.why + " and " + c
	}
	return f.client.why
}

// ctxClause says, as a clause, that a context has no deadline: "its
// context, context.Background(), has no deadline".
func ctxClause(f ctxFact) string {
	d := f.desc
	switch {
	case d == "":
		return ""
	case strings.HasPrefix(d, "its ") || strings.HasPrefix(d, "sends ") || strings.HasPrefix(d, "the request"):
		return d
	case strings.HasPrefix(d, "the default"):
		return "it runs under " + d
	}
	return "its context, " + d + ", has no deadline"
}

var httpHelpers = map[string]bool{
	"net/http.Get": true, "net/http.Head": true, "net/http.Post": true, "net/http.PostForm": true,
}

var httpClientMethods = map[string]bool{
	"net/http.Client.Do": true, "net/http.Client.Get": true, "net/http.Client.Head": true,
	"net/http.Client.Post": true, "net/http.Client.PostForm": true,
}

// opFact studies one operation's call.
func (r *tres) opFact(call *ast.CallExpr) opFact {
	var f opFact
	if call == nil {
		return f
	}
	name := r.callee(call)
	switch {
	case httpHelpers[name]:
		f.http = true
		if r.m.setsDefaultClientTimeout() {
			f.client = clientFact{kind: clientTimeout}
		} else {
			f.client = clientFact{kind: clientNoTimeout, why: name[strings.LastIndexByte(name, '/')+1:] + " uses http.DefaultClient, which has no Timeout,", pos: call.Pos()}
		}
		f.ctx = ctxFact{kind: ctxBack, desc: "sends a request with no context", pos: call.Pos(), implicit: true}
	case httpClientMethods[name]:
		f.http = true
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			f.client = r.client(sel.X)
			if f.client.kind == clientUnknown {
				// A client kept in a field or variable: the
				// Timeout the package ships bounds an attempt
				// (the user's client is the user's choice).
				if sc := r.shippedClient(sel.X, 0); sc.kind == clientTimeout && sc.durKnown {
					f.client = sc
				}
			}
		}
		switch {
		case !strings.HasSuffix(name, ".Do"):
			f.ctx = ctxFact{kind: ctxBack, desc: "its request has no context", pos: call.Pos(), implicit: true}
		case len(call.Args) == 1:
			f.ctx = r.request(call.Args[0])
		default:
			f.ctx = ctxFact{kind: ctxCaller}
		}
		if f.ctx.implicit && f.client.kind == clientUnknown {
			// The client may have a Timeout: with no context, the
			// request is only as bounded as the client.
			f.ctx = ctxFact{kind: ctxNone}
		}
	default:
		var cs []ctxFact
		for _, a := range call.Args {
			if IsContextType(r.m.info.TypeOf(a)) {
				cs = append(cs, r.ctx(a))
			} else if typesx.IsNamed(r.m.info.TypeOf(a), "net/http", "Request") {
				// A request handed to a sender the model cannot
				// see (a Doer interface): its context.
				if rc := r.request(a); !rc.implicit {
					cs = append(cs, rc)
				}
			}
		}
		f.ctx = mergeAll(cs, func(c ctxFact) ctxFact { return c })
		// A gRPC unary call whose timing the model sees whole (grpccall.go).
		f.grpc = r.m.unaryCall(call) && !r.m.configuresGRPC()
		// A function of the package that times its own send
		// (helperbound.go).
		fn := typesx.Callee(r.m.info, call)
		if fn != nil && fn.Pkg() == r.m.pkg && !r.inRegion(fn.Pos()) {
			switch d, known, timed := r.helperBound(fn); {
			case known:
				f.dur, f.durKnown = d, true
			case timed:
				f.ctx.attempt, f.ctx.attemptKnown = true, false
			}
		}
		// A function that runs its operation under a timeout of the
		// duration it is given (timeoutrunner.go in the model).
		if !f.ctx.attempt && r.runnerArgs(call) {
			if i, ok := r.m.TimeoutParam(fn); ok && i < len(call.Args) {
				d, known := r.m.DurationValue(call.Args[i])
				f.ctx.attempt, f.ctx.attemptDur, f.ctx.attemptKnown = true, d, known
			}
		}
	}
	if f.client.kind == clientTimeout && f.client.durKnown {
		f.dur, f.durKnown = f.client.dur, true
	}
	if f.ctx.attempt && f.ctx.attemptKnown && (!f.durKnown || f.ctx.attemptDur < f.dur) {
		f.dur, f.durKnown = f.ctx.attemptDur, true
	}
	return f
}

// regionCtx merges the contexts the region uses: every context value
// named in it.
func (r *tres) regionCtx() ctxFact {
	f := ctxFact{kind: ctxNone}
	r.inspect(func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && r.ctxField(sel) {
			f = mergeCtx(f, r.ctx(sel)) // ctxfield.go
			return false
		}
		if id, ok := n.(*ast.Ident); ok {
			if v, isVar := r.m.info.Uses[id].(*types.Var); isVar && IsContextType(v.Type()) {
				f = mergeCtx(f, r.ctx(id))
			}
		}
		return true
	})
	return f
}

// inspect runs f over each node of the region, in preorder.
func (r *tres) inspect(f func(ast.Node) bool) {
	r.preorder(func(n ast.Node, _ []ast.Node) bool { return f(n) })
}

// preorder runs ast.PreorderStack over each node of the region.
func (r *tres) preorder(f func(ast.Node, []ast.Node) bool) {
	for _, n := range r.region {
		if n != nil {
			ast.PreorderStack(n, nil, f)
		}
	}
}

// opsCtx studies s's operations: their facts, and the region's context
// merged with theirs; t gets the first operation with no timeout.
func (r *tres) opsCtx(s *site.Site, t *site.Timeouts) ([]opFact, ctxFact) {
	ctx := r.regionCtx()
	var facts []opFact
	for _, op := range s.Ops {
		f := r.opFact(op.Call)
		facts = append(facts, f)
		ctx = mergeCtx(ctx, f.ctx)
		if t.NoAttemptTimeout == nil && f.noTimeout() {
			t.NoAttemptTimeout, t.Why = op, f.why()
		}
	}
	return facts, ctx
}

// capFact is one thing that caps the whole retry.
type capFact struct {
	d     time.Duration
	known bool
	pos   token.Pos
	desc  string
	// dflt is true for a library default (not written in the code).
	dflt bool
}

// elapsedCaps finds elapsed-time checks in the region: time.Since,
// time.Until, time.Time comparisons, a receive from a timer made outside
// the region.
func (r *tres) elapsedCaps() []capFact {
	var caps []capFact
	// A measure inside a call statement (log.Error("giving up",
	// zap.Duration("elapsed", time.Since(start)))) is reported, not
	// tested: it ends nothing.
	stated := make(map[ast.Node]bool)
	r.inspect(func(n ast.Node) bool {
		if es, ok := n.(*ast.ExprStmt); ok {
			typesx.InspectNoLits(es.X, func(m ast.Node) bool {
				stated[m] = true
				return true
			})
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.GTR, token.GEQ, token.LSS, token.LEQ:
			default:
				return true
			}
			for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
				if c, ok := ast.Unparen(pair[0]).(*ast.CallExpr); ok && r.callee(c) == "time.Since" {
					if d, ok := r.m.DurationValue(pair[1]); ok && d > 0 {
						caps = append(caps, capFact{d: d, known: true, pos: n.Pos(), desc: "the elapsed-time check"})
						return false
					}
				}
			}
		case *ast.CallExpr:
			switch r.callee(n) {
			case "time.Since", "time.Until", "time.Time.Sub", "time.Time.Compare", "context.Context.Deadline":
				if stated[n] || r.paces(n) {
					return true // a duration logged, a wait's length (a Retry-After date's included), whether to wait (pacing.go)
				}
				caps = append(caps, capFact{pos: n.Pos(), desc: "the elapsed-time check"})
			case "time.Time.After", "time.Time.Before":
				if r.paces(n) {
					return true // whether to wait (pacing.go)
				}
				d, ok := r.nowPlus(n)
				caps = append(caps, capFact{d: d, known: ok, pos: n.Pos(), desc: "the deadline check"})
			}
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
				return true
			}
			if d, ok, isTimer := r.outerTimer(n.X); isTimer {
				caps = append(caps, capFact{d: d, known: ok, pos: n.Pos(), desc: "the timer"})
			}
		}
		return true
	})
	return caps
}

// nowPlus finds d in time.Now().After(deadline) with deadline :=
// time.Now().Add(d) (either way round).
func (r *tres) nowPlus(call *ast.CallExpr) (time.Duration, bool) {
	var xs []ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		xs = append(xs, sel.X)
	}
	xs = append(xs, call.Args...)
	for _, x := range xs {
		vf := r.factsOf(x)
		if vf == nil || len(vf.defs) != 1 || vf.param {
			continue
		}
		if d, ok := r.deadlineDur(vf.defs[0], false); ok {
			return d, true
		}
	}
	return 0, false
}

// outerTimer reports whether x is a timer channel made outside the
// region: t := time.After(d), <-t; tm := time.NewTimer(d), <-tm.C.
func (r *tres) outerTimer(x ast.Expr) (time.Duration, bool, bool) {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		x = sel.X
	}
	v := r.varOf(x)
	if v == nil || r.inRegion(v.Pos()) {
		return 0, false, false
	}
	vf := r.facts(v)
	if len(vf.defs) != 1 {
		return 0, false, false
	}
	c, ok := ast.Unparen(vf.defs[0]).(*ast.CallExpr)
	if !ok || r.inRegion(c.Pos()) {
		return 0, false, false
	}
	switch r.callee(c) {
	case "time.After", "time.NewTimer":
		if len(c.Args) == 1 {
			d, ok := r.m.DurationValue(c.Args[0])
			return d, ok, true
		}
	}
	return 0, false, false
}

// waitsFact is what is known of the waits between attempts.
type waitsFact struct {
	// each lists the longest wait before retry i (lower bounds when
	// not exact); nil with per set means the same wait every time.
	each  []time.Duration
	per   time.Duration
	exact bool
}

func (w waitsFact) at(i int) time.Duration {
	switch {
	case w.each == nil:
		return w.per
	case len(w.each) == 0:
		return 0
	}
	return w.each[min(i, len(w.each)-1)]
}

func allSame(ds []time.Duration) bool {
	return !slices.ContainsFunc(ds, func(d time.Duration) bool { return d != ds[0] })
}

// loopWaitsFact reads the waits of a hand-written site from the waits
// aspect when it has filled them, else from the constant sleeps in the
// region.
func (r *tres) loopWaitsFact(s *site.Site) waitsFact {
	if s.WaitsKnown {
		if len(s.Waits) == 0 {
			return waitsFact{exact: true}
		}
		// Each wait is a path from one attempt to the next that a
		// run of failures of one kind may take every time: the worst
		// case waits at least the longest of them (an unknown wait
		// counts as none).
		if wt := s.Waits[0]; len(s.Waits) == 1 && len(wt.Floors) > 1 && wt.Shape != site.ShapeUnknown && !allSame(wt.Floors) {
			// One wait whose every value the model computed, and
			// that changes: the least it waits before each retry
			// (the last repeats).
			return waitsFact{each: wt.Floors, exact: wt.Floor == wt.Base && s.Bound.Known() && s.Bound.Retries <= len(wt.Floors)}
		}
		w := waitsFact{exact: len(s.Waits) == 1}
		for _, wt := range s.Waits {
			b := wt.Base
			if wt.FloorKnown {
				b = wt.Floor // the least the draws give
			}
			if wt.Cap > 0 && b > wt.Cap {
				b = wt.Cap
			}
			if wt.Shape != site.ShapeConstant {
				w.exact = false
			}
			w.per = max(w.per, b)
		}
		return w
	}
	var durs []time.Duration
	exact := true
	r.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			switch r.callee(n) {
			case "time.Sleep", "time.After", "time.NewTimer", "time.Timer.Reset", "time.NewTicker", "time.Tick":
				if len(n.Args) == 1 {
					if d, ok := r.m.DurationValue(n.Args[0]); ok {
						durs = append(durs, d)
						return true
					}
				}
				exact = false
			}
		case *ast.UnaryExpr:
			exact = exact && n.Op != token.ARROW
		case *ast.SelectStmt:
			exact = false
		}
		return true
	})
	w := waitsFact{exact: exact && len(durs) <= 1}
	if len(durs) > 0 {
		w.per = slices.Min(durs)
	}
	return w
}

// worst computes the worst-case duration: attempts x timeout + waits.
// It returns the sum, the arithmetic, and whether it is exact (else a
// lower bound).
func worstCase(attempts int, timeout time.Duration, w waitsFact) (time.Duration, string, bool) {
	if attempts <= 0 || timeout <= 0 {
		return 0, "", false
	}
	total := time.Duration(attempts) * timeout
	calc := fmt.Sprintf("%d %s x %s timeout", attempts, report.Plural(attempts, "attempt", "attempts"), report.FormatDuration(timeout))
	var parts []string
	var sum time.Duration
	for i := 0; i < attempts-1; i++ {
		d := w.at(i)
		sum += d
		parts = append(parts, report.FormatDuration(d))
	}
	if sum > 0 {
		if w.each == nil && attempts-1 > 1 {
			calc += fmt.Sprintf(" + waits %d x %s", attempts-1, report.FormatDuration(w.per))
		} else {
			calc += " + waits " + joinWaits(parts)
		}
		if !w.exact {
			calc += " at least"
		}
	} else if !w.exact {
		calc += " (waits not counted)"
	}
	total += sum
	calc += " = " + report.FormatDuration(total)
	return total, calc, w.exact
}

// settle fills in the cap, the caller context and the worst case from
// the facts found.
//
// caps are what caps the retry; uncapped, when not empty, says why the
// retry has no cap if caps is empty (and the context has no deadline);
// worst is the computed worst case (0 if none).
func settle(s *site.Site, t *site.Timeouts, siteCtx ctxFact, caps []capFact, uncapped string, worst time.Duration, calc string, exact bool) {
	t.CallerContext = siteCtx.kind == ctxCaller
	if siteCtx.kind == ctxDeadline {
		caps = append(caps, capFact{d: siteCtx.cap, known: siteCtx.capKnown, pos: siteCtx.capPos, desc: "the context's deadline"})
	}
	allKnown := true
	var best *capFact
	for i := range caps {
		c := &caps[i]
		// With the caller's context, its deadline may come first: a
		// default is not a cap the code chose.
		if c.dflt && t.CallerContext || !c.known || c.d <= 0 {
			allKnown = false
			continue
		}
		if best == nil || c.d < best.d {
			best = c
		}
	}
	if len(caps) > 0 {
		t.Capped = true
		if allKnown && best != nil {
			t.TotalCap, t.Pos, t.CapWhy = best.d, best.pos, best.desc
		}
	}
	if worst > 0 {
		switch {
		case len(caps) == 0:
			t.Worst, t.WorstCalc = worst, calc
			if exact {
				t.Capped = true
			}
		case allKnown && best != nil && worst < best.d:
			t.Worst, t.WorstCalc = worst, calc
			if exact {
				t.TotalCap = worst
			}
		}
	}
	if !t.Capped && uncapped != "" && (siteCtx.kind == ctxBack || siteCtx.kind == ctxNone) {
		t.Pos, t.CapWhy = s.Pos, uncapped
	}
}

// loopTimeouts finds the timeouts of a hand-written site.
func (m *model) loopTimeouts(s *site.Site) {
	t := &site.Timeouts{}
	s.Timeouts = t
	region := []ast.Node{s.Node}
	if s.Kind == site.Recursion || s.Kind == site.Loop && !isLoopStmt(s.Node) {
		region = []ast.Node{s.Func}
	}
	r := m.newTres(region)
	facts, siteCtx := r.opsCtx(s, t)
	off := r.offByDefault(s)           // optcap.go
	siteCtx = lifetimeOnly(s, siteCtx) // ctxfield.go
	caps := off.filter(r.elapsedCaps())
	caps = append(caps, r.policyStops()...) // policystop.go
	var worst time.Duration
	var calc string
	var exact bool
	if s.Bound.Known() {
		if d, ok := attemptBound(facts); ok {
			worst, calc, exact = worstCase(s.Bound.Retries+1, d, r.loopWaitsFact(s))
		}
	}
	if worst == 0 && s.Bound.Known() && s.WaitsKnown && allTimed(facts) {
		// A bounded count of attempts, each under a timeout whose
		// length the model cannot compute, with waits it knows: the
		// retry ends, in a time the model cannot state.
		caps = append(caps, capFact{desc: "a timeout on each of a bounded count of attempts"})
	}
	uncapped := ""
	if (siteCtx.kind == ctxCaller || siteCtx.kind == ctxDeadline) && m.blindLoop(s) { // unwatched.go
		// Its context's end, the caller's deadline or its own, only
		// makes every attempt fail at once.
		t.Note = "never watches " + ctxName(siteCtx)
		siteCtx = ctxFact{kind: ctxBack}
		uncapped = "it stops only on success and nothing checks the elapsed time"
	} else if siteCtx.kind == ctxNone && s.Bound.Kind == site.BoundUnbounded {
		// No count and no context: as with context.Background(),
		// nothing caps the time it may take.
		uncapped = "no attempt count stops it, it has no context, and nothing checks the elapsed time"
	} else if siteCtx.kind == ctxBack {
		uncapped = ctxClause(siteCtx)
		if strings.HasPrefix(uncapped, "sends ") {
			uncapped = "it " + uncapped
		}
		uncapped += " and nothing checks the elapsed time"
	}
	settle(s, t, siteCtx, caps, uncapped, worst, calc, exact)
	if t.Worst > 0 && t.TotalCap == 0 && siteCtx.kind == ctxCaller && siteCtx.param != nil {
		// The worst case under a context parameter: capped when every
		// call of the function in the package gives it a deadline,
		// else a deadline the retry never sets (unwatched.go).
		switch all, known := m.callersSetDeadline(siteCtx.param, 0); {
		case known && all:
			t.Worst, t.WorstCalc, t.Capped = 0, "", true
		case known:
			t.Note = "sets no deadline on " + siteCtx.param.Name()
		}
	}
	off.settle(s, t)
	if !t.Capped && t.CallerContext && t.NoAttemptTimeout == nil && !t.OffByDefault && t.Worst == 0 {
		if why, ok := r.callerOnly(s); ok { // shipped.go
			t.CallerOnly, t.Pos, t.CapWhy = true, s.Pos, why
			t.UntimedClientAt = r.untimedClients(s)
		}
	}
	if !t.Capped && !t.CallerOnly && !t.OffByDefault && t.Worst == 0 && len(caps) == 0 && siteCtx.kind == ctxCaller && siteCtx.param != nil &&
		r.onlyCallers(siteCtx.param) {
		m.reliesOnCaller(s, t, siteCtx.param, r.loopWaitsFact(s))
	}
	if !t.Capped && !t.OffByDefault && t.Worst == 0 && len(caps) == 0 && siteCtx.kind == ctxNone {
		// No context at all: nothing but the count ends it, and its
		// waits alone are a lower bound of its worst case.
		t.Worst, t.WorstCalc = waitsSum(s, r.loopWaitsFact(s))
	}
}

// waitsSum is the least the waits of a retry with a known count add up
// to, with the arithmetic ("waits 4 x 10s = 40s").
func waitsSum(s *site.Site, w waitsFact) (time.Duration, string) {
	if !s.Bound.Known() {
		return 0, ""
	}
	var sum time.Duration
	var parts []string
	same := true
	for i := 0; i < s.Bound.Retries; i++ {
		sum += w.at(i)
		same = same && w.at(i) == w.at(0)
		parts = append(parts, report.FormatDuration(w.at(i)))
	}
	if sum <= 0 {
		return 0, ""
	}
	if same && len(parts) > 2 {
		parts = []string{fmt.Sprintf("%d x %s", len(parts), parts[0])}
	}
	calc := "waits " + joinWaits(parts) + " = " + report.FormatDuration(sum)
	if !w.exact {
		calc = "at least " + calc
	}
	return sum, calc
}

// onlyCallers reports whether every value the function gives its context
// parameter p is the caller's again (ctx = attemptCtx, a copy a hook may
// rewrap): one that may carry a deadline (ctx, cancel =
// context.WithTimeout(ctx, d) on some path) may cap the retry.
func (r *tres) onlyCallers(p *types.Var) bool {
	return !slices.ContainsFunc(r.facts(p).defs, func(d ast.Expr) bool { return r.ctx(d).kind != ctxCaller })
}

// reliesOnCaller judges a retry whose only limit is the deadline of its
// context parameter p, when not every call of the function in the
// package is known to give p one (an exported function's callers are
// elsewhere): the retry relies on a deadline it never sets (R-3, issue
// 33). It is reported when it can run longer than the cap whatever its
// attempts take, its waits alone being over it, or when nothing but
// success ends it (no attempt count).
func (m *model) reliesOnCaller(s *site.Site, t *site.Timeouts, p *types.Var, w waitsFact) {
	if all, known := m.callersSetDeadline(p, 0); known && all {
		return
	}
	switch {
	case s.Bound.Known() && s.Bound.Retries > 0:
		if sum, calc := waitsSum(s, w); sum > 0 {
			t.Worst, t.WorstCalc = sum, calc
			t.Note = "relies on " + p.Name() + "'s deadline, which it never sets,"
			t.NoDeadlineAt = m.backgroundCalls(p)
		}
	case s.Bound.Kind == site.BoundUnbounded:
		t.CallerOnly, t.Pos = true, s.Pos
		t.CapWhy = "no attempt count, and only " + p.Name() + "'s deadline, which it never sets, ends it"
		t.NoDeadlineAt = m.backgroundCalls(p)
	}
}

func isLoopStmt(n ast.Node) bool {
	switch n.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return true
	}
	return false
}

// attemptBound is the longest constant bound on one attempt, when every
// operation has one.
func attemptBound(facts []opFact) (time.Duration, bool) {
	var d time.Duration
	for _, f := range facts {
		if !f.durKnown {
			return 0, false
		}
		d = max(d, f.dur)
	}
	return d, d > 0
}

// runnerArgs reports whether call hands a context, a duration and a func
// value over, as a call of a timeout runner does (Model.TimeoutParam):
// the cheap test made before the callee's source is read.
func (r *tres) runnerArgs(call *ast.CallExpr) bool {
	var c, d, f bool
	for _, a := range call.Args {
		t := r.m.info.TypeOf(a)
		c, d, f = c || IsContextType(t), d || typesx.IsNamed(t, "time", "Duration"), f || isFuncLike(t)
	}
	return c && d && f
}

// allTimed reports whether every operation of facts has a timeout per
// attempt, known or not.
func allTimed(facts []opFact) bool {
	return len(facts) > 0 && !slices.ContainsFunc(facts, func(f opFact) bool { return !f.durKnown && (!f.ctx.attempt || f.ctx.attemptSome) })
}

// joinWaits writes a sum of waits, its middle elided past six terms
// (0s+500ms+500ms+...+28.5s): the finding stays one line.
func joinWaits(parts []string) string {
	if len(parts) > 6 {
		parts = append(slices.Clip(parts[:3]), "...", parts[len(parts)-1])
	}
	return strings.Join(parts, "+")
}

// reportedArg reports whether id is an argument of call, a call of a
// function of the package whose parameter it binds no comparison in its
// body reads: a measure handed to a function that logs it.
func (r *tres) reportedArg(parent ast.Node, id *ast.Ident) bool {
	call, ok := parent.(*ast.CallExpr)
	if !ok {
		return false
	}
	d, p := r.argParam(call, id)
	if p == nil {
		return false
	}
	compared := false
	return !typesx.InspectNoLitsUntil(&compared, d.Body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op != token.ADD && b.Op != token.SUB && b.Op != token.MUL && b.Op != token.QUO {
			compared = typesx.UsesAny(r.m.info, b, map[*types.Var]bool{p: true})
		}
		return true
	})
}

// argParam returns the declaration of call's callee, a function of the
// package, and the parameter arg binds (not a variadic one); a nil
// parameter otherwise.
func (r *tres) argParam(call *ast.CallExpr, arg ast.Expr) (*ast.FuncDecl, *types.Var) {
	fn := typesx.Callee(r.m.info, call)
	if fn == nil || fn.Pkg() != r.m.pkg {
		return nil, nil
	}
	d := r.funcDecl(fn)
	if d == nil || d.Body == nil {
		return nil, nil
	}
	i := slices.IndexFunc(call.Args, func(a ast.Expr) bool { return ast.Unparen(a) == arg })
	ps := typesx.FuncParams(r.m.info, d.Type)
	if i < 0 || i >= len(ps) || fn.Signature().Variadic() && i >= len(ps)-1 {
		return nil, nil
	}
	return d, ps[i]
}
