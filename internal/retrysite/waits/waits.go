package waits

import (
	"cmp"
	"encoding/binary"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/cfg"
)

// This file finds the waits between attempts of hand-written retry sites
// (doc.go): the walk of the failure paths and the waits it recognises.

// A Hit is a wait found in a function: a primitive (time.Sleep,
// <-time.After, <-timer.C) or a call of a same-package helper that waits.
type Hit struct {
	Kind site.WaitKind
	// Node is the call or receive in the site's function.
	Node ast.Node
	// Expr is the duration expression, when there is one: the argument
	// of time.Sleep or time.After, the NewTimer or Reset argument, the
	// duration argument a sleeping helper waits for.
	Expr ast.Expr
	// Inner is the wait inside a helper (kind site.WaitHelper), and
	// Helper the helper's declaration.
	Inner  *Hit
	Helper *ast.FuncDecl
	// InAttempt: the helper is the attempt itself, which sends and
	// waits (not a helper that only waits): its wait is where the fix
	// goes (site.Wait's InnerPos).
	InAttempt bool
	// TimerVar is the timer or ticker received from (<-t.C).
	TimerVar *types.Var
	// Wait is the wait already shaped, when the model read it elsewhere
	// (a decider's: Model.DeciderWaits).
	Wait *site.Wait
}

// An Attempt is what the model knows of the function an operation's call
// runs in the package (asked only when no wait is found on the way back):
// Decl is its declaration, or a function literal's as one (nil when the
// call runs neither), Fn the function declared (nil for a literal),
// FirstSend the position of its first exchange, and WaitsInside whether
// its body waits at all (time.Sleep, a timer, a Sleep helper given a
// duration).
type Attempt struct {
	Decl        *ast.FuncDecl
	Fn          *types.Func
	FirstSend   token.Pos
	WaitsInside bool
}

