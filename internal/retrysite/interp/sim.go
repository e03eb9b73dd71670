package interp

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/interp/exits"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file walks a function's control-flow graph under the evaluator.
// Two questions are asked of it:
//
//   - reach: assuming an operation had a given outcome, can control come
//     back to the same operation without leaving its loop? This is the
//     definition of a retry: a failure leads to another attempt, a
//     success leaves.
//   - maxRuns: over every path from the function's entry, how many
//     times can the operation run? This is its attempt bound.
//
// Conditions the evaluator can decide prune the walk; others fork it.
// Memoising on (block, tracked values) keeps both walks linear in the
// number of distinct states, and both stop as soon as their answer is
// known: reach when the flag its caller asks about holds, maxRuns at the
// first fork that compares an attempt counter with an unknown value
// (the bound is then unknown). reach goes breadth first, so that a
// counter in a nested loop of unknown length, a new state every
// iteration, does not use up its steps before the way out is tried.

// reachResult is what reach finds.
type ReachResult struct {
	Again        bool // some path runs the operation again
	AgainCertain bool // ... through no fork that depends on the outcome
	// againFree: some path runs it again through no undecided fork that
	// may depend on state the model cannot see (d.cl.Fresh(), a retry
	// object): a refresh-then-look-again guarded by such state is not a
	// retry of its own.
	AgainFree bool
}

// reachGoal is the flag of a reachResult a caller asks about: reach stops
// as soon as it holds, since the flags only ever turn true. Every flag
// implies again, so again is exact under every goal; the other flags are
// not, and a caller reads only again and its goal's flag.
type ReachGoal uint8

const (
	GoalAgain ReachGoal = iota
	GoalFree
	GoalCertain
	// goalFreeFailover is goalFree for a recursion whose operation sits
	// in a loop over candidates (brokers, endpoints): the loop's own
	// condition, which runs out of candidates before the function calls
	// itself again, guards no refresh (forms.go in retrysite).
	GoalFreeFailover
)

func (r *ReachResult) settles(g ReachGoal) bool {
	switch g {
	case GoalFree, GoalFreeFailover:
		return r.AgainFree
	case GoalCertain:
		return r.AgainCertain
	}
	return r.Again
}

// scope says which blocks belong to the loop under study (nil: the whole
// function).
type Scope func(b *cfg.Block) bool

// memo returns in, answering for each block once: a scope's answer is the
// block's alone (LoopScope reads its position), and the walks ask it at
// every visit. nil stays nil.
func (in Scope) memo(blocks int) Scope {
	if in == nil {
		return nil
	}
	var known []int8
	return func(b *cfg.Block) bool {
		return blockFlag(&known, blocks, b.Index, func() bool { return in(b) })
	}
}

// blockFlag is a per-block answer kept in *memo (made for blocks
// blocks on first use; 1 yes, -1 no, 0 not yet asked): f's answer for
// block b, worked out once.
func blockFlag(memo *[]int8, blocks int, b int32, f func() bool) bool {
	if *memo == nil {
		*memo = make([]int8, blocks)
	}
	if k := (*memo)[b]; k != 0 {
		return k > 0
	}
	r := f()
	(*memo)[b] = -1
	if r {
		(*memo)[b] = 1
	}
	return r
}

// reach explores from just after the operation's node (the node at ref),
// with the outcome scenario sc, until it has settled goal or explored
// every path.
func (fi *FuncInfo) Reach(op, target map[*ast.CallExpr]bool, start NodeRef, sc Scenario, in Scope, goal ReachGoal) ReachResult {
	return fi.reach(op, target, func(n ast.Node) bool { return bodyscan.ContainsOp(n, target) }, start, sc, in, goal)
}

// ReachNode reports whether control comes to node, a node of the graph
// (a statement, the send of a select's case), from just after the
// operation's node at start, under sc (package requeue's own queues).
func (fi *FuncInfo) ReachNode(op map[*ast.CallExpr]bool, node ast.Node, start NodeRef, sc Scenario, in Scope) bool {
	return fi.reach(op, nil, func(n ast.Node) bool { return n == node }, start, sc, in, GoalAgain).Again
}

