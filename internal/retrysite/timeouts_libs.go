package retrysite

import (
	"go/ast"
	"go/types"
	"time"
)

// This file teaches the timeouts aspect what caps each library's retries
// and what bounds its attempts. From the libraries' code (versions in
// libbounds.go):
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
func (m *model) libTimeouts(s *Site) {
	t := &Timeouts{}
	s.Timeouts = t
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || s.Lib == nil {
		return
	}
	fn := typeutilCallee(m.info, call)
	var opRoots []ast.Expr
	if fn != nil {
		if e, ok := entries[entryKey(fn.Origin())]; ok {
			_, opRoots = m.opRoots(e, call)
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

	// The context the library watches, and the operation's context
	// parameter when the library passes it on.
	siteCtx := ctxFact{kind: ctxNone}
	mapParam := func(ctxArg ast.Expr) {
		for _, fl := range lits {
			if fl.Type.Params == nil || len(fl.Type.Params.List) == 0 || len(fl.Type.Params.List[0].Names) == 0 {
				continue
			}
			if v, ok := m.info.Defs[fl.Type.Params.List[0].Names[0]].(*types.Var); ok && isContextType(v.Type()) {
				r.paramCtx[v] = ctxArg
			}
		}
	}
	argCtx := func(i int) ctxFact {
		if i < len(call.Args) {
			return r.ctx(call.Args[i])
		}
		return ctxFact{kind: ctxCaller}
	}
	var caps []capFact
	uncapped := ""
	var worst time.Duration
	var calc string
	var exact bool
	libOp := &Op{Call: call, HTTP: true}

	switch s.Lib {
	case LibCenkaltiV4:
		if st := s.Last("WithContext"); st != nil {
			siteCtx = r.ctx(st.Arg(1))
		}
		caps, uncapped = m.cenkaltiV4Caps(s)
	case LibCenkaltiV5:
		siteCtx = argCtx(0)
		if st := s.Last("WithMaxElapsedTime"); st != nil {
			d, ok := m.durationValue(st.Arg(0))
			switch {
			case ok && d <= 0:
				uncapped = "WithMaxElapsedTime(0) lets it retry with no time limit"
			default:
				caps = append(caps, capFact{d: d, known: ok, pos: st.Pos, desc: "WithMaxElapsedTime"})
			}
		} else {
			caps = append(caps, capFact{d: 15 * time.Minute, known: true, pos: call.Pos(), desc: "cenkalti/backoff/v5's default MaxElapsedTime", dflt: true})
		}
	case LibRetryGoV4, LibRetryGoV5:
		if st := s.Last("Context"); st != nil {
			siteCtx = r.ctx(st.Arg(0))
		} else {
			siteCtx = ctxFact{kind: ctxBack, desc: "the default context.Background() (no Context option)", pos: call.Pos()}
		}
		uncapped = s.Lib.Name + " has no time limit of its own"
	case LibSethvargo:
		if len(call.Args) > 0 {
			mapParam(call.Args[0])
		}
		siteCtx = argCtx(0)
		if st := s.Last("WithMaxDuration"); st != nil {
			d, ok := m.durationValue(st.Arg(0))
			caps = append(caps, capFact{d: d, known: ok, pos: st.Pos, desc: "WithMaxDuration"})
		} else {
			uncapped = "the backoff has no WithMaxDuration"
		}
	case LibFailsafe:
		switch name {
		case "NewRoundTripper", "NewRoundTripperWithExecutor":
			siteCtx = ctxFact{kind: ctxCaller}
		case "NewRequest", "NewRequestWithExecutor":
			siteCtx = ctxFact{kind: ctxCaller}
			if len(call.Args) > 0 {
				siteCtx = r.request(call.Args[0])
			}
		default:
			if st := s.Last("WithContext"); st != nil {
				siteCtx = r.ctx(st.Arg(0))
			}
		}
		if st := s.Last("WithMaxDuration"); st != nil {
			d, ok := m.durationValue(st.Arg(0))
			caps = append(caps, capFact{d: d, known: ok, pos: st.Pos, desc: "WithMaxDuration"})
		} else if s.Last("NewBuilder", "NewWithDefaults") != nil {
			uncapped = "the retry policy has no WithMaxDuration"
		}
	case LibRetryableHTTP:
		switch name {
		case "Do":
			if len(call.Args) == 1 {
				siteCtx = r.request(call.Args[0])
			}
		case "Get", "Head", "Post", "PostForm":
			siteCtx = ctxFact{kind: ctxBack, desc: "its request has no context", pos: call.Pos()}
		default: // StandardClient: each request brings its context
			siteCtx = ctxFact{kind: ctxCaller}
		}
		cl := m.retryableClient(r, s)
		f := opFact{op: libOp, http: true, client: cl, ctx: siteCtx}
		if name != "StandardClient" && f.noTimeout() {
			t.NoAttemptTimeout, t.Why = libOp, f.why()
		}
		uncapped = "go-retryablehttp has no time limit of its own"
		if s.Bound.Known() && cl.kind == clientTimeout && cl.durKnown {
			worst, calc, exact = worstCase(s.Bound.Retries+1, cl.dur, m.retryableWaits(s))
		}
	case LibRestyV2, LibRestyV3:
		if st := s.Last("SetContext"); st != nil {
			siteCtx = r.ctx(st.Arg(0))
		} else {
			siteCtx = ctxFact{kind: ctxBack, desc: "the request has no SetContext", pos: call.Pos()}
		}
		cl := m.restyClient(r, s)
		f := opFact{op: libOp, http: true, client: cl, ctx: siteCtx}
		if f.noTimeout() {
			t.NoAttemptTimeout, t.Why = libOp, f.why()
		}
		uncapped = s.Lib.Name + " has no time limit of its own"
		if s.Bound.Known() && cl.kind == clientTimeout && cl.durKnown {
			worst, calc, exact = worstCase(s.Bound.Retries+1, cl.dur, m.restyWaits(s))
		}
	case LibK8sWait, LibK8sRetry:
		if name == "ExponentialBackoffWithContext" && len(call.Args) > 0 {
			mapParam(call.Args[0])
			siteCtx = argCtx(0)
		}
	default:
		// Configurations: each call brings the caller's context.
		siteCtx = ctxFact{kind: ctxCaller}
	}
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

// cenkaltiV4Caps reads the elapsed-time limit of a v4 backoff.
func (m *model) cenkaltiV4Caps(s *Site) ([]capFact, string) {
	b := s.Last("NewExponentialBackOff", "ExponentialBackOff", "NewConstantBackOff", "ConstantBackOff", "ZeroBackOff", "StopBackOff")
	if b == nil {
		return nil, ""
	}
	switch b.Name {
	case "NewExponentialBackOff", "ExponentialBackOff":
		if st := s.Last("MaxElapsedTime", "WithMaxElapsedTime"); st != nil {
			d, ok := m.durationValue(st.Arg(0))
			if ok && d <= 0 {
				return nil, "MaxElapsedTime 0 means the ExponentialBackOff never stops"
			}
			return []capFact{{d: d, known: ok, pos: st.Pos, desc: "MaxElapsedTime"}}, ""
		}
		if b.Name == "ExponentialBackOff" {
			return nil, "the ExponentialBackOff literal leaves MaxElapsedTime 0, so it never stops"
		}
		return []capFact{{d: 15 * time.Minute, known: true, pos: b.Pos, desc: "cenkalti/backoff/v4's default MaxElapsedTime", dflt: true}}, ""
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
func (m *model) retryableClient(r *tres, s *Site) clientFact {
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
func (m *model) retryableWaits(s *Site) waitsFact {
	if st := s.Last("Backoff"); st != nil {
		if fn, ok := m.info.Uses[identOrSel(st.Arg(0))].(*types.Func); !ok || fn.Name() != "DefaultBackoff" {
			return waitsFact{}
		}
	}
	lo, hi := time.Second, 30*time.Second
	if st := s.Last("RetryWaitMin"); st != nil {
		d, ok := m.durationValue(st.Arg(0))
		if !ok {
			return waitsFact{}
		}
		lo = d
	}
	if st := s.Last("RetryWaitMax"); st != nil {
		d, ok := m.durationValue(st.Arg(0))
		if !ok {
			return waitsFact{}
		}
		hi = d
	}
	return waitsFact{each: doubling(lo, hi, 64), exact: false}
}

// restyWaits are resty's longest waits: min(max, base*2^n).
func (m *model) restyWaits(s *Site) waitsFact {
	lo, hi := 100*time.Millisecond, 2*time.Second
	if st := s.Last("SetRetryWaitTime"); st != nil {
		d, ok := m.durationValue(st.Arg(0))
		if !ok {
			return waitsFact{}
		}
		lo = d
	}
	if st := s.Last("SetRetryMaxWaitTime"); st != nil {
		d, ok := m.durationValue(st.Arg(0))
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
func (m *model) restyClient(r *tres, s *Site) clientFact {
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