// LoopWaits finds the waits between attempts of a hand-written site s in
// fi: calls are the operation's calls (the first one is where the walk
// starts), set the same calls as a set; respond says that the first call
// returns an HTTP response; attempt describes the function the first
// call runs.
//
// A wait inside that function before its first exchange runs before every
// attempt's send: when the way back passes no wait, it is the wait between
// attempts (err := func() error { sleep(backoff()); return send() }();
// a wait after the send may be a success's pause, and is not taken).
func (f Finder) LoopWaits(s *site.Site, fi *interp.FuncInfo, calls []*ast.CallExpr, set map[*ast.CallExpr]bool, respond bool, attempt func() Attempt) {
	if fi == nil || len(calls) == 0 {
		return
	}
	ref, ok := fi.CallNode(calls[0])
	if !ok {
		return
	}
	w := f.NewWalk(fi)
	target := set
	var in interp.Scope
	var self *types.Func
	switch n := s.Node.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		in = fi.LoopScope(n.(ast.Stmt))
	case *ast.FuncDecl:
		self, _ = f.Info.Defs[n.Name].(*types.Func)
		if self != nil {
			selfCalls := SelfCalls(f.Info, f.M.ReentryDecl, n.Body, self)
			target = typesx.Union(set, selfCalls)
			if inLoop(n.Body, calls) {
				// The operation sits in a loop over candidates: going
				// round it is the failover, the retry is the call of
				// itself (retrysite's heldrecursion.go).
				target = selfCalls
			}
			w.reentry = w.EntryWaits(set) // head.go
			w.held = typesx.HeldSelfCalls(f.Info, n.Body, self, f.M.ReentryDecl)
			w.self = self
		}
	}
	scenarios := []interp.Scenario{interp.ErrorScenario()}
	if respond {
		tried := []int{503, 500, 429}
		for _, code := range tried {
			scenarios = append(scenarios, interp.StatusScenario(code))
		}
		// The statuses the code itself names, as isRetry tries them: a
		// loop that retries only a 401 the server marks retryable
		// waits on that path (decide.go).
		for _, code := range f.M.NamedStatuses(fi, tried) {
			scenarios = append(scenarios, interp.StatusScenario(code), interp.HeaderScenario(code))
		}
	}
	for _, sc := range scenarios {
		w.walk(set, target, ref, sc, in)
	}
	s.WaitsKnown = !w.gaveUp
	if fn := typesx.Callee(f.Info, calls[0]); len(w.found) == 0 && fn != nil && f.M.RetryDecision(fn) >= 0 {
		// The operation is its loop's retry decision: its wait before
		// it says again is the wait between attempts, on every way back,
		// whatever else may wait inside it (a retrying client's own
		// waits, a nested retry's), and where the fix goes.
		if d := f.M.FuncDecl(fn); d != nil {
			if inner, _ := f.helperWaits(d.Body, 1); len(inner) == 1 {
				w.found, w.immediate = append(w.found, f.helperHit(calls[0], fn, d, inner[0], true)), false
			}
		}
	}
	var at *Attempt
	if len(w.found) == 0 && w.again {
		// The attempt's own waits before its first exchange run
		// before every attempt, whatever else may wait on the way (a
		// throttle, a rate limiter): waits between attempts. Those
		// after it may be a success's pause, and are not taken.
		a := attempt()
		at = &a
		if a.Decl != nil {
			inner, mb := f.helperWaits(a.Decl.Body, 1)
			for _, in := range inner {
				if !mb && a.FirstSend.IsValid() && in.Node.End() <= a.FirstSend {
					h := f.helperHit(calls[0], a.Fn, a.Decl, in, true)
					w.found, w.immediate = append(w.found, h), false
				}
			}
		}
	}
	if len(w.found) == 0 {
		if w.maybe || !w.again || at != nil && at.WaitsInside {
			// Something on the way may wait (a rate limiter, a
			// backoff object, a channel): the model cannot tell.
			s.WaitsKnown = false
		}
		return
	}
	for _, h := range w.found {
		if f.wokenEarly(fi.Body, h) { // wakeup.go
			s.WaitsKnown = false
			return
		}
	}
	for _, h := range w.found {
		if h.Wait != nil {
			s.Waits = append(s.Waits, h.Wait)
			continue
		}
		wt := &site.Wait{Kind: h.Kind, Pos: h.Node.Pos(), Expr: h.Expr}
		if h.InAttempt {
			wt.InnerPos = h.Inner.Node.Pos()
		}
		f.Wnum.LoopWait(s, fi.Body, self, h.Num(), wt)
		if h.Kind == site.WaitTicker && wt.Shape == site.ShapeNone {
			// A ticker never runs on a zero: time.NewTicker panics
			// and time.Tick never ticks. The zero is a value that
			// switches the loop off (if c.Interval > 0 {...}), so the
			// ticker ticks at the other, unseen, values: all fixed.
			wt.Shape, wt.Desc = site.ShapeConstant, "a ticker's fixed interval"
		}
		if wt.Shape == site.ShapeUnknown && f.unjitteredHit(fi.Body, h) {
			wt.Shape, wt.Desc = site.ShapeNoJitter, noJitterDesc // waits_determ.go
			if fn := f.computedBy(fi.Body, h); fn != nil {
				wt.ComputedPos = fn.Pos()
			}
		}
		s.Waits = append(s.Waits, wt)
	}
	if w.immediate {
		noWait := &site.Wait{Kind: site.WaitSleep, Pos: s.Pos, Shape: site.ShapeNone, Desc: "no wait after some failures"}
		s.Waits = append(s.Waits, noWait)
	}
}

// NewWalk returns a walk of the failure paths of fi.
func (f Finder) NewWalk(fi *interp.FuncInfo) *Walk {
	return &Walk{F: f, Fi: fi, Comms: selectsOf(fi.Body), HitAt: make(map[ast.Node][]*Hit)}
}