func (fi *FuncInfo) reach(op, target map[*ast.CallExpr]bool, hit func(ast.Node) bool, start NodeRef, sc Scenario, in Scope, goal ReachGoal) ReachResult {
	ev := &Evaluator{Fi: fi, Op: op, Sc: sc}
	in = in.memo(len(fi.Cfg.Blocks))
	var res ReachResult
	sc0 := fi.M.borrow()
	defer fi.M.giveBack(sc0)
	seen, kb := &sc0.keys, sc0.kb
	// Breadth first: a loop nested in the loop under study, with a
	// counter compared with an unknown length, has a new state on every
	// iteration; depth first would follow it to the step limit before
	// trying the way out of it. Read from a head index: cutting the queue
	// from the front would copy it over and over as it grows.
	queue := append(sc0.queue[:0], reachItem{start.Block, start.Index, fi.declsBefore(ev, start, fi.StartEnv(start)), true, true}) // exits/startdecl.go
	// Which nodes of a block hold a call of target, worked out on the
	// walk's first visit of the block (nil: not yet).
	targets := sc0.blocks(len(fi.Cfg.Blocks))
	defer func() {
		clear(queue) // drop the environments the items hold
		sc0.kb, sc0.queue = kb, queue[:0]
	}()
	steps := 0
	for head := 0; head < len(queue) && steps <= 5000 && !res.settles(goal); head++ {
		it := queue[head]
		steps++
		first := steps == 1
		b := fi.Cfg.Blocks[it.bi]
		if !first && in != nil && !in(b) {
			continue
		}
		kb = fi.AppendState(kb[:0], it.bi, it.from, it.e)
		// The start is not the operation's node reached again (waits.go's
		// walk keys it the same way).
		kb = append(kb, B2byte(it.certain), B2byte(it.free), B2byte(first))
		if !seen.Add(kb) {
			continue
		}
		e := it.e
		n := len(b.Nodes)
		condBlock := len(b.Succs) == 2
		again := false
		holds := targets[it.bi]
		if holds == nil {
			holds = make([]bool, n)
			for i, node := range b.Nodes {
				holds[i] = hit(node)
			}
			targets[it.bi] = holds
		}
		for i := it.from; i < n; i++ {
			node := b.Nodes[i]
			if !(first && i == it.from) && holds[i] {
				res.Again = true
				res.AgainCertain = res.AgainCertain || it.certain
				res.AgainFree = res.AgainFree || it.free
				again = true
				break
			}
			if i == n-1 && condBlock {
				break
			}
			// A range over a known list (re)starts its counter, so that
			// its elements are taken in turn (values_list.go).
			if x, ok := node.(ast.Expr); ok {
				if r, ok := fi.rangeX[x]; ok {
					if cv, ok := fi.rangeCounter[r]; ok && fi.rangeVals[r] != nil {
						e = e.Set(cv, IntVal(0))
					}
				}
			}
			e = ev.Exec(node, e)
		}
		if again {
			continue
		}
		switch len(b.Succs) {
		case 1:
			queue = append(queue, reachItem{b.Succs[0].Index, 0, e, it.certain, it.free})
		case 2:
			t, f, cv, undecided := fi.branch(ev, b, e)
			var c *Value
			if undecided {
				c = &cv
			}
			stateful := c != nil && !fi.nonCountFork(b, c)
			if stateful && goal == GoalFreeFailover && fi.loopHeadAround(b, start) {
				stateful = false // the failover loop runs out (goalFreeFailover)
			}
			if stateful && goal != GoalAgain && goal != GoalCertain && fi.outcomePredicate(LastExpr(b)) {
				stateful = false // a decision over the outcome (outcomepred.go)
			}
			if stateful && goal == GoalFree && c.Dep&depBound != 0 && fi.steppedCount(LastExpr(b), target, op) {
				stateful = false // the recursion's own count against a limit
			}
			if stateful && goal == GoalFree && fi.companionTest(LastExpr(b), target, op) {
				stateful = false // what the operation said beside its error
			}
			free := it.free && !stateful
			if t {
				certain := it.certain && (!f || c == nil || c.Dep&DepOutcome == 0)
				queue = append(queue, reachItem{b.Succs[0].Index, 0, fi.TakeRange(b, e, true), certain, free})
			}
			if f {
				certain := it.certain && (!t || c == nil || c.Dep&DepOutcome == 0)
				queue = append(queue, reachItem{b.Succs[1].Index, 0, fi.TakeRange(b, e, false), certain, free})
			}
		}
	}
	return res
}

