package requeue

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// Host is what the finder asks of the retry-site model.
type Host interface {
	// FuncInfo returns the interpreter's graph of a function.
	FuncInfo(body *ast.BlockStmt, typ *ast.FuncType) *interp.FuncInfo
	// Op describes an operation call of a site (package ops).
	Op(call *ast.CallExpr) *site.Op
	// DurationValue returns the duration x evaluates to.
	DurationValue(x ast.Expr) (time.Duration, bool)
	// IndexedVar reports whether the value index follows v, and
	// ReachingWrites returns the writes of it that reach a read.
	IndexedVar(v *types.Var) bool
	ReachingWrites(v *types.Var) ([]valueindex.ValueWrite, bool)
	// AllWrites returns every write of v the index holds, x++ included.
	AllWrites(v *types.Var) []valueindex.ValueWrite
	// MayBeOp reports whether call may be an operation; MethodOf returns
	// the declaration of a function of the package or module.
	MayBeOp(call *ast.CallExpr) bool
	MethodOf(fn *types.Func) (*ast.FuncDecl, *waitnum.Interp)
	// DelaySamples runs a delay function over successive attempts
	// (waitnum's Samples).
	DelaySamples(fun ast.Expr, attempt, start int, bind map[int]waitshape.Num) (lo, mid, hi []waitshape.Num, ok bool)
}

// A Group is one operation of the function: its calls, as a list and as
// a set.
type Group struct {
	Calls []*ast.CallExpr
	Set   map[*ast.CallExpr]bool
}

// A Finder finds the requeue sites of one package.
type Finder struct {
	info  *types.Info
	files []*ast.File
	host  Host
	// numRequeues caches asksNumRequeues: 0 unknown, 1 yes, -1 no.
	numRequeues int
}

// New returns the finder of the package whose files and type
// information are given, asking host what it cannot see.
func New(files []*ast.File, info *types.Info, host Host) *Finder {
	return &Finder{info: info, files: files, host: host}
}

// Sites returns the requeue sites among calls, the requeue calls of the
// function whose body and type are given (entries[i] is calls[i]'s
// table entry, from Entry), whose operations the model groups in groups
// (the calls of one operation each).
func (rf *Finder) Sites(body *ast.BlockStmt, typ *ast.FuncType, calls []*ast.CallExpr, entries []knowledge.Requeue, groups []Group) []*site.Site {
	if len(calls) == 0 || len(groups) == 0 {
		return nil
	}
	fi := rf.host.FuncInfo(body, typ)
	if fi == nil {
		return nil
	}
	var sites []*site.Site
	for i, rq := range calls {
		item := rf.requeuedItem(body, typ, rq, entries[i])
		if item == nil {
			continue
		}
		target := map[*ast.CallExpr]bool{rq: true}
		var retried *Group
		for gi := range groups {
			g := &groups[gi]
			c := callGiven(rf.info, g, item)
			if c == nil {
				continue
			}
			ref, ok := fi.CallNode(c)
			if !ok {
				continue
			}
			if fi.Reach(g.Set, target, ref, interp.SuccessScenario(), nil, interp.GoalAgain).Again {
				continue // a success is handed back too: a resync
			}
			if fi.Reach(g.Set, target, ref, interp.ErrorScenario(), nil, interp.GoalAgain).Again {
				retried = g
				break
			}
		}
		if retried == nil {
			continue
		}
		s := &site.Site{Kind: site.Library, Lib: knowledge.K8sWorkqueue, Node: rq, Pos: rq.Pos(), Func: body, FuncType: typ}
		for _, c := range retried.Calls {
			s.Ops = append(s.Ops, rf.host.Op(c))
		}
		if rf.asksNumRequeues() {
			s.Bound = site.Bound{Kind: site.BoundUnknown}
		} else {
			s.Bound = site.Bound{Kind: site.BoundUnbounded, Why: "each failure hands " + item.Name() + " back to the queue rate-limited; nothing asks NumRequeues"}
		}
		if w, ok := rf.queueWait(rq); ok {
			s.Waits, s.WaitsKnown = []*site.Wait{w}, true
		}
		sites = append(sites, s)
	}
	return sites
}

// Entry reports whether call hands an item back to a rate-limited
// queue (knowledge.Requeues): the method, and for an options method a
// literal that sets its rate-limited field to true.
func (rf *Finder) Entry(call *ast.CallExpr) (knowledge.Requeue, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return knowledge.Requeue{}, false
	}
	name := sel.Sel.Name
	if name != "AddRateLimited" && name != "AddWithOpts" {
		return knowledge.Requeue{}, false // most calls: no type lookup
	}
	fn := typesx.Callee(rf.info, call)
	if fn == nil || fn.Pkg() == nil {
		return knowledge.Requeue{}, false
	}
	fn = fn.Origin()
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return knowledge.Requeue{}, false
	}
	recv, _ := types.Unalias(typesx.Deref(sig.Recv().Type())).(*types.Named)
	if recv == nil {
		return knowledge.Requeue{}, false
	}
	for _, r := range knowledge.Requeues {
		if fn.Pkg().Path() != r.Path || fn.Name() != r.Method || recv.Obj().Name() != r.Type || r.Item >= len(call.Args) {
			continue
		}
		if r.RateLimited != "" && !rf.setsTrue(call.Args[0], r.RateLimited) {
			return knowledge.Requeue{}, false
		}
		return r, true
	}
	return knowledge.Requeue{}, false
}