// SelfCalls returns the calls of fn in body (outside function literals),
// and the calls of closures held in body that call fn
// (typesx.HeldSelfCalls).
func SelfCalls(info *types.Info, decl func(via, fn *types.Func) *ast.FuncDecl, body *ast.BlockStmt, fn *types.Func) map[*ast.CallExpr]bool {
	res := make(map[*ast.CallExpr]bool)
	for c := range typesx.HeldSelfCalls(info, body, fn, decl) {
		res[c] = true
	}
	for _, c := range typesx.CallsOf(info, body, fn) {
		res[c] = true
	}
	return res
}

// nonblocking reports whether st is the communication of a select with
// a default case: it does not wait.
func (w *Walk) nonblocking(st ast.Stmt) bool {
	sel := w.Comms[st]
	return sel != nil && slices.ContainsFunc(sel.Body.List, func(c ast.Stmt) bool { return c.(*ast.CommClause).Comm == nil })
}

// Walk walks the failure paths of one site.
type Walk struct {
	F  Finder
	Fi *interp.FuncInfo
	// Comms maps each comm of a select to its select. go/cfg evaluates
	// every comm of a select at its head, before the cases branch: a
	// path waits on the comm of the case it takes (caseWait), not on
	// them all (a timer armed before the loop whose case returns is a
	// deadline, not a wait between attempts).
	Comms map[ast.Stmt]*ast.SelectStmt
	// HitAt caches WaitsIn and HeadWait by node.
	HitAt map[ast.Node][]*Hit
	found []*Hit
	// again: some failure path leads back to the operation; immediate:
	// one does with no wait and through no fork the outcome does not
	// decide, while others wait; maybe: a path back passes something
	// that may wait without the model knowing how long.
	again, immediate, maybe, gaveUp bool
	// reentry, for a recursive site, holds the waits every path from
	// the function's entry to the operation passes: a call of itself
	// waits them before the operation runs again.
	reentry []*Hit
	// held are the calls of closures that call the function itself
	// (self), with their literals; heldHits caches their waits
	// (heldself.go).
	held     map[*ast.CallExpr]*ast.FuncLit
	self     *types.Func
	heldHits map[*ast.FuncLit][]*Hit
}

type walkPath struct {
	hits      []*Hit
	maybe     bool
	uncertain bool
}

func (p walkPath) appendKey(buf []byte) []byte {
	for _, h := range p.hits {
		buf = binary.AppendUvarint(buf, uint64(h.Node.Pos()))
	}
	buf = append(buf, 0xfe, interp.B2byte(p.maybe), interp.B2byte(p.uncertain))
	return buf
}