// Branch decides which successors of a conditional block are possible.
// c is the condition's value when it is undecided (nil when decided).
func (fi *FuncInfo) Branch(ev *Evaluator, b *cfg.Block, e Env) (t, f bool, c *Value) {
	t, f, v, undecided := fi.branch(ev, b, e)
	if undecided {
		return t, f, &v
	}
	return t, f, nil
}

// branch is Branch with the undecided condition's value returned as a
// value: the walks of this package call it on every fork, and a pointer
// returned from a call is a value on the heap.
func (fi *FuncInfo) branch(ev *Evaluator, b *cfg.Block, e Env) (t, f bool, c Value, undecided bool) {
	if b.Kind == cfg.KindRangeLoop {
		if r, ok := b.Stmt.(*ast.RangeStmt); ok {
			if r == fi.once {
				t, f := fi.onceBranch(r, e)
				return t, f, Value{}, false
			}
			if cv, ok := fi.rangeCounter[r]; ok {
				if x, ok := e.Get(cv); ok && x.K == VInt {
					fi.M.ix.NoteDefaults(fi.rangeNotes[r])
					more := x.I < fi.rangeLen[r]
					return more, !more, Value{}, false
				}
			}
			if fi.M.host.TickerRange(r) {
				return true, false, Value{}, false // a ticker's channel is never closed
			}
		}
		return true, true, Unknown(0), true
	}
	if t, f, ok := fi.chans.SelectCase(fi.M.info, b, e, ev.counting); ok {
		return t, f, Value{}, false // exits/selftrigger.go
	}
	v := ev.cond(b, e)
	switch {
	case v.IsTrue():
		return true, false, Value{}, false
	case v.IsFalse():
		return false, true, Value{}, false
	}
	return true, true, v, true
}

// takeRange updates the synthetic counter of a range loop whose head is b
// when the walk takes its body (taken) or leaves it, and binds the key of a
// range over an int; taking a select case that receives from a self-woken
// channel consumes its pending send.
func (fi *FuncInfo) TakeRange(b *cfg.Block, e Env, taken bool) Env {
	if taken {
		e = fi.takeTrigger(b, e) // a self-woken select case (exits/selftrigger.go)
	}
	if b.Kind != cfg.KindRangeLoop {
		return e
	}
	r, ok := b.Stmt.(*ast.RangeStmt)
	if !ok {
		return e
	}
	cv, ok := fi.rangeCounter[r]
	if !ok {
		return e
	}
	x, ok := e.Get(cv)
	if !ok || x.K != VInt {
		return e
	}
	if taken {
		if r.Key != nil {
			if kv := fi.LhsVar(r.Key); kv != nil && fi.Tracked[kv] {
				if _, isInt := fi.M.info.TypeOf(r.X).Underlying().(*types.Basic); isInt {
					e = e.Set(kv, IntVal(x.I))
				} else {
					e = e.Set(kv, Unknown(0))
				}
			}
		}
		if vals, ok := fi.rangeVals[r]; ok && x.I >= 0 && x.I < int64(len(vals)) {
			if vv := fi.LhsVar(r.Value); vv != nil && fi.Tracked[vv] {
				e = e.Set(vv, IntVal(vals[x.I]))
			}
		}
		return e.Set(cv, IntVal(x.I+1))
	}
	return e
}

