package waitnum

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
	"github.com/retrylint/retrylint/internal/retrysite/waitvars"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file runs the interpreter of waits_num.go over successive attempts
// and reads a wait's shape from the values: how its ceiling grows (not at
// all, linearly, polynomially, exponentially) and how far below the
// ceiling its random floor lies (no jitter, full jitter from 0, equal
// jitter from half, other partial jitter).

// SamplesN is the number of attempts the interpreter runs.
const SamplesN = 14

// minBoundedSamples is the fewest attempts a loop's own condition may
// cut the runs to (runWait).
const minBoundedSamples = 3

// condBound reports whether n is a for statement with a condition: when
// the runs past its bound give no shape, a run that honours it may
// (LoopWait).
func condBound(n ast.Node) bool {
	f, ok := n.(*ast.ForStmt)
	return ok && f.Cond != nil
}

// LoopWait fills in the shape of the wait h of a hand-written site s,
// whose function body is body; self is the function of a recursive site.
func (m *model) LoopWait(s *site.Site, body *ast.BlockStmt, self *types.Func, h *Hit, w *site.Wait) {
	var runs [3][]waitshape.Num
	var counters map[*types.Var][]float64 // the counters of the run at 0
	m.unseen, m.viaDefault = nil, nil
	var sh waitshape.WaitShape
	apply := m.CollectDefaults(func() {
		for _, bounded := range []bool{false, true} {
			// A shape read from attempts past the loop's own bound
			// (a clamp the draws reach only later) is not what the
			// loop does: its condition bounds the runs again.
			if bounded && (sh.Shape != site.ShapeUnknown && sh.Jitter != "clamped" || !condBound(s.Node)) {
				break
			}
			runs = runsAtModes(func(mode float64, drew *bool) []waitshape.Num {
				run, cs := m.runWait(s, body, self, h, mode, drew, bounded)
				if mode == 0 {
					counters = cs
				}
				return run
			})
			sh = waitshape.Classify(runs[0], runs[1], runs[2])
		}
	})
	if def := m.viaDefault; def != nil && sh.Shape != site.ShapeUnknown {
		// The wait is the method of the one value of the interface
		// the package installs: its definition is where the fix
		// goes, a wait of its own (waits_impl.go).
		w.Alts = []*site.Wait{m.implWait(w, def, sh)}
	} else if sh.Shape == site.ShapeUnknown {
		// A wait through an interface of the package: the waits
		// of the implementations it ships (waits_impl.go).
		w.Alts = m.implWaits(w, func() [3][]waitshape.Num {
			return runsAtModes(func(mode float64, drew *bool) []waitshape.Num {
				run, _ := m.runWait(s, body, self, h, mode, drew, false)
				return run
			})
		})
	}
	var wait ast.Expr
	what := ""
	if h != nil && h.expr != nil {
		wait, what = h.expr, types.ExprString(h.expr)
		if h.timerVar != nil && typesx.IsNamed(h.timerVar.Type(), "time", "Timer") {
			what = "" // the timer's first duration, not those it is reset to
		}
	}
	if sh.Shape == site.ShapeConstant && sh.Opaque && waitvars.ReassignedFromCall(m.info, s.Node, wait) {
		sh = waitshape.WaitShape{Shape: site.ShapeUnknown}
	}
	if sh.Shape == site.ShapeConstant && !sh.Opaque && sh.Base > 0 && waitvars.ReassignedOtherConst(m.info, s.Node, wait, sh.Base) {
		sh = waitshape.WaitShape{Shape: site.ShapeUnknown}
	}
	sh.Fill(w, what)
	apply(w) // the defaults the runs read (Model.CollectDefaults)
	w.Attempt = attemptCounter(counters, h.node.Pos(), m)
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
		case best == nil, xs[0] == 0 && cs[best][0] != 0, (xs[0] == 0) == (cs[best][0] == 0) && v.Pos() < best.Pos():
			best = v
		}
	}
	return best
}