func (w *Walk) walk(op, target map[*ast.CallExpr]bool, start interp.NodeRef, sc interp.Scenario, in interp.Scope) {
	fi := w.Fi
	ev := &interp.Evaluator{Fi: fi, Op: op, Sc: sc}
	var seen interp.StateKeys
	var kb []byte
	// The walk's budget grows with the function: a long loop body (a
	// command executor of a few hundred lines) has more states to visit
	// on its way back to the operation.
	steps, budget := 0, 5000+50*len(fi.Cfg.Blocks)
	var walk func(bi int32, from int, e interp.Env, p walkPath, first bool)
	walk = func(bi int32, from int, e interp.Env, p walkPath, first bool) {
		if steps > budget {
			w.gaveUp = true
			return
		}
		steps++
		b := fi.Cfg.Blocks[bi]
		if !first && in != nil && !in(b) {
			return
		}
		kb = fi.AppendState(kb[:0], bi, from, e)
		kb = p.appendKey(kb)
		// The start (just after the operation) is not the operation's
		// node reached again: a loop whose tracked values are back where
		// they started still runs the operation on its way round.
		kb = append(kb, interp.B2byte(first))
		if !seen.Add(kb) {
			return
		}
		if h := w.HeadWait(b); h != nil && !first {
			p.hits = withHits(p.hits, h) // waits_dedupe.go
		}
		if hits, maybe := w.caseWait(b); !first && (len(hits) > 0 || maybe) {
			p.hits = withHits(p.hits, hits...)
			p.maybe = p.maybe || maybe
		}
		n := len(b.Nodes)
		condBlock := len(b.Succs) == 2
		for i := from; i < n; i++ {
			node := b.Nodes[i]
			if !(first && i == from) && interp.ContainsOp(node, target) {
				if len(w.reentry) > 0 && !interp.ContainsOp(node, op) {
					p.hits = append(append([]*Hit(nil), p.hits...), w.reentry...)
				}
				if hs := w.heldWaits(node); len(hs) > 0 {
					p.hits = append(append([]*Hit(nil), p.hits...), hs...) // heldself.go
				}
				w.again = true
				if len(p.hits) == 0 {
					w.immediate = w.immediate || !p.maybe && !p.uncertain
					w.maybe = w.maybe || p.maybe
				}
				w.found = withHits(w.found, p.hits...)
				return
			}
			// The operation's own Node: only what follows the call
			// counts (err := sleepy() is not a wait before it).
			if !(first && i == from) && !w.isComm(node) {
				hits, maybe := w.WaitsIn(node)
				if len(hits) > 0 {
					p.hits = withHits(p.hits, hits...)
				}
				p.maybe = p.maybe || maybe
			}
			if i == n-1 && condBlock {
				break
			}
			e = ev.Exec(node, e)
		}
		switch len(b.Succs) {
		case 1:
			walk(b.Succs[0].Index, 0, e, p, false)
		case 2:
			t, f, c := fi.Branch(ev, b, e)
			// A fork the outcome does not decide makes a path that
			// does not wait uncertain when the other side may wait:
			// `if d > 0 { time.Sleep(d) }`.
			undecided := t && f && c != nil && c.Dep&interp.DepOutcome == 0
			if t {
				q := p
				q.uncertain = q.uncertain || undecided && w.reachesWait(b.Succs[1].Index, target, in)
				walk(b.Succs[0].Index, 0, fi.TakeRange(b, e, true), q, false)
			}
			if f {
				q := p
				q.uncertain = q.uncertain || undecided && w.reachesWait(b.Succs[0].Index, target, in)
				walk(b.Succs[1].Index, 0, fi.TakeRange(b, e, false), q, false)
			}
		}
	}
	walk(start.Block, start.Index, fi.StartEnv(start), walkPath{}, true)
}

// reachesWait reports whether some path from block bi passes a wait (or
// something that may wait) before it runs the operation again or leaves
// the interp.Scope.
func (w *Walk) reachesWait(bi int32, target map[*ast.CallExpr]bool, in interp.Scope) bool {
	seen := make(map[int32]bool)
	var visit func(bi int32) bool
	visit = func(bi int32) bool {
		if seen[bi] {
			return false
		}
		seen[bi] = true
		b := w.Fi.Cfg.Blocks[bi]
		if in != nil && !in(b) {
			return false
		}
		if w.HeadWait(b) != nil {
			return true
		}
		if hits, maybe := w.caseWait(b); len(hits) > 0 || maybe {
			return true
		}
		for _, n := range b.Nodes {
			if interp.ContainsOp(n, target) {
				return false
			}
			if w.isComm(n) {
				continue // waited on in its case (caseWait)
			}
			if hits, maybe := w.WaitsIn(n); len(hits) > 0 || maybe {
				return true
			}
		}
		return slices.ContainsFunc(b.Succs, func(s *cfg.Block) bool { return visit(s.Index) })
	}
	return visit(bi)
}

// isComm reports whether node is the comm of a select's case, which
// go/cfg places at the select's head.
func (w *Walk) isComm(node ast.Node) bool {
	st, _ := node.(ast.Stmt)
	return w.Comms[st] != nil
}