func LastExpr(b *cfg.Block) ast.Expr {
	if len(b.Nodes) == 0 {
		return nil
	}
	x, _ := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	return x
}

// runsResult is what maxRuns finds.
type runsResult struct {
	N        int  // the most runs on any finite path
	Infinite bool // some path runs the operation without end
	// boundDep: a fork compared an attempt counter with an unknown
	// value. The bound is then unknown, and the walk stops there: n and
	// infinite mean nothing.
	BoundDep bool
	// opaqueExit: a fork decided by something that may count attempts
	// out of sight (a method of a retry helper object, a field, a range
	// over a collection): an endless path may in truth be bounded.
	OpaqueExit bool
	GaveUp     bool // the walk grew too large to finish
	// Counted: a fork of the loop that may leave it was decided on an
	// attempt counter (retries == 0, attempt != 0): an endless path then
	// goes round with a count that does not end it (retries = -1, a
	// count only some failures advance), not necessarily in a loop with
	// no count at all.
	Counted bool
}

const maxRunsCap = 1000

// maxRuns computes the most times the operation can run, over every path
// from the function's entry, with the given initial bindings (parameters
// bound by a helper call), and the outcome sc assumed for every run
// (anyScenario, or errorScenario to count consecutive failures).
//
// Only runs inside the loop under study count: a path that leaves the
// loop (in) ends there, so an outer loop does not multiply the count.
func (fi *FuncInfo) MaxRuns(op map[*ast.CallExpr]bool, init Env, pert *Perturbation, in Scope, sc Scenario) runsResult {
	ev := &Evaluator{Fi: fi, pert: pert, Op: op, Sc: sc, counting: true}
	in = in.memo(len(fi.Cfg.Blocks))
	var res runsResult
	// A state is on the current path until it is done (runsMemo): one
	// table for both, each key made and hashed once (the table holds the
	// state's index in memos, which the walk updates in place).
	sc0 := fi.M.borrow()
	defer fi.M.giveBack(sc0)
	states, memos, kb := &sc0.keys, sc0.memos, sc0.kb
	defer func() { sc0.memos, sc0.kb = memos, kb }()
	nstates := 0
	// What depends on a block alone, the walk revisiting it in many
	// states: the runs of the operation its nodes hold (-1: not yet
	// counted) and whether its fork joins again inside the loop (0: not
	// yet asked, 1 yes, -1 no).
	blockRuns := make([]int32, len(fi.Cfg.Blocks))
	for i := range blockRuns {
		blockRuns[i] = -1
	}
	var joins []int8
	joinFork := func(b *cfg.Block) bool {
		return blockFlag(&joins, len(fi.Cfg.Blocks), b.Index, func() bool { return fi.joinFork(b, in) })
	}
	var walk func(bi int32, e Env, depth, acc int, inside bool) (int, bool)
	walk = func(bi int32, e Env, depth, acc int, inside bool) (int, bool) {
		if res.GaveUp || res.BoundDep {
			// A bound compared with an unknown value makes the count
			// unknown whatever the rest of the walk finds: stop.
			return 0, false
		}
		if acc > maxRunsCap {
			return 0, true
		}
		nstates++
		if nstates > 50000 || depth > 20000 {
			res.GaveUp = true
			return 0, false
		}
		b := fi.Cfg.Blocks[bi]
		if inside && in != nil && !in(b) {
			return 0, false
		}
		if in != nil && in(b) {
			inside = true
		}
		kb = fi.AppendState(kb[:0], bi, 0, e)
		if i, ok := states.Get(kb); ok {
			m := memos[i]
			if m.onStack {
				// Back at a state on the current path: the path cycles.
				// It runs the operation without end if the cycle ran it.
				return 0, acc > int(m.at)
			}
			return m.n, m.inf
		}
		self := int32(len(memos))
		states.Put(kb, self)
		memos = append(memos, runsMemo{onStack: true, at: int32(acc)})

		if blockRuns[bi] < 0 {
			r := 0
			for _, node := range b.Nodes {
				r += bodyscan.CountOps(node, op)
			}
			blockRuns[bi] = int32(r)
		}
		runs := int(blockRuns[bi])
		nn := len(b.Nodes)
		condBlock := len(b.Succs) == 2
		for i, node := range b.Nodes {
			if i == nn-1 && condBlock {
				break
			}
			// A range expression (re)starts the range's counter.
			if x, ok := node.(ast.Expr); ok {
				if r, ok := fi.rangeX[x]; ok {
					if cv, ok := fi.rangeCounter[r]; ok {
						e = e.Set(cv, IntVal(0))
					}
				}
			}
			e = ev.Exec(node, e)
		}
		best, inf := 0, false
		switch len(b.Succs) {
		case 1:
			best, inf = walk(b.Succs[0].Index, e, depth+1, acc+runs, inside)
		case 2:
			t, f, cv, undecided := fi.branch(ev, b, e)
			var c *Value
			if undecided {
				c = &cv
			}
			// Only forks of the loop under study can bound it; a
			// clamp of a backoff bounds nothing (clamp.go).
			inLoop := (in == nil || in(b)) && !(c != nil && fi.clampFork(b))
			// A fork whose sides meet again (if idx < len(delays)-1
			// { idx++ }) decides no exit, whatever it compares: it
			// cannot make the count unknown either.
			if inLoop && c != nil && c.Dep&depBound != 0 && !joinFork(b) {
				res.BoundDep = true
			}

			if inLoop && c != nil && c.Dep&depBound == 0 && !fi.nonCountFork(b, c) && !joinFork(b) {
				res.OpaqueExit = true
			}
			if inLoop && c == nil && !res.Counted && fi.counterFork(b) && !fi.clampFork(b) && !joinFork(b) {
				res.Counted = true
			}
			if t {
				n, i := walk(b.Succs[0].Index, fi.TakeRange(b, e, true), depth+1, acc+runs, inside)
				best, inf = max(best, n), inf || i
			}
			if f {
				n, i := walk(b.Succs[1].Index, fi.TakeRange(b, e, false), depth+1, acc+runs, inside)
				best, inf = max(best, n), inf || i
			}
		}
		total := runs + best
		if total+acc > maxRunsCap {
			inf = true
		}
		memos[self] = runsMemo{n: total, inf: inf}
		return total, inf
	}
	n, inf := walk(0, init, 0, 0, false)
	res.N, res.Infinite = n, inf
	return res
}