// setsTrue reports whether x is a composite literal (or its address) that
// sets field to the constant true.
func (rf *Finder) setsTrue(x ast.Expr, field string) bool {
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
			tv, ok := rf.info.Types[kv.Value]
			return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
		}
	}
	return false
}

// requeuedItem returns the variable a requeue call hands back: a
// parameter or local of the function, assigned nowhere in its body but at its definition.
// Its address may be taken (c.LogConstructor(&req)): the item handed back
// is still the one the work was done for.
func (rf *Finder) requeuedItem(body *ast.BlockStmt, typ *ast.FuncType, call *ast.CallExpr, r knowledge.Requeue) *types.Var {
	v, _ := rf.info.Uses[typesx.IdentOf(call.Args[r.Item])].(*types.Var)
	if v == nil || v.IsField() || v.Pos() < typ.Pos() || v.Pos() >= body.End() {
		return nil
	}
	writes := 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if typesx.VarOf(rf.info, l) == v {
					writes++
				}
			}
		case *ast.IncDecStmt:
			if typesx.VarOf(rf.info, n.X) == v {
				writes += 2
			}
		}
		return true
	})
	isParam := v.Pos() < body.Pos()
	if isParam && writes > 0 || !isParam && writes != 1 {
		return nil
	}
	return v
}

// callGiven returns the first call of g given v itself as an argument.
func callGiven(info *types.Info, g *Group, v *types.Var) *ast.CallExpr {
	for _, c := range g.Calls {
		if slices.ContainsFunc(c.Args, func(a ast.Expr) bool { return typesx.VarOf(info, a) == v }) {
			return c
		}
	}
	return nil
}

// asksNumRequeues reports whether the package asks a work queue how many
// times an item was requeued: it may give up at a count.
func (rf *Finder) asksNumRequeues() bool {
	if rf.numRequeues != 0 {
		return rf.numRequeues > 0
	}
	rf.numRequeues = -1
	for _, f := range rf.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if rf.numRequeues > 0 {
				return false
			}
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != knowledge.NumRequeuesMethod {
				return true
			}
			if fn, ok := rf.info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && knowledge.IsLimiterPackage(fn.Pkg().Path()) {
				rf.numRequeues = 1
			}
			return true
		})
	}
	return rf.numRequeues > 0
}

// queueWait returns the wait of the queue a requeue call hands its item
// to, when every write of the queue (a field or package variable of the
// package, or a local of the function written once) is a client-go queue
// constructor given a limiter the table knows.
func (rf *Finder) queueWait(call *ast.CallExpr) (*site.Wait, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	v, _ := rf.info.Uses[typesx.NameIdent(sel.X)].(*types.Var)
	if v == nil || !rf.host.IndexedVar(v) {
		return nil, false // a local or another package's: not followed
	}
	ws, ok := rf.host.ReachingWrites(v)
	if !ok || len(ws) == 0 {
		return nil, false
	}
	var res *site.Wait
	for _, w := range ws {
		if w.X == nil || w.Zero {
			return nil, false
		}
		qc, ok := ast.Unparen(w.X).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		fn := typesx.Callee(rf.info, qc)
		if fn == nil || fn.Pkg() == nil || !knowledge.IsLimiterPackage(fn.Pkg().Path()) {
			return nil, false
		}
		i, ok := knowledge.RateLimitingQueues[fn.Name()]
		if !ok || i >= len(qc.Args) {
			return nil, false
		}
		lw, ok := rf.limiterWait(qc.Args[i], 0)
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
func (rf *Finder) limiterWait(x ast.Expr, depth int) (limiterWait, bool) {
	if depth > 3 {
		return limiterWait{}, false
	}
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if lit, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok {
			named, _ := types.Unalias(rf.info.TypeOf(lit)).(*types.Named)
			if named != nil && named.Obj().Pkg() != nil && knowledge.IsLimiterPackage(named.Obj().Pkg().Path()) && slices.Contains(knowledge.BucketLimiterTypes, named.Obj().Name()) {
				return limiterWait{pos: lit.Pos()}, true
			}
		}
		return limiterWait{}, false
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return limiterWait{}, false
	}
	fn := typesx.Callee(rf.info, call)
	if fn == nil || fn.Pkg() == nil || !knowledge.IsLimiterPackage(fn.Pkg().Path()) {
		return limiterWait{}, false
	}
	for _, rl := range knowledge.RateLimiters {
		if rl.Func != fn.Name() {
			continue
		}
		lw := limiterWait{kind: rl.Kind, base: rl.Base, cap: rl.Cap, name: fn.Name(), pos: call.Pos()}
		if rl.BaseArg >= 0 && rl.BaseArg < len(call.Args) {
			lw.base, _ = rf.host.DurationValue(call.Args[rl.BaseArg])
		}
		if rl.CapArg >= 0 && rl.CapArg < len(call.Args) {
			lw.cap, _ = rf.host.DurationValue(call.Args[rl.CapArg])
		}
		if rl.Kind != knowledge.LimiterOf {
			return lw, true
		}
		// The largest (or capped) wait of its limiters: exponential if
		// one is, fixed if every one with a wait is.
		of := limiterWait{name: fn.Name(), pos: call.Pos()}
		for _, a := range call.Args {
			if typesx.IsDuration(rf.info.TypeOf(a)) {
				continue
			}
			sub, ok := rf.limiterWait(a, depth+1)
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

// wait is the limiter's wait as a site's: none of client-go's limiters
// draws at random.
func (lw limiterWait) wait() *site.Wait {
	w := &site.Wait{Kind: site.WaitLibrary, Pos: lw.pos, Base: lw.base, Cap: lw.cap}
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
