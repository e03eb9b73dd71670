package timeouts

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file reads the timeouts of a library site from its table's
// TimeoutVocab (knowledge/timeoutmodels.go): one interpreter for every
// library, keyed by nothing but the table's data. The libraries' facts,
// with their sources, are in the tables.

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
	var e knowledge.Entry
	name := ""
	if fn != nil {
		name = fn.Name()
		if _, le, ok := knowledge.Lookup(knowledge.EntryKey(fn.Origin())); ok {
			e = le
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

	// The context the library watches (siteCtx), and the operation's
	// context parameter when the library passes it on; the table's
	// timeouts interpreter fills them in.
	x := &libTimeoutState{m: m, s: s, t: t, r: r, call: call, name: name, lits: lits,
		siteCtx: ctxFact{kind: ctxNone}, libOp: &site.Op{Call: call, HTTP: true}}
	if v := s.Lib.Timeouts; v != nil {
		x.read(v, e)
	} else {
		// Configurations: each call brings the caller's context.
		x.siteCtx = ctxFact{kind: ctxCaller}
	}
	siteCtx, caps, uncapped, worst, calc, exact := x.siteCtx, x.caps, x.uncapped, x.worst, x.calc, x.exact
	if s.Opaque {
		uncapped = ""
	}

	_, opCtx := r.opsCtx(s, t)
	// The library's own context, while the operation uses another it
	// never watches (unwatched.go): the retry runs on to its own limit.
	unwatched := siteCtx.kind == ctxBack && !siteCtx.implicit &&
		(opCtx.kind == ctxCaller || opCtx.kind == ctxDeadline && s.Bound.Kind == site.BoundUnbounded) &&
		!m.testsContext(settingNodes(s, call))
	if !unwatched {
		siteCtx = mergeCtx(siteCtx, opCtx)
	}
	caps = append(caps, r.elapsedCaps()...)
	if c := ctxClause(siteCtx); uncapped != "" && c != "" && siteCtx.kind == ctxBack {
		uncapped += " and " + c
	}
	if unwatched {
		t.Note = "never watches " + ctxName(opCtx)
	}
	// A context parameter whose deadline no call in the package sets is
	// no cap the retry enforces (unwatched.go).
	relies := false
	if siteCtx.kind == ctxCaller && siteCtx.param != nil {
		all, known := m.callersSetDeadline(siteCtx.param, 0)
		relies = known && !all
	}
	if relies {
		for i := range caps {
			if caps[i].dflt {
				caps[i].dflt = false
				t.Note = "sets no deadline on " + siteCtx.param.Name()
			}
		}
	}
	// A service config's methodConfig "timeout" is each call's deadline,
	// its attempts and waits included (gRPC A6); without one, only the
	// caller's deadline ends a call's retries.
	if p := s.GRPCPolicy; p != nil && p.Timeout > 0 {
		caps = append(caps, capFact{d: p.Timeout, known: true, pos: s.Pos, desc: `its methodConfig "timeout"`})
	}
	settle(s, t, siteCtx, caps, uncapped, worst, calc, exact)
	if p := s.GRPCPolicy; p != nil && !t.Capped && !m.unaryCallsTimed() {
		t.CallerOnly, t.Pos, t.CapWhy = true, s.Pos, `no methodConfig "timeout"`
	}
	if relies && !t.Capped && uncapped != "" && s.Bound.Kind == site.BoundUnbounded {
		t.CallerOnly, t.Pos, t.CapWhy = true, s.Pos, uncapped
		t.Note = "sets no deadline on " + siteCtx.param.Name()
	}
}

// ctxName names a context for messages: its parameter, or "the
// operation's context".
func ctxName(f ctxFact) string {
	if f.param != nil {
		return f.param.Name()
	}
	return cmp.Or(f.name, "the operation's context")
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
		if ps := typesx.FuncParams(x.m.info, fl.Type); len(ps) > 0 && ps[0] != nil && IsContextType(ps[0].Type()) {
			x.r.paramCtx[ps[0]] = ctxArg
		}
	}
}