// caseWait returns the waits of the comm of the select case whose body
// b is: what a path that takes that case waited on.
func (w *Walk) caseWait(b *cfg.Block) ([]*Hit, bool) {
	if b.Kind != cfg.KindSelectCaseBody {
		return nil, false
	}
	cc, ok := b.Stmt.(*ast.CommClause)
	if !ok || cc.Comm == nil {
		return nil, false
	}
	return w.WaitsIn(cc.Comm)
}

// WaitsIn returns the waits in a graph node, and whether it holds
// something else that may wait.
func (w *Walk) WaitsIn(node ast.Node) ([]*Hit, bool) {
	if hs, ok := w.HitAt[node]; ok {
		return hs, false
	}
	if st, ok := node.(ast.Stmt); ok && w.nonblocking(st) {
		return nil, false
	}
	hits, maybe := w.F.FindWaits(node, w.Fi.Body, 0)
	if !maybe {
		w.HitAt[node] = hits
	}
	return hits, maybe
}

// FindWaits finds the waits in node (outside function literals). body is
// the function that holds node, where timers are looked up. maybe is true
// when node holds something else that may block: a receive from another
// channel, a call that looks like a wait (Wait, Backoff, a rate limiter).
//
// The Done case of a select that also waits (case <-ctx.Done(): return)
// is cancellation: it may only end the wait sooner.
func (f Finder) FindWaits(node ast.Node, body *ast.BlockStmt, depth int) (hits []*Hit, maybe bool) {
	var cancels map[*ast.UnaryExpr]bool
	typesx.InspectNoLits(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			return !f.M.TimerDrain(n) // values.go
		case *ast.SelectStmt:
			if u := f.selectCancel(n, body); u != nil {
				if cancels == nil {
					cancels = make(map[*ast.UnaryExpr]bool)
				}
				cancels[u] = true
			}
		case *ast.UnaryExpr:
			if n.Op != token.ARROW || cancels[n] {
				return true
			}
			if h := f.ReceiveWait(n, body); h != nil {
				hits = append(hits, h)
				return false
			}
			maybe = true
		case *ast.CallExpr:
			if h := cmp.Or(f.callWait(n), f.afterHanded(n)); h != nil {
				hits = append(hits, h)
				return false
			}
			if hs := f.M.DeciderWaits(n); len(hs) > 0 {
				hits = append(hits, hs...)
				return false
			}
			fn := typesx.Callee(f.Info, n)
			if d := f.helperDecl(n, fn, body); d != nil && depth < 3 {
				switch inner, mb := f.helperWaits(d.Body, depth+1); {
				case len(inner) == 1 && inner[0].Inner == nil && f.timedReceive(d.Body, inner[0]):
					maybe = true // a reply awaited with a timeout (wakeup.go)
				case len(inner) == 1:
					hits = append(hits, f.helperHit(n, fn, d, inner[0], false))
				case len(inner) > 1 || mb:
					maybe = true
				}
				return true
			}
			if f.mayWait(n, fn) {
				maybe = true
			}
		}
		return true
	})
	return hits, maybe
}

// selectCancel returns the receive from a Done channel of a select of
// two cases whose other case waits (case <-time.After(d):), or nil.
func (f Finder) selectCancel(sel *ast.SelectStmt, body *ast.BlockStmt) *ast.UnaryExpr {
	if len(sel.Body.List) != 2 {
		return nil
	}
	var done, wait *ast.UnaryExpr
	for _, st := range sel.Body.List {
		u := typesx.CommReceive(st.(*ast.CommClause).Comm)
		switch {
		case u == nil:
			return nil
		case f.isDone(u):
			done = u
		case f.ReceiveWait(u, body) != nil:
			wait = u
		}
	}
	if wait == nil {
		return nil
	}
	return done
}