// counterFork reports whether the condition of fork b reads a tracked
// variable of a plain integer type (an attempt counter), worked out once
// per block.
func (fi *FuncInfo) counterFork(b *cfg.Block) bool {
	return blockFlag(&fi.counter, len(fi.Cfg.Blocks), b.Index, func() bool {
		x := LastExpr(b)
		if x == nil || b.Kind == cfg.KindRangeLoop {
			return false
		}
		return usesVar(fi.M.info, x, func(v *types.Var) bool {
			// A plain integer (a duration is a wait, not a count).
			bt, ok := types.Unalias(v.Type()).(*types.Basic)
			return fi.Tracked[v] && ok && bt.Info()&types.IsInteger != 0
		})
	})
}

// nonCountFork reports whether an undecided fork certainly does not count
// attempts: it depends only on the operation's outcome, the context
// (cancellation, deadline), the clock or constants, through classifiers
// that hold no state (package functions such as apierrors.IsNotFound(err),
// errors.Is); or it is a select. A method of some other object
// (r.IsNextRetry(err)), a field, a function value may count attempts out
// of sight. Only loops whose every undecided exit certainly does not
// count are known to be unbounded.
func (fi *FuncInfo) nonCountFork(b *cfg.Block, c *Value) bool {
	// The answer is the block's alone, and the walks ask it at every
	// visit of the fork: it is worked out once per block.
	return blockFlag(&fi.nonCount, len(fi.Cfg.Blocks), b.Index, func() bool { return fi.nonCountBlock(b) })
}