// read applies a table's timeout vocabulary to the site; e is the entry
// called (zero when the call is none).
func (x *libTimeoutState) read(v *knowledge.TimeoutVocab, e knowledge.Entry) {
	x.readContext(v.Context)
	x.readCaps(v.Caps)
	if v.Attempt != nil {
		x.readAttempt(v.Attempt)
	}
	if v.Client == nil {
		return
	}
	cl := x.client(v.Client)
	f := opFact{http: true, client: cl, ctx: x.siteCtx}
	// A call that builds a client or transport sends nothing itself: each
	// send through it is the caller's.
	builds := e.Sends == knowledge.SendsClient || e.Sends == knowledge.SendsTransport
	switch {
	case builds && cl.kind == clientNoTimeout && !(x.s.Bound.Kind == site.BoundKnown && x.s.Bound.Retries == 0):
		// Each send through the client it builds is the caller's, but
		// not the attempt's limit: the library's transport sends every
		// attempt with the request's one context (retryablehttp
		// RoundTripper.RoundTrip, roundtripper.go:37-47), so a
		// deadline there bounds the whole retry and only the
		// library client's own HTTPClient.Timeout bounds one attempt.
		// A client that retries nothing (RetryMax 0) is no retry.
		x.t.NoAttemptTimeout, x.t.Why = x.libOp, cl.why+"; a request sent through it has one context for every attempt"
	case builds:
	case f.noTimeout():
		x.t.NoAttemptTimeout, x.t.Why = x.libOp, f.why()
	case cl.kind == clientNoTimeout && x.siteCtx.kind == ctxCaller && !x.siteCtx.attempt:
		// The caller's deadline bounds the whole retry, not one
		// attempt: a hung attempt holds it to the end, and no retry
		// follows.
		x.t.NoAttemptTimeout, x.t.Why = x.libOp, cl.why+"; only the caller's deadline stops it"
	}
	if x.t.NoAttemptTimeout != nil {
		x.t.AttemptFix = v.Client.Fix
	}
	if v.Worst != nil && x.s.Bound.Known() && cl.kind == clientTimeout && cl.durKnown {
		x.worst, x.calc, x.exact = worstCase(x.s.Bound.Retries+1, cl.dur, x.worstWaits(v.Worst))
	}
}

// readContext finds the context the library watches: the first rule
// that applies decides; none: the library watches none.
func (x *libTimeoutState) readContext(rules []knowledge.ContextRule) {
	for _, c := range rules {
		if len(c.Entries) > 0 && !slices.Contains(c.Entries, x.name) {
			continue
		}
		switch {
		case c.Setting != "":
			st := x.s.Last(c.Setting)
			if st == nil || c.Arg >= len(st.Args) {
				continue
			}
			x.siteCtx = x.r.ctx(st.Args[c.Arg])
		case c.FromEntry:
			if c.EntryArg >= len(x.call.Args) {
				x.siteCtx = ctxFact{kind: ctxCaller}
				break
			}
			a := x.call.Args[c.EntryArg]
			if c.PassesToOp {
				x.mapParam(a)
			}
			if c.Request {
				x.siteCtx = x.r.request(a)
			} else {
				x.siteCtx = x.r.ctx(a)
			}
		case c.Caller:
			x.siteCtx = ctxFact{kind: ctxCaller}
		case c.Background != "":
			x.siteCtx = ctxFact{kind: ctxBack, desc: c.Background, pos: x.call.Pos()}
		}
		return
	}
}

// readCaps finds the total-time caps: the rule of the last kind setting
// present, or the kindless rule.
func (x *libTimeoutState) readCaps(rules []knowledge.CapRule) {
	var kinds []string
	for _, c := range rules {
		kinds = append(kinds, c.Kinds...)
	}
	kind := x.s.Last(kinds...)
	i := slices.IndexFunc(rules, func(c knowledge.CapRule) bool {
		return kind != nil && slices.Contains(c.Kinds, kind.Name) || kind == nil && len(c.Kinds) == 0
	})
	if i < 0 {
		return
	}
	rule := &rules[i]
	if st := x.s.Last(rule.Settings...); st != nil {
		d, ok := x.m.DurationValue(st.Arg(0))
		if ok && d <= 0 && rule.ZeroNever != "" {
			x.uncapped = rule.ZeroNever
			return
		}
		x.caps = append(x.caps, capFact{d: d, known: ok, pos: st.Pos, desc: cmp.Or(rule.Desc, st.Name)})
		return
	}
	if rule.Default {
		pos := x.call.Pos()
		if kind != nil {
			pos = kind.Pos
		}
		x.caps = append(x.caps, capFact{d: x.s.Lib.Defaults.MaxElapsed, known: true, pos: pos, desc: x.s.Lib.Name + "'s default MaxElapsedTime", dflt: true})
		return
	}
	if rule.Absent != "" && (len(rule.AbsentIf) == 0 || x.s.Last(rule.AbsentIf...) != nil) {
		why := strings.ReplaceAll(rule.Absent, "{lib}", x.s.Lib.Name)
		if kind != nil {
			why = strings.ReplaceAll(why, "{kind}", strings.TrimPrefix(kind.Name, "New"))
		}
		x.uncapped = why
	}
}

