package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// This file finds retries through a work queue (knowledge workqueue.go):
// a controller that hands an item back to a rate-limited queue when the
// work for it failed,
//
//	result, err := c.Reconcile(ctx, req)
//	if err != nil {
//		c.Queue.AddRateLimited(req) // or AddWithOpts(AddOpts{RateLimited: true}, req)
//	}
//
// retries that work: the queue delivers req to the handler again after
// its limiter's delay, and again after every failure. There is no loop in
// the code; the site is the requeue call. It is one when
//
//   - the item handed back is a variable of the function that an
//     operation of the function is given as an argument (the same input,
//     so the same operation runs again), and that the function never
//     writes after its definition;
//   - the requeue follows that operation's failure and not its success:
//     walked from the operation under the error outcome, control reaches
//     the call; under success it does not (a resync that requeues every
//     item is no retry).
//
// Its bound is none unless the package asks the queue NumRequeues (the
// count a controller gives up at; the model does not read it: unknown).
// Its waits are the queue's limiter when the package builds the queue
// from client-go's constructors (the field or variable's every write):
// none of them draws at random. Anything else leaves the waits unknown.
// The operation's outcomes and timeouts are the handler's business: the
// site says nothing of them (R-3, R-4 and R-6 silent).

// requeueSites returns the requeue sites of fb.
func (m *model) requeueSites(fb funcBody) []*Site {
	var calls []*ast.CallExpr
	var entries []knowledge.Requeue
	fb.inspect(callTypes, func(n ast.Node) {
		call := n.(*ast.CallExpr)
		if r, ok := m.requeueEntry(call); ok {
			calls = append(calls, call)
			entries = append(entries, r)
		}
	})
	if len(calls) == 0 {
		return nil
	}
	groups := m.opGroups(fb)
	if len(groups) == 0 {
		return nil
	}
	fi := m.FuncInfo(fb.body, fb.typ)
	if fi == nil {
		return nil
	}
	var sites []*Site
	for i, rq := range calls {
		item := m.requeuedItem(fb, rq, entries[i])
		if item == nil {
			continue
		}
		target := map[*ast.CallExpr]bool{rq: true}
		var retried *opGroup
		for _, g := range groups {
			c := callGiven(m.info, g, item)
			if c == nil {
				continue
			}
			ref, ok := fi.CallNode(c)
			if !ok {
				continue
			}
			if fi.Reach(g.set, target, ref, successScenario(), nil, goalAgain).Again {
				continue // a success is handed back too: a resync
			}
			if fi.Reach(g.set, target, ref, errorScenario(), nil, goalAgain).Again {
				retried = g
				break
			}
		}
		if retried == nil {
			continue
		}
		s := &Site{
			Kind:     Library,
			Lib:      knowledge.K8sWorkqueue,
			Node:     rq,
			Pos:      rq.Pos(),
			Func:     fb.body,
			FuncType: fb.typ,
		}
		for _, c := range retried.calls {
			s.Ops = append(s.Ops, m.ops.Op(c))
		}
		if m.asksNumRequeues() {
			s.Bound = Bound{Kind: BoundUnknown}
		} else {
			s.Bound = Bound{Kind: BoundUnbounded, Why: "each failure hands " + item.Name() + " back to the queue rate-limited; nothing asks NumRequeues"}
		}
		if w, ok := m.queueWait(rq); ok {
			s.Waits, s.WaitsKnown = []*Wait{w}, true
		}
		sites = append(sites, s)
	}
	return sites
}