// afterHanded returns the wait of a call that hands time.After(d) to a
// function of the package receiving from that parameter
// (retryDelayElapsed(ctx, time.After(d)), which selects on it and on
// ctx.Done()): it waits d, as `<-time.After(d)` written in place.
func (f Finder) afterHanded(call *ast.CallExpr) *Hit {
	fn := typesx.Callee(f.Info, call)
	if fn == nil || fn.Pkg() != f.Pkg {
		return nil
	}
	d := f.M.FuncDecl(fn)
	if d == nil || d.Body == nil {
		return nil
	}
	params := typesx.FuncParams(f.Info, d.Type)
	for i, a := range call.Args {
		ac, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok || i >= len(params) || params[i] == nil || len(ac.Args) != 1 {
			continue
		}
		if af := typesx.Callee(f.Info, ac); af == nil || af.Pkg() == nil || af.Pkg().Path() != "time" || af.Name() != "After" {
			continue
		}
		received := false
		typesx.InspectNoLitsUntil(&received, d.Body, func(n ast.Node) bool {
			u, ok := n.(*ast.UnaryExpr)
			received = ok && u.Op == token.ARROW && f.Info.Uses[typesx.IdentOf(u.X)] == params[i]
			return true
		})
		if received {
			return &Hit{Kind: site.WaitAfter, Node: call, Expr: ac.Args[0]}
		}
	}
	return nil
}

// helperDecl returns the declaration of the same-package function call
// runs or, for a local func value whose only assignment in body is a
// literal (onError := func(err error) error {...}), the literal as a
// declaration: a helper held in a local waits as one of the package.
func (f Finder) helperDecl(call *ast.CallExpr, fn *types.Func, body *ast.BlockStmt) *ast.FuncDecl {
	if fn != nil && fn.Pkg() == f.Pkg {
		if d := f.M.FuncDecl(fn); d != nil && d.Body != nil {
			return d
		}
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if v, isVar := f.Info.Uses[id].(*types.Var); fn == nil && ok && isVar && v.Pos() > body.Pos() && v.Pos() < body.End() {
		if lit, ok := ast.Unparen(typesx.SoleAssigned(f.Info, body, v)).(*ast.FuncLit); ok {
			return &ast.FuncDecl{Name: id, Type: lit.Type, Body: lit.Body}
		}
	}
	return nil
}

// helperWaits is FindWaits over the body of a same-package helper the
// walk calls, at depth: worked out once per body and depth (*f.Helpers),
// since every loop calling the helper asks.
func (f Finder) helperWaits(body *ast.BlockStmt, depth int) ([]*Hit, bool) {
	r := typesx.Cached(f.Helpers, HelperKey{body, depth}, func() HelperWaits {
		hits, maybe := f.FindWaits(body, body, depth)
		return HelperWaits{hits, maybe}
	})
	return r.Hits, r.Maybe
}

// HelperKey and HelperWaits are the key and the value of Finder.Helpers.
type (
	HelperKey struct {
		Body  *ast.BlockStmt
		Depth int
	}
	HelperWaits struct {
		Hits  []*Hit
		Maybe bool
	}
)

// hasWaits reports whether FindWaits finds a wait in loop, a loop of
// body: each operation of the loop asks (periodic.go), the loop is read
// once (*f.Waited).
func (f Finder) hasWaits(loop ast.Node, body *ast.BlockStmt) bool {
	return typesx.Cached(f.Waited, loop, func() bool {
		hits, _ := f.FindWaits(loop, body, 0)
		return len(hits) > 0
	})
}

// helperHit makes the wait of a call of a same-package helper whose body
// waits once; inAttempt says the helper is the attempt itself.
func (f Finder) helperHit(call *ast.CallExpr, fn *types.Func, d *ast.FuncDecl, inner *Hit, inAttempt bool) *Hit {
	h := &Hit{Kind: site.WaitHelper, Node: call, Inner: inner, Helper: d, InAttempt: inAttempt}
	// A helper that waits for one of its parameters (sleepCtx(ctx, d)):
	// the argument is the duration.
	if p := typesx.VarOf(f.Info, inner.Expr); p != nil && inner.Inner == nil && fn != nil {
		sig := fn.Type().(*types.Signature)
		for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
			if sig.Params().At(i) == p && !(sig.Variadic() && i == sig.Params().Len()-1) {
				h.Expr = call.Args[i]
			}
		}
	}
	return h
}

