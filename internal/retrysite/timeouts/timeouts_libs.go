package timeouts

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file teaches the timeouts aspect what caps each library's retries
// and what bounds its attempts. From the libraries' code (versions in
// libsite/libbounds.go):
//
//   - cenkalti/backoff v4: ExponentialBackOff stops after MaxElapsedTime,
//     15m from NewExponentialBackOff, never when 0 (a struct literal leaves
//     it 0); ConstantBackOff and ZeroBackOff never stop on time. Retry
//     watches a context only through WithContext.
//   - cenkalti/backoff v5: Retry(ctx, ...) stops at the context's end and
//     after WithMaxElapsedTime, 15m by default, never when 0.
//   - retry-go v4/v5: no time limit; Context(ctx) (default Background)
//     stops the waits.
//   - sethvargo/go-retry: WithMaxDuration caps; Do stops at ctx's end and
//     hands ctx to the operation.
//   - failsafe-go: retrypolicy WithMaxDuration caps; the executor's
//     WithContext stops it.
//   - go-retryablehttp: no time limit; the request's context stops it.
//     NewClient's HTTPClient (cleanhttp.DefaultPooledClient) has no
//     Timeout; waits are RetryWaitMin*2^n capped at RetryWaitMax (1s and
//     30s), but DefaultBackoff waits as long as a 429/503 Retry-After
//     says, with no limit.
//   - resty v2/v3: no time limit; the request's SetContext stops it.
//     New() makes an http.Client with no Timeout (SetTimeout sets one,
//     per attempt); waits are at most min(RetryMaxWaitTime,
//     RetryWaitTime*2^n), 100ms and 2s by default.
//   - gRPC service configs, go-grpc-middleware, aws-sdk-go-v2, gax-go and
//     failsafehttp round trippers are configurations: each call brings its
//     own context, from the caller.

// libTimeouts finds the timeouts of a library site.
func (m *model) libTimeouts(s *site.Site) {
	t := &site.Timeouts{}
	s.Timeouts = t
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || s.Lib == nil {
		return
	}
	fn := typesx.Callee(m.info, call)
	var opRoots []ast.Expr
	if fn != nil {
		if _, e, ok := knowledge.Lookup(knowledge.EntryKey(fn.Origin())); ok {
			_, opRoots = m.OpRoots(e, call)
		}
	}
	var region []ast.Node
	var lits []*ast.FuncLit
	for _, o := range opRoots {
		if fl, ok := ast.Unparen(o).(*ast.FuncLit); ok {
			region = append(region, fl)
			lits = append(lits, fl)
		}
	}
	r := m.newTres(region)
	name := ""
	if fn != nil {
		name = fn.Name()
	}

	// The context the library watches (siteCtx), and the operation's
	// context parameter when the library passes it on; the table's
	// timeouts interpreter fills them in.
	x := &libTimeoutState{m: m, s: s, t: t, r: r, call: call, name: name, lits: lits,
		siteCtx: ctxFact{kind: ctxNone}, libOp: &site.Op{Call: call, HTTP: true}}
	if f := timeoutModels[s.Lib.Models.Timeouts]; f != nil {
		f(x)
	} else {
		// Configurations: each call brings the caller's context.
		x.siteCtx = ctxFact{kind: ctxCaller}
	}
	siteCtx, caps, uncapped, worst, calc, exact := x.siteCtx, x.caps, x.uncapped, x.worst, x.calc, x.exact
	if s.Opaque {
		uncapped = ""
	}

	siteCtx = mergeCtx(siteCtx, r.regionCtx())
	for _, op := range s.Ops {
		f := r.opFact(op)
		siteCtx = mergeCtx(siteCtx, f.ctx)
		if t.NoAttemptTimeout == nil && f.noTimeout() {
			t.NoAttemptTimeout = op
			t.Why = f.why()
		}
	}
	caps = append(caps, r.elapsedCaps()...)
	if c := ctxClause(siteCtx); uncapped != "" && c != "" && siteCtx.kind == ctxBack {
		uncapped += " and " + c
	}
	settle(s, t, siteCtx, caps, uncapped, worst, calc, exact)
}

// libTimeoutState is what a library's timeouts interpreter reads and
// fills in.
type libTimeoutState struct {
	m    *model
	s    *site.Site
	t    *site.Timeouts
	r    *tres
	call *ast.CallExpr
	name string
	lits []*ast.FuncLit

	siteCtx  ctxFact
	caps     []capFact
	uncapped string
	worst    time.Duration
	calc     string
	exact    bool
	libOp    *site.Op
}