// requeueEntry reports whether call hands an item back to a rate-limited
// queue (knowledge.Requeues): the method, and for an options method a
// literal that sets its rate-limited field to true.
func (m *model) requeueEntry(call *ast.CallExpr) (knowledge.Requeue, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return knowledge.Requeue{}, false
	}
	name := sel.Sel.Name
	if name != "AddRateLimited" && name != "AddWithOpts" {
		return knowledge.Requeue{}, false // most calls: no type lookup
	}
	fn := typeutilCallee(m.info, call)
	if fn == nil || fn.Pkg() == nil {
		return knowledge.Requeue{}, false
	}
	fn = fn.Origin()
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return knowledge.Requeue{}, false
	}
	rt := sig.Recv().Type()
	if p, ok := rt.(*types.Pointer); ok {
		rt = p.Elem()
	}
	recv, _ := types.Unalias(rt).(*types.Named)
	if recv == nil {
		return knowledge.Requeue{}, false
	}
	for _, r := range knowledge.Requeues {
		if fn.Pkg().Path() != r.Path || fn.Name() != r.Method || recv.Obj().Name() != r.Type || r.Item >= len(call.Args) {
			continue
		}
		if r.RateLimited != "" && !m.setsTrue(call.Args[0], r.RateLimited) {
			return knowledge.Requeue{}, false
		}
		return r, true
	}
	return knowledge.Requeue{}, false
}

// setsTrue reports whether x is a composite literal (or its address) that
// sets field to the constant true.
func (m *model) setsTrue(x ast.Expr, field string) bool {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
			tv, ok := m.info.Types[kv.Value]
			return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
		}
	}
	return false
}

// requeuedItem returns the variable a requeue call hands back: a
// parameter or local of fb, assigned nowhere in fb but at its definition.
// Its address may be taken (c.LogConstructor(&req)): the item handed back
// is still the one the work was done for.
func (m *model) requeuedItem(fb funcBody, call *ast.CallExpr, r knowledge.Requeue) *types.Var {
	id, ok := ast.Unparen(call.Args[r.Item]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := m.info.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Pos() < fb.typ.Pos() || v.Pos() >= fb.body.End() {
		return nil
	}
	writes := 0
	ast.Inspect(fb.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if lid, ok := ast.Unparen(l).(*ast.Ident); ok && (m.info.Uses[lid] == v || m.info.Defs[lid] == v) {
					writes++
				}
			}
		case *ast.IncDecStmt:
			if lid, ok := ast.Unparen(n.X).(*ast.Ident); ok && m.info.Uses[lid] == v {
				writes += 2
			}
		}
		return true
	})
	isParam := v.Pos() < fb.body.Pos()
	if isParam && writes > 0 || !isParam && writes != 1 {
		return nil
	}
	return v
}

// callGiven returns the first call of g given v itself as an argument.
func callGiven(info *types.Info, g *opGroup, v *types.Var) *ast.CallExpr {
	for _, c := range g.calls {
		for _, a := range c.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == v {
				return c
			}
		}
	}
	return nil
}

// asksNumRequeues reports whether the package asks a work queue how many
// times an item was requeued: it may give up at a count.
func (m *model) asksNumRequeues() bool {
	if m.numRequeues != 0 {
		return m.numRequeues > 0
	}
	m.numRequeues = -1
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if m.numRequeues > 0 {
				return false
			}
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != knowledge.NumRequeuesMethod {
				return true
			}
			if fn, ok := m.info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && knowledge.IsLimiterPackage(fn.Pkg().Path()) {
				m.numRequeues = 1
			}
			return true
		})
	}
	return m.numRequeues > 0
}

// queueWait returns the wait of the queue a requeue call hands its item
// to, when every write of the queue (a field or package variable of the
// package, or a local of the function written once) is a client-go queue
// constructor given a limiter the table knows.
func (m *model) queueWait(call *ast.CallExpr) (*Wait, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	var v *types.Var
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.Ident:
		v, _ = m.info.Uses[x].(*types.Var)
	case *ast.SelectorExpr:
		v, _ = m.info.Uses[x.Sel].(*types.Var)
	}
	if v == nil || !m.IndexedVar(v) {
		return nil, false // a local or another package's: not followed
	}
	ws, ok := m.ReachingWrites(v)
	if !ok || len(ws) == 0 {
		return nil, false
	}
	var res *Wait
	for _, w := range ws {
		if w.X == nil || w.Zero {
			return nil, false
		}
		qc, ok := ast.Unparen(w.X).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		fn := typeutilCallee(m.info, qc)
		if fn == nil || fn.Pkg() == nil || !knowledge.IsLimiterPackage(fn.Pkg().Path()) {
			return nil, false
		}
		i, ok := knowledge.RateLimitingQueues[fn.Name()]
		if !ok || i >= len(qc.Args) {
			return nil, false
		}
		lw, ok := m.limiterWait(qc.Args[i], 0)
		if !ok || lw.kind == 0 {
			return nil, false
		}
		wt := lw.wait()
		if res != nil && (res.Shape != wt.Shape || res.Desc != wt.Desc) {
			return nil, false // two queues that wait differently
		}
		res = wt
	}
	return res, res != nil
}