// callWait recognises a call that waits: time.Sleep(d), gax.Sleep(ctx, d),
// a clock's Sleep(d).
func (f Finder) callWait(call *ast.CallExpr) *Hit {
	if d := f.awaitedTimer(call); d != nil {
		return &Hit{Kind: site.WaitSleep, Node: call, Expr: d}
	}
	fn := typesx.Callee(f.Info, call)
	if fn == nil {
		fn = f.M.BoundFunc(call.Fun)
	}
	if fn == nil {
		return nil
	}
	if fn.Pkg() != nil {
		// time.Sleep and the sleep functions of the tables.
		if a, ok := knowledge.SleepArg(fn.Pkg().Path()+"."+fn.Name(), len(call.Args)); ok {
			return &Hit{Kind: site.WaitSleep, Node: call, Expr: call.Args[a]}
		}
	}
	// A Sleep method or function of another package taking one duration
	// (a clock abstraction, a sleep that a context cuts short:
	// serviceutil.CancellableSleep(ctx, d), SleepContext(ctx, d)).
	if fn.Pkg() != f.Pkg && strings.Contains(fn.Name(), "Sleep") {
		if d := durationArg(f.Info, call); d != nil {
			return &Hit{Kind: site.WaitSleep, Node: call, Expr: d}
		}
	}
	return nil
}

// awaitedTimer returns the duration of a timer made by a function named
// for one, given one duration, and awaited at once for its error: a
// workflow engine's durable timer (ScheduleTimer(ctx, d).Get(ctx),
// NewTimer(ctx, d).Get(ctx, nil)) blocks for d.
func (f Finder) awaitedTimer(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !interp.HasErrorOrResponse(f.Info.TypeOf(call)) {
		return nil
	}
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if fn := typesx.Callee(f.Info, inner); fn == nil || !strings.HasSuffix(fn.Name(), "Timer") {
		return nil
	}
	return durationArg(f.Info, inner)
}

// durationArg returns the single time.Duration argument of a call.
func durationArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	var d ast.Expr
	for _, a := range call.Args {
		if typesx.IsNamed(info.TypeOf(a), "time", "Duration") {
			if d != nil {
				return nil
			}
			d = a
		}
	}
	return d
}