// mapParam maps the operation's context parameter to ctxArg.
func (x *libTimeoutState) mapParam(ctxArg ast.Expr) {
	for _, fl := range x.lits {
		if fl.Type.Params == nil || len(fl.Type.Params.List) == 0 || len(fl.Type.Params.List[0].Names) == 0 {
			continue
		}
		if v, ok := x.m.info.Defs[fl.Type.Params.List[0].Names[0]].(*types.Var); ok && IsContextType(v.Type()) {
			x.r.paramCtx[v] = ctxArg
		}
	}
}

// argCtx is the context of the call's argument i.
func (x *libTimeoutState) argCtx(i int) ctxFact {
	if i < len(x.call.Args) {
		return x.r.ctx(x.call.Args[i])
	}
	return ctxFact{kind: ctxCaller}
}

// timeoutModels read the contexts and caps of a library site.
var timeoutModels = map[string]func(x *libTimeoutState){
	"dskit":         (*libTimeoutState).dskitTimeouts,
	"cenkalti/v4":   (*libTimeoutState).cenkaltiV4Timeouts,
	"cenkalti/v5":   (*libTimeoutState).cenkaltiV5Timeouts,
	"retry-go":      (*libTimeoutState).retryGoTimeouts,
	"sethvargo":     (*libTimeoutState).sethvargoTimeouts,
	"failsafe":      (*libTimeoutState).failsafeTimeouts,
	"retryablehttp": (*libTimeoutState).retryableHTTPTimeouts,
	"resty":         (*libTimeoutState).restyTimeouts,
	"k8s":           (*libTimeoutState).k8sTimeouts,
}

func (x *libTimeoutState) cenkaltiV4Timeouts() {
	if st := x.s.Last("WithContext"); st != nil {
		x.siteCtx = x.r.ctx(st.Arg(1))
	}
	x.caps, x.uncapped = x.m.cenkaltiV4Caps(x.s)
}

func (x *libTimeoutState) cenkaltiV5Timeouts() {
	x.siteCtx = x.argCtx(0)
	if st := x.s.Last("WithMaxElapsedTime"); st != nil {
		d, ok := x.m.DurationValue(st.Arg(0))
		switch {
		case ok && d <= 0:
			x.uncapped = "WithMaxElapsedTime(0) lets it retry with no time limit"
		default:
			x.caps = append(x.caps, capFact{d: d, known: ok, pos: st.Pos, desc: "WithMaxElapsedTime"})
		}
	} else {
		x.caps = append(x.caps, capFact{d: x.s.Lib.Defaults.MaxElapsed, known: true, pos: x.call.Pos(), desc: x.s.Lib.Name + "'s default MaxElapsedTime", dflt: true})
	}
}

func (x *libTimeoutState) retryGoTimeouts() {
	if st := x.s.Last("Context"); st != nil {
		x.siteCtx = x.r.ctx(st.Arg(0))
	} else {
		x.siteCtx = ctxFact{kind: ctxBack, desc: "the default context.Background() (no Context option)", pos: x.call.Pos()}
	}
	x.uncapped = x.s.Lib.Name + " has no time limit of its own"
}

func (x *libTimeoutState) sethvargoTimeouts() {
	if len(x.call.Args) > 0 {
		x.mapParam(x.call.Args[0])
	}
	x.siteCtx = x.argCtx(0)
	if st := x.s.Last("WithMaxDuration"); st != nil {
		d, ok := x.m.DurationValue(st.Arg(0))
		x.caps = append(x.caps, capFact{d: d, known: ok, pos: st.Pos, desc: "WithMaxDuration"})
	} else {
		x.uncapped = "the backoff has no WithMaxDuration"
	}
}