// steppedCount reports whether x compares a parameter p of the function
// that every call of target but the operations passes on stepped by a
// constant (tries+1, retries-1): the recursion counts its attempts in p,
// and the limit it is compared with (a setting, an accessor's) guards no
// refresh.
func (fi *FuncInfo) steppedCount(x ast.Expr, target, op map[*ast.CallExpr]bool) bool {
	be, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok || fi.typ == nil || len(target) == 0 {
		return false
	}
	info := fi.M.info
	i, p := -1, types.Object(nil)
	for _, side := range []ast.Expr{be.X, be.Y} {
		v, _ := info.Uses[typesx.IdentOf(side)].(*types.Var)
		if j := typesx.ParamIndex(info, fi.typ, v); j >= 0 {
			i, p = j, v
		}
	}
	if p == nil {
		return false
	}
	n := 0
	for c := range target {
		if op[c] {
			continue
		}
		n++
		if len(c.Args) <= i || c.Ellipsis.IsValid() {
			return false
		}
		st, ok := ast.Unparen(c.Args[i]).(*ast.BinaryExpr)
		if !ok || st.Op != token.ADD && st.Op != token.SUB || info.Uses[typesx.IdentOf(st.X)] != p || info.Types[st.Y].Value == nil {
			return false
		}
	}
	return n > 0
}

// nonCountBlock is nonCountFork, worked out.
func (fi *FuncInfo) nonCountBlock(b *cfg.Block) bool {
	if b.Kind == cfg.KindRangeLoop {
		return false // a range over a collection of unknown length
	}
	x := LastExpr(b)
	if x == nil {
		return true // a select: which channel is ready is no count
	}
	if len(b.Succs) == 2 && b.Succs[0].Kind == cfg.KindSelectCaseBody {
		return true
	}
	return fi.stateless(x) || exits.RegistryExit(exitsFunc{fi}, b, x) // exits/registry.go
}