// client finds whether the HTTP client the library sends with has an
// attempt timeout.
func (x *libTimeoutState) client(c *knowledge.ClientTimeout) clientFact {
	s := x.s
	if st := s.Last(c.Timeout...); st != nil {
		return x.r.timeoutValue(st.Arg(0), st.Pos)
	}
	if st := s.Last(c.Client...); st != nil {
		return x.r.client(st.Arg(0))
	}
	if s.Opaque {
		return clientFact{}
	}
	st := s.Last(c.Default...)
	if st == nil && c.DefaultPackageCall && len(s.Settings) > 0 && typesx.IsPackageFunc(s.Settings[0].Obj) {
		st = s.Settings[0] // a package-level call uses the default client
	}
	if st == nil {
		return clientFact{}
	}
	return clientFact{kind: clientNoTimeout, why: c.NoTimeout, pos: st.Pos}
}

// worstWaits are a retrying client's longest waits before each retry:
// the base doubled up to the cap.
func (x *libTimeoutState) worstWaits(w *knowledge.WorstWaits) waitsFact {
	s, m := x.s, x.m
	if w.Func != "" {
		if st := s.Last(w.Func); st != nil {
			if fn, ok := m.info.Uses[typesx.NameIdent(st.Arg(0))].(*types.Func); !ok || fn.Name() != w.FuncDefault {
				return waitsFact{}
			}
		}
	}
	lo, hi := s.Lib.Defaults.Initial, s.Lib.Defaults.Max
	for _, b := range []struct {
		setting string
		d       *time.Duration
	}{{w.Base, &lo}, {w.Cap, &hi}} {
		if st := s.Last(b.setting); b.setting != "" && st != nil {
			d, ok := m.DurationValue(st.Arg(0))
			if !ok {
				return waitsFact{}
			}
			*b.d = d
		}
	}
	exact := w.Exact && (len(w.InexactIf) == 0 || s.Last(w.InexactIf...) == nil)
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

// readAttempt finds whether a configuration that retries gives each
// attempt a timeout through its setting.
func (x *libTimeoutState) readAttempt(a *knowledge.AttemptTimeout) {
	s := x.s
	if s.Opaque || s.Last(a.Settings...) != nil || !s.Bound.Known() || s.Bound.Retries == 0 || x.m.callsSetting(s.Lib, a.Settings) {
		return
	}
	x.t.NoAttemptTimeout = &site.Op{Call: x.call}
	x.t.Why, x.t.AttemptFix = a.Missing, a.Fix
}

// callsSetting reports whether the package gives one of the library's
// settings elsewhere than to a call of the library itself (another
// configuration): as a per-call option.
func (m *model) callsSetting(lib *knowledge.Library, names []string) bool {
	inLib := func(fn *types.Func) bool {
		return fn != nil && fn.Pkg() != nil && slices.Contains(lib.Paths, fn.Pkg().Path())
	}
	found := false
	for _, f := range m.pass.Files {
		ast.PreorderStack(f, nil, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			fn := typesx.Callee(m.info, call)
			if !inLib(fn) || !slices.Contains(names, fn.Name()) {
				return true
			}
			if len(stack) > 0 {
				if p, ok := stack[len(stack)-1].(*ast.CallExpr); ok && inLib(typesx.Callee(m.info, p)) {
					return true // a setting of another configuration
				}
			}
			found = true
			return false
		})
	}
	return found
}