func (x *libTimeoutState) failsafeTimeouts() {
	switch x.name {
	case "NewRoundTripper", "NewRoundTripperWithExecutor":
		x.siteCtx = ctxFact{kind: ctxCaller}
	case "NewRequest", "NewRequestWithExecutor":
		x.siteCtx = ctxFact{kind: ctxCaller}
		if len(x.call.Args) > 0 {
			x.siteCtx = x.r.request(x.call.Args[0])
		}
	default:
		if st := x.s.Last("WithContext"); st != nil {
			x.siteCtx = x.r.ctx(st.Arg(0))
		}
	}
	if st := x.s.Last("WithMaxDuration"); st != nil {
		d, ok := x.m.DurationValue(st.Arg(0))
		x.caps = append(x.caps, capFact{d: d, known: ok, pos: st.Pos, desc: "WithMaxDuration"})
	} else if x.s.Last("NewBuilder", "NewWithDefaults") != nil {
		x.uncapped = "the retry policy has no WithMaxDuration"
	}
}

func (x *libTimeoutState) retryableHTTPTimeouts() {
	switch x.name {
	case "Do":
		if len(x.call.Args) == 1 {
			x.siteCtx = x.r.request(x.call.Args[0])
		}
	case "Get", "Head", "Post", "PostForm":
		x.siteCtx = ctxFact{kind: ctxBack, desc: "its request has no context", pos: x.call.Pos()}
	default: // StandardClient: each request brings its context
		x.siteCtx = ctxFact{kind: ctxCaller}
	}
	cl := x.m.retryableClient(x.r, x.s)
	f := opFact{op: x.libOp, http: true, client: cl, ctx: x.siteCtx}
	if x.name != "StandardClient" && f.noTimeout() {
		x.t.NoAttemptTimeout, x.t.Why = x.libOp, f.why()
	}
	x.uncapped = "go-retryablehttp has no time limit of its own"
	if x.s.Bound.Known() && cl.kind == clientTimeout && cl.durKnown {
		x.worst, x.calc, x.exact = worstCase(x.s.Bound.Retries+1, cl.dur, x.m.retryableWaits(x.s))
	}
}

func (x *libTimeoutState) restyTimeouts() {
	if st := x.s.Last("SetContext"); st != nil {
		x.siteCtx = x.r.ctx(st.Arg(0))
	} else {
		x.siteCtx = ctxFact{kind: ctxBack, desc: "the request has no SetContext", pos: x.call.Pos()}
	}
	cl := x.m.restyClient(x.r, x.s)
	f := opFact{op: x.libOp, http: true, client: cl, ctx: x.siteCtx}
	if f.noTimeout() {
		x.t.NoAttemptTimeout, x.t.Why = x.libOp, f.why()
	}
	x.uncapped = x.s.Lib.Name + " has no time limit of its own"
	if x.s.Bound.Known() && cl.kind == clientTimeout && cl.durKnown {
		x.worst, x.calc, x.exact = worstCase(x.s.Bound.Retries+1, cl.dur, x.m.restyWaits(x.s))
	}
}

func (x *libTimeoutState) k8sTimeouts() {
	if x.name == "ExponentialBackoffWithContext" && len(x.call.Args) > 0 {
		x.mapParam(x.call.Args[0])
		x.siteCtx = x.argCtx(0)
	}
}

// cenkaltiV4Caps reads the elapsed-time limit of a v4 backoff.
func (m *model) cenkaltiV4Caps(s *site.Site) ([]capFact, string) {
	b := s.Last("NewExponentialBackOff", "ExponentialBackOff", "NewConstantBackOff", "ConstantBackOff", "ZeroBackOff", "StopBackOff")
	if b == nil {
		return nil, ""
	}
	switch b.Name {
	case "NewExponentialBackOff", "ExponentialBackOff":
		if st := s.Last("MaxElapsedTime", "WithMaxElapsedTime"); st != nil {
			d, ok := m.DurationValue(st.Arg(0))
			if ok && d <= 0 {
				return nil, "MaxElapsedTime 0 means the ExponentialBackOff never stops"
			}
			return []capFact{{d: d, known: ok, pos: st.Pos, desc: "MaxElapsedTime"}}, ""
		}
		if b.Name == "ExponentialBackOff" {
			return nil, "the ExponentialBackOff literal leaves MaxElapsedTime 0, so it never stops"
		}
		return []capFact{{d: s.Lib.Defaults.MaxElapsed, known: true, pos: b.Pos, desc: s.Lib.Name + "'s default MaxElapsedTime", dflt: true}}, ""
	case "NewConstantBackOff", "ConstantBackOff", "ZeroBackOff":
		return nil, "a " + trimNew(b.Name) + " has no elapsed-time limit"
	}
	return nil, ""
}