// A limiterWait is what a limiter expression waits.
type limiterWait struct {
	kind      knowledge.RateLimiterKind // 0: no wait per item (a bucket)
	base, cap time.Duration             // 0 when not known
	name      string                    // the constructor
	pos       token.Pos
}

// limiterWait reads a limiter expression: a call of a client-go limiter
// constructor, or a bucket limiter's literal.
func (m *model) limiterWait(x ast.Expr, depth int) (limiterWait, bool) {
	if depth > 3 {
		return limiterWait{}, false
	}
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if lit, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok {
			named, _ := types.Unalias(m.info.TypeOf(lit)).(*types.Named)
			if named != nil && named.Obj().Pkg() != nil && knowledge.IsLimiterPackage(named.Obj().Pkg().Path()) {
				for _, b := range knowledge.BucketLimiterTypes {
					if named.Obj().Name() == b {
						return limiterWait{pos: lit.Pos()}, true
					}
				}
			}
		}
		return limiterWait{}, false
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return limiterWait{}, false
	}
	fn := typeutilCallee(m.info, call)
	if fn == nil || fn.Pkg() == nil || !knowledge.IsLimiterPackage(fn.Pkg().Path()) {
		return limiterWait{}, false
	}
	for _, rl := range knowledge.RateLimiters {
		if rl.Func != fn.Name() {
			continue
		}
		lw := limiterWait{kind: rl.Kind, base: rl.Base, cap: rl.Cap, name: fn.Name(), pos: call.Pos()}
		if rl.BaseArg >= 0 && rl.BaseArg < len(call.Args) {
			lw.base, _ = m.durationValue(call.Args[rl.BaseArg])
		}
		if rl.CapArg >= 0 && rl.CapArg < len(call.Args) {
			lw.cap, _ = m.durationValue(call.Args[rl.CapArg])
		}
		if rl.Kind != knowledge.LimiterOf {
			return lw, true
		}
		// The largest (or capped) wait of its limiters: exponential if
		// one is, fixed if every one with a wait is.
		of := limiterWait{name: fn.Name(), pos: call.Pos()}
		for _, a := range call.Args {
			if isDuration(m.info.TypeOf(a)) {
				continue
			}
			sub, ok := m.limiterWait(a, depth+1)
			if !ok {
				return limiterWait{}, false
			}
			switch {
			case sub.kind == knowledge.LimiterExponential && of.kind != knowledge.LimiterExponential,
				sub.kind == knowledge.LimiterFixed && of.kind == 0:
				of = sub // the limiter whose delays the largest are
			}
		}
		if lw.cap != 0 && (of.cap == 0 || lw.cap < of.cap) {
			of.cap = lw.cap // WithMaxWait
		}
		return of, true
	}
	return limiterWait{}, false
}

// isDuration reports whether t is time.Duration.
func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// wait is the limiter's wait as a site's: none of client-go's limiters
// draws at random.
func (lw limiterWait) wait() *Wait {
	w := &Wait{Kind: WaitLibrary, Pos: lw.pos, Base: lw.base, Cap: lw.cap}
	switch lw.kind {
	case knowledge.LimiterExponential:
		w.Shape = site.ShapeExponential
		w.Desc = "doubles"
		if lw.base > 0 {
			w.Desc += " from " + report.FormatDuration(lw.base)
		}
		if lw.cap > 0 {
			w.Desc += " up to " + report.FormatDuration(lw.cap)
		}
		w.Desc += " without jitter"
	default:
		w.Shape = site.ShapeNoJitter
		w.Desc = "the fixed delays of " + lw.name + ", with no jitter"
	}
	return w
}