// ReceiveWait recognises a receive that waits: <-time.After(d),
// <-time.Tick(d), <-timer.C, <-ticker.C, <-clock.After(d).
func (f Finder) ReceiveWait(u *ast.UnaryExpr, body *ast.BlockStmt) *Hit {
	switch x := ast.Unparen(u.X).(type) {
	case *ast.CallExpr:
		fn := typesx.Callee(f.Info, x)
		if fn == nil {
			fn = f.M.BoundFunc(x.Fun) // var after = time.After
		}
		if fn == nil {
			return nil
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "time" && len(x.Args) == 1 {
			switch fn.Name() {
			case "After":
				return &Hit{Kind: site.WaitAfter, Node: u, Expr: x.Args[0]}
			case "Tick":
				return &Hit{Kind: site.WaitTicker, Node: u, Expr: x.Args[0]}
			}
		}
		if fn.Pkg() != f.Pkg && fn.Name() == "After" {
			if d := durationArg(f.Info, x); d != nil {
				return &Hit{Kind: site.WaitAfter, Node: u, Expr: d}
			}
		}
		// <-time.NewTimer(d).C is a selector, below.
	case *ast.Ident:
		return f.afterVarWait(u, x, body) // waits_chanvar.go
	case *ast.SelectorExpr:
		if x.Sel.Name != "C" {
			return nil
		}
		t := f.Info.TypeOf(x.X)
		isTimer := typesx.IsNamed(t, "time", "Timer")
		isTicker := typesx.IsNamed(t, "time", "Ticker")
		if !isTimer && !isTicker {
			return nil
		}
		kind := site.WaitTimer
		if isTicker {
			kind = site.WaitTicker
		}
		h := &Hit{Kind: kind, Node: u}
		if call, ok := ast.Unparen(x.X).(*ast.CallExpr); ok {
			if fn := typesx.Callee(f.Info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && len(call.Args) == 1 {
				h.Expr = call.Args[0]
			}
			return h
		}
		if v := typesx.VarOf(f.Info, x.X); v != nil {
			h.TimerVar = v
			h.Expr = f.timerDuration(v, body, u.Pos())
		}
		return h
	}
	return nil
}

// timerDuration returns the duration a timer or ticker variable was last
// set to before pos: the argument of time.NewTimer, time.NewTicker or
// Reset.
func (f Finder) timerDuration(v *types.Var, body *ast.BlockStmt, pos token.Pos) ast.Expr {
	var best ast.Expr
	var bestPos token.Pos
	sets, _ := f.timerSettings(v, body)
	for _, s := range sets {
		if best == nil || (s.at < pos && (bestPos > pos || s.at > bestPos)) {
			best, bestPos = s.x, s.at
		}
	}
	return best
}

// A timerSet is a duration a timer or ticker variable is set to, and
// where.
type timerSet struct {
	x  ast.Expr
	at token.Pos
}

// timerSettings returns every duration the timer or ticker variable v is
// set to in body: the argument of the time.NewTimer or time.NewTicker
// call it is assigned, of its Reset calls. all is false when v is also
// assigned something else (a timer another function makes).
func (f Finder) timerSettings(v *types.Var, body *ast.BlockStmt) (sets []timerSet, all bool) {
	all = true
	fromTime := func(rhs ast.Expr, at token.Pos) {
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && len(call.Args) == 1 {
			if fn := typesx.Callee(f.Info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				sets = append(sets, timerSet{call.Args[0], at})
				return
			}
		}
		all = false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if typesx.VarOf(f.Info, l) != v {
					continue
				}
				if i >= len(n.Rhs) {
					all = false
					continue
				}
				fromTime(n.Rhs[i], n.Pos())
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if f.Info.Defs[name] != v || i >= len(n.Values) {
					continue
				}
				fromTime(n.Values[i], n.Pos())
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Reset" && len(n.Args) == 1 {
				if typesx.VarOf(f.Info, sel.X) == v {
					sets = append(sets, timerSet{n.Args[0], n.Pos()})
				}
			}
		}
		return true
	})
	return sets, all
}

// mayWait reports whether a call of another package may block for a
// while between attempts: its name says it waits, or it takes a duration.
func (f Finder) mayWait(call *ast.CallExpr, fn *types.Func) bool {
	if _, builtin := f.Info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); builtin {
		return false // min(d, max)
	}
	if tv, ok := f.Info.Types[call.Fun]; ok && tv.IsType() {
		return false // a conversion: time.Duration(0)
	}
	name := ""
	if id := typesx.NameIdent(call.Fun); id != nil {
		name = id.Name
	}
	if fn != nil && fn.Pkg() != nil {
		switch fn.Pkg().Path() {
		case "time", "context", "fmt", "log", "log/slog", "errors", "strings", "strconv", "sync/atomic",
			"math", "math/rand", "math/rand/v2", "crypto/rand", "sort", "slices", "maps", "bytes", "io", "os":
			return false
		}
		if fn.Name() == "Done" || fn.Name() == "Err" {
			return false
		}
	}
	if fn == nil && typesx.IsBool(f.Info.TypeOf(call)) && slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return typesx.IsErrorType(f.Info.TypeOf(a)) }) {
		// A retry decision the model cannot see, given the error
		// (interp's outcomepred.go), may wait before it says yes.
		return true
	}
	lower := strings.ToLower(name)
	for _, w := range []string{"wait", "sleep", "backoff", "delay", "pause", "throttle", "limit", "after", "tick"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return typesx.IsNamed(f.Info.TypeOf(a), "time", "Duration") })
}