// runWait runs the site's iterations and returns the wait's value in
// each (not ok where the path skipped it). drew, when not nil, is told
// when the run reads its mode (runsAtModes). bounded stops the runs
// where the for statement's condition, once the interpreter can decide
// it, ends the loop (LoopWait's second try).
func (m *model) runWait(s *site.Site, fbody *ast.BlockStmt, self *types.Func, h *Hit, mode float64, drew *bool, bounded bool) ([]waitshape.Num, map[*types.Var][]float64) {
	res := make([]waitshape.Num, 0, SamplesN)
	var region ast.Node
	var list []ast.Stmt
	var post ast.Stmt
	var via *ast.CallExpr      // the call of a function on the way back
	var viaParams []*types.Var // its parameters
	var rng *ast.RangeStmt
	ip := m.newInterp(mode, nil, fbody)
	switch n := s.Node.(type) {
	case *ast.ForStmt:
		region, list, post = n, n.Body.List, n.Post
	case *ast.RangeStmt:
		region, list, rng = n, n.Body.List, n
	case *ast.FuncDecl:
		region, list = n.Body, n.Body.List
		if lit, call := heldClosureOf(m.info, m.ReentryDecl, n.Body, self, h.node); lit != nil {
			// The wait is in a closure that calls the function itself
			// (typesx.HeldSelfCalls): each attempt runs the closure's
			// body up to that call, with the parameters it captured.
			// A function of the package on the way back (return
			// c.doRetry(req, n, backoff)) is run so, its parameters
			// bound to the call's arguments at each attempt.
			region, list = lit.Body, lit.Body.List
			if lit.Body.Pos() < n.Pos() || lit.Body.End() > n.End() {
				via, viaParams = call, typesx.FuncParams(m.info, lit.Type)
			}
		}
		ip.self = self
		ip.params = typesx.FuncParams(m.info, n.Type)
	case *ast.LabeledStmt:
		region = n
		list = bodyscan.StmtsFrom(fbody, n)
		ip.label, _ = m.info.Defs[n.Label].(*types.Label)
	default:
		return nil, nil
	}
	full := m.newInterp(mode, region, fbody)
	full.self, full.params, full.label, full.drew = ip.self, ip.params, ip.label, drew
	ip = full
	ip.hit = h
	ip.ops = make(map[*ast.CallExpr]bool, len(s.Ops))
	for _, op := range s.Ops {
		ip.ops[op.Call] = true
	}
	if d, ok := s.Node.(*ast.FuncDecl); ok && self != nil {
		// An attempt number the recursion counts up (f(n + 1)) starts
		// at 0: its waits grow from there, whatever the caller passes.
		for i, p := range ip.params {
			if p != nil && countsUp(m.info, d.Body, self, i, p) {
				ip.env[p] = waitshape.Known(0)
			}
		}
	}
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
	var cond ast.Expr
	if f, ok := s.Node.(*ast.ForStmt); ok && bounded {
		cond = f.Cond
	}
	for k := 0; k < SamplesN; k++ {
		if cond != nil && k >= minBoundedSamples {
			// The loop's own bound (attempt <= 3) ends the attempts:
			// a schedule that restarts after them (2^(n%3)) does not
			// wait. Fewer attempts than minBoundedSamples show no
			// growth: the formula's further values do.
			if c := ip.eval(cond); c.OK && c.IsBool && !c.Opq && !c.Rnd && c.V == 0 {
				return res, counters
			}
		}
		if rng != nil {
			if kv := ip.localVar(rng.Key); kv != nil {
				ip.env[kv] = waitshape.Num{V: float64(k), OK: true, Vary: true}
			}
			if rng.Value != nil {
				if vv := ip.localVar(rng.Value); vv != nil {
					if rangeList == nil || k >= len(rangeList.Elts) {
						ip.env[vv] = waitshape.Num{End: true}
					} else {
						x := ip.eval(rangeList.Elts[k])
						x.Sched = true
						ip.env[vv] = x
					}
				}
			}
		}
		ip.recorded = false
		if tick {
			ip.record()
		}
		if via != nil {
			ip.bindArgs(ip.env, viaParams, via.Args)
		}
		c := ip.stmts(list)
		if k == 0 && ip.recorded && beforeOps(s, h.node) {
			// A wait at the head of the loop (a timer armed before
			// it, received at the top of each round) waits before the
			// first attempt too: that wait is not one between attempts.
			ip.recorded = false
		}
		if ip.recorded {
			res = append(res, ip.rec)
			for v, x := range ip.snap {
				if x.OK && !x.Opq && !x.Rnd && typesx.IsInteger(v.Type()) && len(counters[v]) == recordedN {
					counters[v] = append(counters[v], x.V)
				}
			}
			recordedN++
		} else {
			res = append(res, waitshape.Num{Skip: true})
		}
		switch c {
		case ctrlStop:
			return append(res, waitshape.Num{Skip: true}), counters
		case ctrlBreak, ctrlReturn:
			return res, counters
		case ctrlRecurse:
			ip.env = make(map[*types.Var]waitshape.Num)
			for p, v := range ip.next {
				if v.OK {
					v.Vary = true
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

// beforeOps reports whether wait n of loop site s comes before every
// operation the site repeats, in the loop's body.
func beforeOps(s *site.Site, n ast.Node) bool {
	if s.Kind != site.Loop || n == nil || len(s.Ops) == 0 || n.Pos() < s.Node.Pos() || n.End() > s.Node.End() {
		return false
	}
	if f, ok := s.Node.(*ast.ForStmt); ok && (f.Body == nil || n.Pos() < f.Body.Pos()) {
		return false
	}
	for _, op := range s.Ops {
		if op.Call == nil || op.Call.Pos() < n.End() {
			return false
		}
	}
	return true
}

// heldClosureOf returns the held closure of body that calls self and
// holds n, and its first call in body, or nil.
func heldClosureOf(info *types.Info, decl func(via, fn *types.Func) *ast.FuncDecl, body *ast.BlockStmt, self *types.Func, n ast.Node) (*ast.FuncLit, *ast.CallExpr) {
	if self == nil || n == nil {
		return nil, nil
	}
	var first *ast.CallExpr
	var res *ast.FuncLit
	for c, lit := range typesx.HeldSelfCalls(info, body, self, decl) {
		if lit.Body.Pos() <= n.Pos() && n.End() <= lit.Body.End() && (first == nil || c.Pos() < first.Pos()) {
			first, res = c, lit
		}
	}
	return res, first
}

// countsUp reports whether every call of self in body passes p + k, k a
// positive constant, as its i-th argument.
func countsUp(info *types.Info, body *ast.BlockStmt, self *types.Func, i int, p *types.Var) bool {
	calls := typesx.CallsOf(info, body, self)
	for _, c := range calls {
		if i >= len(c.Args) {
			return false
		}
		b, ok := ast.Unparen(c.Args[i]).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD || typesx.VarOf(info, b.X) != p {
			return false
		}
		if v := info.Types[b.Y].Value; v == nil || constant.Sign(v) <= 0 {
			return false
		}
	}
	return len(calls) > 0
}