// stateless reports whether x is computed from the outcome, counters,
// the clock, the context and constants only.
func (fi *FuncInfo) stateless(x ast.Expr) bool {
	info := fi.M.info
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		return true
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		switch o := info.Uses[x].(type) {
		case *types.Var:
			if timerChan(o.Type()) {
				// Whether a timer channel is armed is the clock's
				// business (tracked for nil by exits/selftrigger.go).
				return true
			}
			if fi.Tracked[o] {
				return fi.statelessVar(o)
			}
			if fi.outcomes[o] || isTimeOrContext(o.Type()) || timerChan(o.Type()) { // timerchan.go
				return true
			}
			if o.Parent() == fi.M.pkg.Scope() && typesx.ImplementsError(o.Type()) && fi.M.ix.Sentinel(o) {
				return true // var ErrX = errors.New("...") or &APIError{Code: 10008}: a class of errors
			}
			// A local that only ever holds what a stateless error is
			// (actual, ok := errors.AsType[StatusError](err)).
			return fi.errorView(o)
		case *types.Nil, *types.Const, *types.Func:
			return true
		}
		return false
	case *ast.BasicLit:
		return true
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			// A value received from a channel is an event sent from
			// elsewhere (a stop signal), not a count of attempts.
			return true
		}
		return fi.stateless(x.X)
	case *ast.BinaryExpr:
		if fi.clockCompare(x) {
			return true // a time limit
		}
		if exits.NilResultTest(exitsFunc{fi}, x) {
			return true // the shape of an answer (exits/stopcheck.go)
		}
		return fi.stateless(x.X) && fi.stateless(x.Y)
	case *ast.StarExpr:
		return fi.stateless(x.X)
	case *ast.SelectorExpr:
		if _, isPkg := info.Uses[typesx.IdentOf(x.X)].(*types.PkgName); isPkg {
			_, isVar := info.Uses[x.Sel].(*types.Var)
			// context.Canceled and context.DeadlineExceeded say how the
			// context ended: compared with, they count nothing.
			return !isVar || isTimeOrContext(info.TypeOf(x)) ||
				typesx.IsErrorType(info.TypeOf(x)) && info.Uses[x.Sel].Pkg().Path() == "context"
		}
		// A field or method value of a stateless value: resp.StatusCode;
		// a setting the object was made with (exits/settings.go); a flag only
		// ever set to constants (exits/flags.go, judged in one walk: exits/flagindex.go).
		return fi.stateless(x.X) || exits.FixedSetting(exitsFunc{fi}, x) ||
			fi.M.flags.FieldIndexed(exitsPkg{fi.M}, x)
	case *ast.TypeAssertExpr:
		return fi.stateless(x.X)
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
			return len(x.Args) == 1 && fi.stateless(x.Args[0])
		}
		fn := typesx.Callee(info, x)
		if fi.M.ix != nil && fi.M.ix.OutcomeDecided(x) {
			return true // a decision of the outcome's (funcvals.go)
		}
		if fn == nil || fn.Pkg() == nil {
			if _, ok := fi.M.host.Decider(x); ok {
				return allStateless(fi, x.Args) // a decider that counts nothing (iife.go)
			}
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
				if _, isBuiltin := info.Uses[id].(*types.Builtin); isBuiltin {
					return allStateless(fi, x.Args)
				}
			}
			return false
		}
		if fi.M.host.AcquireAttempt(x) {
			// An acquire attempt's ok is its outcome (forms.go).
			return true
		}
		if exits.StopCheck(exitsPkg{fi.M}, x) {
			return true // a channel's readiness (exits/stopcheck.go)
		}
		if fn.Pkg().Path() == "errors" && fn.Name() == "As" && len(x.Args) == 2 {
			// errors.As(err, &target): the target is written, not read.
			return fi.stateless(x.Args[0])
		}
		if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
			// A method: of the outcome (err.Error(), resp.Header.Get),
			// of a time or context value.
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			return ok && fi.stateless(sel.X) && allStateless(fi, x.Args)
		}
		return allStateless(fi, x.Args)
	}
	return false
}

// errorView reports whether the local v is assigned only from the errors
// package's views of stateless values (errors.AsType[T](err)), a struct
// made in the loop by a stateless call (a classification of the error:
// m := Check(err)) or type assertions (err.(*StatusError)): a view of
// the outcome.
func (fi *FuncInfo) errorView(v *types.Var) bool {
	xs := fi.assigns[v]
	if v.Pos() <= fi.Body.Pos() || v.Pos() >= fi.Body.End() {
		return false
	}
	if len(xs) == 0 {
		return fi.asTarget(v)
	}
	if r, ok := fi.statelessMemo[v]; ok {
		return r
	}
	if fi.statelessMemo == nil {
		fi.statelessMemo = make(map[*types.Var]bool)
	}
	fi.statelessMemo[v] = false // cycles: a view of itself is no view
	for _, x := range xs {
		switch x := ast.Unparen(x).(type) {
		case *ast.TypeAssertExpr:
			if !fi.stateless(x.X) {
				return false
			}
		case *ast.CallExpr:
			// A value made afresh on each attempt from the outcome (not
			// a tracker kept across them: a pointer, a map).
			fn := typesx.Callee(fi.M.info, x)
			errorsPkg := fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors"
			_, plain := v.Type().Underlying().(*types.Struct)
			if !allStateless(fi, x.Args) || !errorsPkg && !(plain && exits.InLoop(fi.Body, v.Pos()) && fi.stateless(x)) {
				return false
			}
		default:
			return false
		}
	}
	fi.statelessMemo[v] = true
	return true
}