func trimNew(s string) string {
	if len(s) > 3 && s[:3] == "New" {
		return s[3:]
	}
	return s
}

// retryableClient finds the inner http.Client of a go-retryablehttp
// client.
func (m *model) retryableClient(r *tres, s *site.Site) clientFact {
	if st := s.Last("Timeout"); st != nil {
		return r.timeoutValue(st.Arg(0), st.Pos)
	}
	if st := s.Last("HTTPClient"); st != nil {
		return r.client(st.Arg(0))
	}
	if s.Opaque {
		return clientFact{}
	}
	st := s.Last("NewClient", "Client")
	if st == nil && len(s.Settings) > 0 && isPkgFunc(s.Settings[0].Obj) {
		st = s.Settings[0] // retryablehttp.Get and friends use the default client
	}
	if st == nil {
		return clientFact{}
	}
	return clientFact{kind: clientNoTimeout, why: "go-retryablehttp's default HTTPClient (cleanhttp.DefaultPooledClient) has no Timeout", pos: st.Pos}
}

func isPkgFunc(o types.Object) bool {
	fn, ok := o.(*types.Func)
	if !ok {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil
}

// retryableWaits are the longest waits of go-retryablehttp's
// DefaultBackoff before each retry, without Retry-After (so a lower bound
// of the worst case).
func (m *model) retryableWaits(s *site.Site) waitsFact {
	if st := s.Last("Backoff"); st != nil {
		if fn, ok := m.info.Uses[identOrSel(st.Arg(0))].(*types.Func); !ok || fn.Name() != "DefaultBackoff" {
			return waitsFact{}
		}
	}
	lo, hi := time.Second, 30*time.Second
	if st := s.Last("RetryWaitMin"); st != nil {
		d, ok := m.DurationValue(st.Arg(0))
		if !ok {
			return waitsFact{}
		}
		lo = d
	}
	if st := s.Last("RetryWaitMax"); st != nil {
		d, ok := m.DurationValue(st.Arg(0))
		if !ok {
			return waitsFact{}
		}
		hi = d
	}
	return waitsFact{each: doubling(lo, hi, 64), exact: false}
}

// restyWaits are resty's longest waits: min(max, base*2^n).
func (m *model) restyWaits(s *site.Site) waitsFact {
	lo, hi := 100*time.Millisecond, 2*time.Second
	if st := s.Last("SetRetryWaitTime"); st != nil {
		d, ok := m.DurationValue(st.Arg(0))
		if !ok {
			return waitsFact{}
		}
		lo = d
	}
	if st := s.Last("SetRetryMaxWaitTime"); st != nil {
		d, ok := m.DurationValue(st.Arg(0))
		if !ok {
			return waitsFact{}
		}
		hi = d
	}
	exact := s.Last("SetRetryAfter", "SetRetryDelayStrategy", "AddRetryCondition") == nil
	return waitsFact{each: doubling(lo, hi, 64), exact: exact}
}

func doubling(lo, hi time.Duration, n int) []time.Duration {
	var ds []time.Duration
	d := lo
	for i := 0; i < n; i++ {
		if d > hi || d <= 0 {
			d = hi
		}
		ds = append(ds, d)
		if d < hi {
			d *= 2
		}
	}
	return ds
}

func identOrSel(x ast.Expr) *ast.Ident {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// restyClient finds whether a resty client has a timeout.
func (m *model) restyClient(r *tres, s *site.Site) clientFact {
	if st := s.Last("SetTimeout"); st != nil {
		return r.timeoutValue(st.Arg(0), st.Pos)
	}
	if st := s.Last("NewWithClient"); st != nil {
		return r.client(st.Arg(0))
	}
	if s.Opaque {
		return clientFact{}
	}
	if st := s.Last("New"); st != nil {
		return clientFact{kind: clientNoTimeout, why: "the resty client has no SetTimeout (resty.New's http.Client has no Timeout)", pos: st.Pos}
	}
	return clientFact{}
}

// dskitTimeouts: the context given to backoff.New ends the loop; the
// library has no time limit of its own.
func (x *libTimeoutState) dskitTimeouts() {
	if st := x.s.Last("New"); st != nil && len(st.Args) > 0 {
		x.siteCtx = x.r.ctx(st.Args[0])
	} else {
		x.siteCtx = ctxFact{kind: ctxCaller}
	}
	x.uncapped = x.s.Lib.Name + " has no time limit of its own"
}