// asTarget reports whether the local v, never assigned, is written only
// as the target of errors.As (var se *StatusError; errors.As(err, &se)):
// every use of its address is errors.As's second argument, and the
// error given there is stateless.
func (fi *FuncInfo) asTarget(v *types.Var) bool {
	info := fi.M.info
	targets, addrs := 0, 0
	good := true
	ast.Inspect(fi.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && typesx.VarOf(info, n.X) == v {
				addrs++
			}
		case *ast.CallExpr:
			if target, err := typesx.AsTarget(info, n); target == v {
				targets++
				good = good && fi.stateless(err)
			}
		}
		return true
	})
	return good && targets > 0 && targets == addrs
}

// clockCompare reports whether x compares a reading of the clock
// (time.Since(t), time.Until(t), time.Now().Sub(t)) with a duration: a
// time limit, which counts no attempts whatever the limit is.
func (fi *FuncInfo) clockCompare(x *ast.BinaryExpr) bool {
	switch x.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		return fi.clockReading(x.X) || fi.clockReading(x.Y)
	}
	return false
}

func (fi *FuncInfo) clockReading(x ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typesx.Callee(fi.M.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return false
	}
	switch fn.Name() {
	case "Since", "Until":
		return true
	case "Sub":
		// now.Sub(start), with now read from the clock.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
				f := typesx.Callee(fi.M.info, inner)
				return f != nil && f.Pkg() != nil && f.Pkg().Path() == "time" && f.Name() == "Now"
			}
		}
	}
	return false
}

func allStateless(fi *FuncInfo, xs []ast.Expr) bool {
	return !slices.ContainsFunc(xs, func(x ast.Expr) bool { return !fi.stateless(x) })
}

func isTimeOrContext(t types.Type) bool {
	return typesx.IsNamed(t, "time", "Time") || typesx.IsNamed(t, "time", "Duration") ||
		typesx.IsNamed(t, "context", "Context") || typesx.IsNamed(t, "time", "Timer") || typesx.IsNamed(t, "time", "Ticker")
}

// statelessVar reports whether every value assigned to a tracked variable
// is stateless: done, err := func() (bool, error) {...}() may hide a count
// in the literal, so done is not.
func (fi *FuncInfo) statelessVar(v *types.Var) bool {
	if r, ok := fi.statelessMemo[v]; ok {
		return r
	}
	if fi.statelessMemo == nil {
		fi.statelessMemo = make(map[*types.Var]bool)
	}
	fi.statelessMemo[v] = true // cycles: a counter assigned from itself
	r := allStateless(fi, fi.assigns[v])
	fi.statelessMemo[v] = r
	return r
}

func B2byte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// loopHeadAround reports whether b is the head of a for or range loop
// that holds the node at start.
func (fi *FuncInfo) loopHeadAround(b *cfg.Block, start NodeRef) bool {
	if b.Kind != cfg.KindForLoop && b.Kind != cfg.KindRangeLoop || b.Stmt == nil {
		return false
	}
	sb := fi.Cfg.Blocks[start.Block]
	if int(start.Index) >= len(sb.Nodes) {
		return false
	}
	n := sb.Nodes[start.Index]
	return b.Stmt.Pos() <= n.Pos() && n.End() <= b.Stmt.End()
}

// companionTest reports whether x tests a bool the operation (a call of
// op) returned beside its error (if !canRetry { return err }): the
// outcome's own answer, no hidden state a recursion refreshes
// (goalFree); also beside stateless tests and the recursion's own count
// (!canRetry || left <= 0). The callee may still count attempts inside,
// so it is no non-count exit of a loop (nonCountFork).
func (fi *FuncInfo) companionTest(x ast.Expr, target, op map[*ast.CallExpr]bool) bool {
	for {
		u, ok := ast.Unparen(x).(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		x = u.X
	}
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
		side := func(y ast.Expr) bool {
			return fi.companionTest(y, target, op) || fi.stateless(y) || fi.steppedCount(y, target, op)
		}
		return (fi.companionTest(b.X, target, op) || fi.companionTest(b.Y, target, op)) && side(b.X) && side(b.Y)
	}
	v, _ := fi.M.info.Uses[typesx.IdentOf(x)].(*types.Var)
	calls, ok := fi.companions[v]
	return ok && !slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return !op[c] })
}
