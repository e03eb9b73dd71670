package waitnum

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
	"github.com/retrylint/retrylint/internal/retrysite/waitvars"
)

// This file evaluates a wait's duration over successive attempts. A small
// interpreter runs the loop body (or the recursive function) along the
// path that leads through the wait, iteration after iteration, with
// numbers for durations and counters. Random draws land at one point of
// their range (mode 0, 0.5 or 1), so three runs give each wait's floor,
// middle and ceiling per attempt; waits_shape.go reads the shape from
// them. What the interpreter cannot see (a parameter, a field, a value
// from before the loop it cannot compute) stands in as an opaque
// constant: it does not change between attempts, which is all the shape
// needs.

// ctrl is how a statement ends.
type ctrl int

const (
	ctrlNormal ctrl = iota
	ctrlContinue
	ctrlBreak
	ctrlReturn
	ctrlRecurse
	ctrlStop // the interpreter cannot follow
)

// winterp runs one function's statements.
type winterp struct {
	m    *model
	mode float64
	// drew, when set, is told that the run read its mode (drawAt): a
	// run that never does gives the same values at every mode, so the
	// runs at the other modes need not be made (runsAtModes). The
	// interpreters a run starts for helpers share it.
	drew *bool
	// fn is true when running a helper for its result: branches that
	// return are taken when their condition is known.
	fn bool
	// ops are the calls of the site's operation (waits_next.go).
	ops map[*ast.CallExpr]bool
	env map[*types.Var]waitshape.Num
	// region is the loop (or function body) whose iterations are run:
	// variables declared outside it keep their values between
	// iterations. body is the whole function.
	region ast.Node
	body   *ast.BlockStmt
	// hit is the wait whose duration is recorded, rec its value.
	hit      *Hit
	rec      waitshape.Num
	recorded bool
	// snap is the environment when the wait was recorded.
	snap   map[*types.Var]waitshape.Num
	timers map[*types.Var]waitshape.Num
	// self is the function of a recursive site; next holds the
	// parameters of the next call.
	self   *types.Func
	params []*types.Var
	next   map[*types.Var]waitshape.Num
	// label is the label a goto loop jumps to.
	label *types.Label
	// ret is a helper's result, retExpr the expression returned.
	ret     waitshape.Num
	retExpr ast.Expr
	clamps  []waitClamp
	// fieldsSet are the fields assigned in the region.
	fieldsSet map[types.Object]bool
	// counts are the integer fields of values the run does not follow
	// (a client's reconnectAttempts) that it stepped (c.attempts++),
	// with their values: a count kept across attempts in the object,
	// shared with the helpers the run follows.
	counts    map[*types.Var]waitshape.Num
	standins  map[string]waitshape.Num
	resolving map[*types.Var]bool
	// objs are the backoff objects followed (waits_state.go).
	objs  map[*types.Var]*objState
	noObj map[*types.Var]bool
	// alts are the values a helper returns on branches whose
	// condition is not known (waits_alt.go).
	alts  []waitshape.Num
	depth int
	steps *int
	// pair is true when running a helper that returns the wait with
	// a verdict (waits_pair.go): its result at is the value.
	pair bool
	at   int
	// closure is the delay literal a helper calls per attempt, run
	// for its result (waits_closure.go).
	closure *ast.FuncLit
}

// clamp is a pending `if L op R { return E }` of a helper, applied to
// the value finally returned when it is the other side.
type waitClamp struct {
	l, r ast.Expr
	op   token.Token
	e    ast.Expr
}

// drawAt returns the interpreter's mode, where a random draw lands in
// its range, noting that the run read it (drew).
func (ip *winterp) drawAt() float64 {
	if ip.drew != nil {
		*ip.drew = true
	}
	return ip.mode
}

// binary is waitshape.Binary at the interpreter's mode, which it reads
// only for an unbounded random integer's remainder (a.Raw).
func (ip *winterp) binary(op token.Token, a, b waitshape.Num, integer bool) waitshape.Num {
	if a.Raw {
		return waitshape.Binary(op, a, b, ip.drawAt(), integer)
	}
	return waitshape.Binary(op, a, b, ip.mode, integer)
}

// subInterp is newInterp for a helper the run follows: at the run's mode,
// telling the run's drew.
func (ip *winterp) subInterp(dm *model, region ast.Node, body *ast.BlockStmt) *winterp {
	s := dm.newInterp(ip.mode, region, body)
	s.drew = ip.drew
	s.counts = ip.counts
	maps.Copy(s.fieldsSet, ip.fieldsSet) // what the run's region changes changes in the helper too
	return s
}

// runsAtModes calls run at the modes 0, 0.5 and 1 (a random draw's
// floor, middle and ceiling) and returns what each gives. run tells drew
// when it reads the mode; when the run at 0 did not, the others would
// only repeat it (the interpreter is deterministic but for the mode),
// and its result stands for all three.
func runsAtModes[T any](run func(mode float64, drew *bool) T) (res [3]T) {
	drew := false
	res[0] = run(0, &drew)
	if !drew {
		res[1], res[2] = res[0], res[0]
		return res
	}
	res[1], res[2] = run(0.5, nil), run(1, nil)
	return res
}

func (m *model) newInterp(mode float64, region ast.Node, body *ast.BlockStmt) *winterp {
	steps := 0
	ip := &winterp{
		m:         m,
		mode:      mode,
		env:       make(map[*types.Var]waitshape.Num),
		region:    region,
		body:      body,
		timers:    make(map[*types.Var]waitshape.Num),
		fieldsSet: make(map[types.Object]bool),
		counts:    make(map[*types.Var]waitshape.Num),
		standins:  make(map[string]waitshape.Num),
		resolving: make(map[*types.Var]bool),
		steps:     &steps,
	}
	if region != nil {
		maps.Copy(ip.fieldsSet, typesx.Cached(&m.regionSets, region, func() map[types.Object]bool {
			set := make(map[types.Object]bool)
			m.collectFieldsSet(region, set, 0, make(map[*ast.FuncDecl]bool))
			return set
		}))
	}
	return ip
}

// collectFieldsSet adds to set the fields assigned in n and in the
// functions of the package n calls (three calls deep) that the run does
// not follow: a function, or a method called on an object reached through
// a field (r.policy.fail() doubling r.policy.current), whose changes do
// not stay the same from one attempt to the next, so the field is no
// stand-in. A method called on a variable (s.step()) is the run's own: it
// follows the object and runs the method (waits_state.go).
func (m *model) collectFieldsSet(n ast.Node, set map[types.Object]bool, depth int, seen map[*ast.FuncDecl]bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		var lhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{n.X}
		case *ast.CallExpr:
			if fn := typesx.Callee(m.info, n); depth < 3 && fn != nil && fn.Pkg() == m.pkg && !onVariable(n) {
				if d := m.FuncDecl(fn); d != nil && d.Body != nil && !seen[d] {
					seen[d] = true
					m.collectFieldsSet(d.Body, set, depth+1, seen)
				}
			}
		}
		for _, l := range lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
				if obj := m.info.Uses[sel.Sel]; obj != nil {
					set[obj] = true
				}
			}
		}
		return true
	})
}

// onVariable reports whether call is a method call on a variable (s.step()).
func onVariable(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	_, ident := ast.Unparen(sel.X).(*ast.Ident)
	return ident
}

// holds reports whether n holds the wait under study.
func (ip *winterp) holds(n ast.Node) bool {
	if n == nil || ip.hit == nil || isNilNode(n) {
		return false
	}
	return n.Pos() <= ip.hit.node.Pos() && ip.hit.node.End() <= n.End()
}

func isNilNode(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n == nil
	case ast.Stmt:
		return n == nil
	case ast.Expr:
		return n == nil
	}
	return false
}

func (ip *winterp) stmts(list []ast.Stmt) ctrl {
	for _, s := range list {
		if c := ip.stmt(s); c != ctrlNormal {
			return c
		}
	}
	return ctrlNormal
}

func (ip *winterp) stmt(s ast.Stmt) ctrl {
	*ip.steps++
	if s == nil {
		return ctrlNormal
	}
	if *ip.steps > 20000 {
		return ctrlStop
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		ip.visit(s.X)
		if call := ip.selfCall(s.X); call != nil {
			return ip.recurse(call) // f(n + 1); return
		}
		ip.objStmt(s.X) // waits_state.go
	case *ast.SendStmt:
		ip.visit(s.Value)
	case *ast.AssignStmt:
		for _, r := range s.Rhs {
			ip.visit(r)
		}
		ip.assign(s)
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return ctrlNormal
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			for _, x := range vs.Values {
				ip.visit(x)
			}
			for i, name := range vs.Names {
				v, _ := ip.m.info.Defs[name].(*types.Var)
				if v == nil {
					continue
				}
				switch {
				case len(vs.Values) == len(vs.Names):
					ip.set(v, vs.Values[i], ip.eval(vs.Values[i]))
				case len(vs.Values) == 0:
					ip.env[v] = waitshape.Known(0)
					ip.defineObj(v, nil)
				default:
					ip.env[v] = waitshape.Unknown()
				}
			}
		}
	case *ast.IncDecStmt:
		step := 1.0
		if s.Tok == token.DEC {
			step = -1
		}
		if sel, ok := ast.Unparen(s.X).(*ast.SelectorExpr); ok && ip.objVar(sel.X) != nil {
			x := ip.eval(s.X)
			if x.OK {
				x.V += step
			}
			ip.setField(s.X, x)
		} else if v := ip.countField(s.X); v != nil {
			x := ip.counts[v]
			x.V += step
			ip.counts[v] = x
		} else if v := ip.localVar(s.X); v != nil {
			x := ip.eval(s.X)
			if x.OK {
				x.V += step
				x.Vary = x.Vary || ip.carried(v)
			}
			ip.env[v] = x
		}
	case *ast.BlockStmt:
		return ip.stmts(s.List)
	case *ast.LabeledStmt:
		return ip.stmt(s.Stmt)
	case *ast.IfStmt:
		return ip.ifStmt(s)
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		return ip.multiway(s)
	case *ast.ForStmt, *ast.RangeStmt:
		if ip.holds(s) {
			return ctrlStop
		}
		if f, ok := s.(*ast.ForStmt); ok && ip.arithLoop(f) {
			return ctrlNormal
		}
		ip.forget(s)
	case *ast.BranchStmt:
		switch s.Tok {
		case token.CONTINUE:
			return ctrlContinue
		case token.BREAK:
			return ctrlBreak
		case token.GOTO:
			if ip.label != nil && s.Label != nil && ip.m.info.Uses[s.Label] == ip.label {
				return ctrlContinue
			}
			return ctrlStop
		}
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			ip.visit(r)
		}
		if ip.pair && ip.givesUp(s) { // waits_pair.go
			return ctrlNormal
		}
		if call := ip.selfCall(s.Results...); call != nil {
			return ip.recurse(call)
		}
		if len(s.Results) == 1 || ip.pair && len(s.Results) == 2 {
			ip.retExpr = s.Results[ip.at]
			ip.ret = ip.eval(s.Results[ip.at])
			ip.applyClamps()
			ip.applyAlts() // waits_alt.go
		} else {
			ip.ret = waitshape.Unknown()
		}
		return ctrlReturn
	case *ast.GoStmt, *ast.DeferStmt, *ast.EmptyStmt:
	default:
		ip.forget(s)
	}
	return ctrlNormal
}

// recurse goes on to the next attempt, the call of the recursion: its
// arguments are the parameters' next values.
func (ip *winterp) recurse(call *ast.CallExpr) ctrl {
	ip.next = make(map[*types.Var]waitshape.Num)
	ip.bindArgs(ip.next, ip.params, call.Args)
	return ctrlRecurse
}

// bindArgs sets in env each named parameter of params that args gives a
// value, to that value as ip computes it.
func (ip *winterp) bindArgs(env map[*types.Var]waitshape.Num, params []*types.Var, args []ast.Expr) {
	for i, p := range params {
		if p != nil && i < len(args) {
			env[p] = ip.eval(args[i])
		}
	}
}

// selfCall returns the call of the recursion under study in xs, or nil.
func (ip *winterp) selfCall(xs ...ast.Expr) *ast.CallExpr {
	if ip.self == nil {
		return nil
	}
	var res *ast.CallExpr
	for _, r := range xs {
		typesx.InspectNoLits(r, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && res == nil {
				if fn := typesx.Callee(ip.m.info, c); fn != nil && fn.Origin() == ip.self.Origin() {
					res = c
				}
			}
			return res == nil
		})
	}
	return res
}

// terminates reports whether a branch always leaves the straight path:
// it ends in return, break, continue, goto or panic.
func (ip *winterp) terminates(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			return !ip.m.MayReturn(call)
		}
	case *ast.BlockStmt:
		return ip.terminates(s.List)
	case *ast.IfStmt:
		return s.Else != nil && ip.terminates(s.Body.List) && ip.terminates(elseStmts(s))
	}
	return false
}

// elseStmts returns the statements of s's else branch: its block's, or
// the else if statement alone; nil when there is none.
func elseStmts(s *ast.IfStmt) []ast.Stmt {
	switch e := s.Else.(type) {
	case *ast.BlockStmt:
		return e.List
	case *ast.IfStmt:
		return []ast.Stmt{e}
	}
	return nil
}

func (ip *winterp) ifStmt(s *ast.IfStmt) ctrl {
	if s.Init != nil {
		if c := ip.stmt(s.Init); c != ctrlNormal {
			return c
		}
	}
	ip.visit(s.Cond)
	elseList := elseStmts(s)
	c := ip.eval(s.Cond)
	decided := c.OK && c.IsBool && !c.Opq && !c.Rnd
	if ip.holds(s.Body) {
		if decided && c.V == 0 {
			return ip.stmts(elseList)
		}
		return ip.stmts(s.Body.List)
	}
	if s.Else != nil && ip.holds(s.Else) {
		if decided && c.V != 0 {
			return ip.stmts(s.Body.List)
		}
		return ip.stmts(elseList)
	}
	if decided {
		list := elseList
		if c.V != 0 {
			list = s.Body.List
		}
		if !ip.fn && ip.terminates(list) {
			// The path under study goes on to the next attempt.
			return ctrlNormal
		}
		return ip.stmts(list)
	}
	if s.Else == nil && ip.clampIf(s) {
		return ctrlNormal
	}
	if ip.clampElse(s) || ip.defaultIf(s) { // waits_clamp.go
		return ctrlNormal
	}
	if s.Else == nil && !ip.terminates(s.Body.List) && ip.serverSays(s.Cond) {
		// What the server says (a 429's reset header, a status of its
		// own): the client's own schedule is the wait without it, as
		// for the responses the model tries, which carry no header.
		return ctrlNormal
	}
	if !ip.fn && ip.typedErrWait(s) { // waits_typed.go
		return ip.stmts(elseList)
	}
	if ip.nextAttempt(s) { // waits_next.go
		return ip.stmts(s.Body.List)
	}
	if !ip.fn && s.Else != nil {
		// The path under study goes on to the next attempt through the
		// branch that does not leave.
		switch bt, et := ip.terminates(s.Body.List), ip.terminates(elseList); {
		case bt && !et:
			return ip.stmts(elseList)
		case et && !bt:
			return ip.stmts(s.Body.List)
		}
	}
	for _, list := range [][]ast.Stmt{s.Body.List, elseList} {
		if !ip.terminates(list) {
			ip.forgetList(list)
		} else if ip.fn && !comparison(s.Cond) {
			n := len(ip.alts)
			ip.altReturn(list) // waits_alt.go
			if len(ip.alts) > n && noWait(ip.alts[n]) && readsFailure(ip.m.info, s.Cond) {
				// No wait for some failures: they are not retried.
				ip.alts = ip.alts[:n]
			}
		}
	}
	return ctrlNormal
}

// clampIf applies `if L op R { v = E }` and records `if L op R { return
// E }` when the condition is unknown: the cap (or floor) of a backoff
// against a limit the model cannot see. A return under comparisons
// joined by && (`if d > 0 && d < max { return d }`) records each.
func (ip *winterp) clampIf(s *ast.IfStmt) bool {
	cmps := conjuncts(s.Cond)
	if cmps == nil || len(s.Body.List) != 1 {
		return false
	}
	cmp := cmps[0]
	switch b := s.Body.List[0].(type) {
	case *ast.AssignStmt:
		if len(cmps) != 1 || len(b.Lhs) != 1 || len(b.Rhs) != 1 || b.Tok != token.ASSIGN {
			return false
		}
		v := ip.localVar(b.Lhs[0])
		if v == nil {
			return false
		}
		val, ok := ip.clampValue(cmp, b.Rhs[0], b.Lhs[0])
		if !ok {
			return false
		}
		ip.env[v] = val
		return true
	case *ast.ReturnStmt:
		if !ip.fn || len(b.Results) != 1 {
			return false
		}
		for _, cmp := range cmps {
			ip.clamps = append(ip.clamps, waitClamp{l: cmp.X, r: cmp.Y, op: cmp.Op, e: b.Results[0]})
		}
		return true
	}
	return false
}

// conjuncts returns the comparisons x joins with && (x itself, when it
// is one), or nil when x is anything else.
func conjuncts(x ast.Expr) []*ast.BinaryExpr {
	var cmps []*ast.BinaryExpr
	for _, o := range typesx.Operands(x, token.LAND) {
		b, ok := ast.Unparen(o).(*ast.BinaryExpr)
		if !ok || b.Op != token.GTR && b.Op != token.GEQ && b.Op != token.LSS && b.Op != token.LEQ {
			return nil
		}
		cmps = append(cmps, b)
	}
	return cmps
}

// clampValue computes what `if L op R { x = E }` leaves in x, when x and
// E are the two sides of the comparison.
func (ip *winterp) clampValue(cmp *ast.BinaryExpr, e, x ast.Expr) (waitshape.Num, bool) {
	same := func(a, b ast.Expr) bool { return types.ExprString(ast.Unparen(a)) == types.ExprString(ast.Unparen(b)) }
	var useMin bool
	switch {
	case same(e, cmp.Y) && same(x, cmp.X):
		useMin = cmp.Op == token.GTR || cmp.Op == token.GEQ
	case same(e, cmp.X) && same(x, cmp.Y):
		useMin = cmp.Op == token.LSS || cmp.Op == token.LEQ
	default:
		return waitshape.Num{}, false
	}
	a, b := ip.eval(cmp.X), ip.eval(cmp.Y)
	if !a.OK || !b.OK {
		return waitshape.Unknown(), true
	}
	switch {
	case waitshape.Limit(a, b):
		return b, true
	case waitshape.Limit(b, a):
		return a, true
	}
	r := a.Merge(b)
	r.OK = true
	if useMin {
		r.V = math.Min(a.V, b.V)
	} else {
		r.V = math.Max(a.V, b.V)
	}
	return r, true
}

// applyClamps applies the pending clamps to the value returned, the last
// written first: each earlier one returns its own value when its
// comparison holds, and leaves what the later ones made otherwise
// (if d < lo { return lo }; if d > hi { return hi }; return d).
func (ip *winterp) applyClamps() {
	for i := len(ip.clamps) - 1; i >= 0; i-- {
		c := ip.clamps[i]
		if i < len(ip.clamps)-1 {
			if a, b := ip.eval(c.l), ip.eval(c.r); a.OK && b.OK && !a.Opq && !b.Opq && !waitshape.Limit(a, b) && !waitshape.Limit(b, a) {
				if waitshape.Compare(c.op, a.V, b.V) {
					ip.ret = ip.eval(c.e)
				}
				continue
			}
		}
		if v, ok := ip.clampValue(&ast.BinaryExpr{X: c.l, Op: c.op, Y: c.r}, c.e, ip.retExpr); ok {
			ip.ret = v
		}
	}
}

func (ip *winterp) multiway(s ast.Stmt) ctrl {
	var clauses []ast.Stmt
	var init ast.Stmt
	switch s := s.(type) {
	case *ast.SwitchStmt:
		clauses, init = s.Body.List, s.Init
		if s.Tag != nil {
			ip.visit(s.Tag)
		}
	case *ast.TypeSwitchStmt:
		clauses, init = s.Body.List, s.Init
	case *ast.SelectStmt:
		clauses = s.Body.List
	}
	if init != nil {
		if c := ip.stmt(init); c != ctrlNormal {
			return c
		}
	}
	for _, c := range clauses {
		switch c := c.(type) {
		case *ast.CaseClause:
			if ip.holds(c) {
				for _, x := range c.List {
					ip.visit(x)
				}
				return ip.stmts(c.Body)
			}
		case *ast.CommClause:
			if ip.holds(c) {
				if c.Comm != nil {
					if r := ip.stmt(c.Comm); r != ctrlNormal {
						return r
					}
				}
				return ip.stmts(c.Body)
			}
		}
	}
	var def []ast.Stmt
	alt := ip.fn && hasDefault(clauses)
	for _, c := range clauses {
		var body []ast.Stmt
		switch c := c.(type) {
		case *ast.CaseClause:
			body = c.Body
			if c.List == nil && alt {
				// A helper's default clause is run as the path on,
				// like the code after an if, its cases as branches
				// that leave (waits_alt.go).
				def = body
				continue
			}
		case *ast.CommClause:
			body = c.Body
		}
		if !ip.terminates(body) {
			ip.forgetList(body)
		} else if alt {
			ip.altReturn(body)
		}
	}
	if def != nil {
		return ip.stmts(def)
	}
	return ctrlNormal
}

func hasDefault(clauses []ast.Stmt) bool {
	return slices.ContainsFunc(clauses, func(c ast.Stmt) bool {
		cc, ok := c.(*ast.CaseClause)
		return ok && cc.List == nil
	})
}

// forget makes the variables assigned in n unknown.
func (ip *winterp) forget(n ast.Node) {
	ip.loseObjs(n) // waits_state.go
	ast.Inspect(n, func(x ast.Node) bool {
		var lhs []ast.Expr
		switch x := x.(type) {
		case *ast.AssignStmt:
			lhs = x.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{x.X}
		case *ast.ValueSpec:
			for _, n := range x.Names {
				lhs = append(lhs, n)
			}
		case *ast.RangeStmt:
			lhs = []ast.Expr{x.Key, x.Value}
		}
		for _, l := range lhs {
			if l == nil {
				continue
			}
			if v := ip.localVar(l); v != nil {
				ip.env[v] = waitshape.Unknown()
			}
		}
		return true
	})
}

func (ip *winterp) forgetList(list []ast.Stmt) {
	for _, s := range list {
		ip.forget(s)
	}
}

// maxArithRounds bounds the rounds arithLoop runs.
const maxArithRounds = 64

// arithLoop runs a for statement that only computes (delay := base; for
// i := 0; i < attempt && delay < max; i++ { delay *= 2 }): a condition
// the interpreter decides each round, a body of assignments, steps and
// ifs with no call but conversions and min/max. It reports whether it
// ran the loop to its end; otherwise nothing it did stays.
func (ip *winterp) arithLoop(f *ast.ForStmt) bool {
	if f.Cond == nil || !arithOnly(ip.m.info, f.Body) || f.Init != nil && !arithOnly(ip.m.info, f.Init) || f.Post != nil && !arithOnly(ip.m.info, f.Post) {
		return false
	}
	saved := maps.Clone(ip.env)
	undo := func() bool { ip.env = saved; return false }
	if f.Init != nil && ip.stmt(f.Init) != ctrlNormal {
		return undo()
	}
	for range maxArithRounds {
		c := ip.eval(f.Cond)
		if !c.OK || !c.IsBool || c.Opq || c.Rnd {
			return undo()
		}
		if c.V == 0 {
			return true
		}
		switch ip.stmts(f.Body.List) {
		case ctrlBreak:
			return true
		case ctrlNormal, ctrlContinue:
		default:
			return undo()
		}
		if f.Post != nil && ip.stmt(f.Post) != ctrlNormal {
			return undo()
		}
	}
	return undo()
}

// arithOnly reports whether n holds only assignments, steps, ifs, blocks
// and unlabelled breaks and continues, and calls of conversions and of
// the builtins min and max.
func arithOnly(info *types.Info, n ast.Node) bool {
	ok := true
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case nil:
		case ast.Stmt:
			switch x := x.(type) {
			case *ast.AssignStmt, *ast.IncDecStmt, *ast.IfStmt, *ast.BlockStmt, *ast.ExprStmt:
			case *ast.BranchStmt:
				ok = x.Label == nil && (x.Tok == token.BREAK || x.Tok == token.CONTINUE)
			default:
				ok = false
			}
		case *ast.CallExpr:
			if tv, isType := info.Types[x.Fun]; isType && tv.IsType() {
				break
			}
			b, _ := info.Uses[typesx.IdentOf(x.Fun)].(*types.Builtin)
			ok = b != nil && (b.Name() == "min" || b.Name() == "max")
		case *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return ok
}

// localVar returns the variable an assignment target names.
func (ip *winterp) localVar(x ast.Expr) *types.Var {
	if typesx.IsIdent(x, "_") {
		return nil
	}
	return typesx.VarOf(ip.m.info, x)
}

func (ip *winterp) assign(s *ast.AssignStmt) {
	if len(s.Lhs) != len(s.Rhs) {
		ip.loseObjs(s)
		for _, l := range s.Lhs {
			if v := ip.localVar(l); v != nil {
				ip.env[v] = waitshape.Unknown()
			}
		}
		// n, err := crypto/rand.Int(rand.Reader, max)
		if call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && len(s.Lhs) == 2 {
			if fn := typesx.Callee(ip.m.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "crypto/rand" && fn.Name() == "Int" {
				if v := ip.localVar(s.Lhs[0]); v != nil {
					ip.set(v, call, ip.eval(call))
				}
			}
			// t, stop := util.TimerWithCancel(delay)
			if v := ip.localVar(s.Lhs[0]); v != nil && isTimer(v.Type()) {
				if d, ok := ip.timerOfCall(call); ok {
					ip.timers[v] = d
				}
			}
			// d, ok := retryDelay(res, n): waits_pair.go
			if v, d, ok := ip.pairWait(call, s.Lhs); ok {
				ip.set(v, call, d)
			}
		}
		// d, ok := parseRetryAfter(res): ok on a response without
		// headers (package waits, waits_resp.go).
		if call, ok := ast.Unparen(s.Rhs[0]).(*ast.CallExpr); ok && len(s.Rhs) == 1 {
			for i, l := range s.Lhs {
				if v := ip.localVar(l); v != nil && typesx.IsBool(v.Type()) {
					if b, ok := ip.m.ResponseVerdict(call, i); ok {
						ip.env[v] = waitshape.Bool(b)
					}
				}
			}
		}
		return
	}
	vals := make([]waitshape.Num, len(s.Rhs))
	for i, r := range s.Rhs {
		if s.Tok == token.ASSIGN || s.Tok == token.DEFINE {
			vals[i] = ip.eval(r)
			continue
		}
		op, ok := assignOp[s.Tok]
		if !ok {
			vals[i] = waitshape.Unknown()
			continue
		}
		vals[i] = ip.binary(op, ip.eval(s.Lhs[i]), ip.eval(r), typesx.IsInteger(ip.m.info.TypeOf(s.Lhs[i])))
	}
	for i, l := range s.Lhs {
		if v := ip.localVar(l); v != nil {
			ip.set(v, s.Rhs[i], vals[i])
			ip.defineObj(v, s.Rhs[i]) // waits_state.go
		} else {
			ip.setField(l, vals[i])
		}
	}
}

var assignOp = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR,
}

func (ip *winterp) set(v *types.Var, rhs ast.Expr, val waitshape.Num) {
	if val.OK && ip.carried(v) {
		val.Vary = true
	}
	ip.env[v] = val
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || !isTimer(v.Type()) {
		return
	}
	fn := typesx.Callee(ip.m.info, call)
	if len(call.Args) == 1 && fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
		ip.timers[v] = ip.eval(call.Args[0])
	} else if d, ok := ip.timerOfCall(call); ok {
		ip.timers[v] = d
	}
}

// isTimer reports whether t is a *time.Timer or *time.Ticker (or one).
func isTimer(t types.Type) bool {
	return typesx.IsNamed(t, "time", "Timer") || typesx.IsNamed(t, "time", "Ticker")
}

// timerOfCall is the wait of a timer that a function other than time's
// returns (t, stop := util.TimerWithCancel(delay)): its one
// time.Duration argument; else, when a numeric argument changes from one
// attempt to the next, unknown. ok is false when neither holds: the
// timer's stand-in stays.
func (ip *winterp) timerOfCall(call *ast.CallExpr) (waitshape.Num, bool) {
	if fn := typesx.Callee(ip.m.info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
		return waitshape.Num{}, false
	}
	var d ast.Expr
	n := 0
	for _, a := range call.Args {
		if t := ip.m.info.TypeOf(a); t != nil && typesx.IsNamed(t, "time", "Duration") {
			d, n = a, n+1
		}
	}
	if n == 1 {
		return ip.eval(d), true
	}
	for _, a := range call.Args {
		if t, ok := ip.m.info.TypeOf(a).(*types.Basic); ok && t.Info()&types.IsNumeric != 0 {
			if x := ip.eval(a); x.Vary {
				return waitshape.Unknown(), true
			}
		}
	}
	return waitshape.Num{}, false
}

// visit looks in x for the wait under study and for timer resets.
func (ip *winterp) visit(x ast.Expr) {
	if x == nil {
		return
	}
	typesx.InspectNoLits(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Reset" && len(n.Args) == 1 {
				if v := ip.localVar(sel.X); v != nil && isTimer(v.Type()) {
					ip.timers[v] = ip.eval(n.Args[0])
				}
			}
		}
		if ip.hit != nil && n == ip.hit.node {
			ip.record()
			return false
		}
		return true
	})
}

// record evaluates the wait under study.
func (ip *winterp) record() {
	h := ip.hit
	switch {
	case h.kind == site.WaitHelper && h.inner != nil && h.helper != nil:
		var sub *winterp
		if call, ok := h.node.(*ast.CallExpr); ok {
			sub = ip.sub(h.helper.Body, h.helper.Type, call)
		}
		if sub == nil {
			ip.rec, ip.recorded = waitshape.Unknown(), true
			return
		}
		sub.hit = h.inner
		sub.stmts(h.helper.Body.List)
		if sub.recorded {
			ip.rec = sub.rec
		} else {
			ip.rec = waitshape.Num{Skip: true} // the helper skipped its wait
		}
	case h.timerVar != nil:
		if v, ok := ip.timers[h.timerVar]; ok {
			ip.rec = v
		} else if h.expr != nil {
			ip.rec = ip.eval(h.expr)
		} else {
			ip.rec = ip.standinOf("timer:"+h.timerVar.Name(), nil)
		}
	case h.expr != nil:
		ip.rec = ip.eval(h.expr)
	default:
		ip.rec = waitshape.Unknown()
	}
	ip.recorded = true
	ip.snap = maps.Clone(ip.env)
}

// sub returns an interpreter for a call of a same-package function, with
// its parameters bound to the call's arguments.
func (ip *winterp) sub(body *ast.BlockStmt, ft *ast.FuncType, call *ast.CallExpr) *winterp {
	return ip.subIn(ip.m, body, ft, call)
}

// subIn is sub for a function that dm reads: the package's own model, or
// another package's from its source (a method of a backoff object of
// the module, waits_state.go). The arguments are evaluated here.
func (ip *winterp) subIn(dm *model, body *ast.BlockStmt, ft *ast.FuncType, call *ast.CallExpr) *winterp {
	if ip.depth >= 4 || body == nil {
		return nil
	}
	s := ip.subInterp(dm, body, body)
	s.fn = true
	s.depth = ip.depth + 1
	s.steps = ip.steps
	if dm == ip.m && ip.body != nil && ip.body.Pos() < body.Pos() && body.End() <= ip.body.End() {
		// A function literal of the function run: it reads the
		// variables it captures as they are at the call.
		maps.Copy(s.env, ip.env)
	}
	ip.bindArgs(s.env, typesx.FuncParams(dm.info, ft), call.Args)
	return s
}

// carriedTime reports whether x names a time kept from one attempt to
// the next (a deadline set before the loop): the clock moves on between
// attempts, while the interpreter reads every time.Now() as 0, so a
// distance to it is not known. A time taken in the attempt is.
func (ip *winterp) carriedTime(x ast.Expr) bool {
	v, _ := ip.m.info.Uses[typesx.IdentOf(x)].(*types.Var)
	return v != nil && ip.carried(v)
}

// standinOf returns the stand-in for a value of type t the model cannot
// see: a duration-sized number, or a small one for plain integers (an
// attempt number passed in).
func (ip *winterp) standinOf(key string, t types.Type) waitshape.Num {
	if v, ok := ip.standins[key]; ok {
		return v
	}
	x := 1.0e9 + float64(len(ip.standins))*1.37e8
	if typesx.IsInteger(t) && !typesx.IsNamed(t, "time", "Duration") {
		x = 3 + float64(len(ip.standins))
	}
	v := waitshape.Num{V: x, OK: true, Opq: true}
	ip.standins[key] = v
	return v
}

// carried reports whether v keeps its value from one attempt to the
// next: declared outside the loop body (before the loop, in its init
// statement, a parameter).
func (ip *winterp) carried(v *types.Var) bool {
	if ip.fn {
		return false
	}
	if r, ok := ip.region.(*ast.LabeledStmt); ok {
		return v.Pos() < r.Pos()
	}
	var body ast.Node = ip.region
	if b := loopBody(ip.region); b != nil {
		body = b
	}
	return body != nil && (v.Pos() < body.Pos() || v.Pos() >= body.End())
}

// loopBody returns the body of n, a for or range statement, else nil.
func loopBody(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.ForStmt:
		return n.Body
	case *ast.RangeStmt:
		return n.Body
	}
	return nil
}

func (ip *winterp) inRegion(pos token.Pos) bool {
	return ip.region != nil && ip.region.Pos() <= pos && pos < ip.region.End()
}

// lookup returns the value of a variable.
func (ip *winterp) lookup(v *types.Var) waitshape.Num {
	if x, ok := ip.env[v]; ok {
		return x
	}
	if ip.inRegion(v.Pos()) {
		return waitshape.Unknown()
	}
	x := ip.initial(v)
	ip.env[v] = x
	return x
}

// initial is the value of a variable declared outside the region when the
// region starts: its only definition before the region, else a stand-in.
func (ip *winterp) initial(v *types.Var) waitshape.Num {
	info := ip.m.info
	standin := func() waitshape.Num { return ip.standinOf("var:"+v.Name()+strconv.Itoa(int(v.Pos())), v.Type()) }
	if v.Pkg() != ip.m.pkg || v.Parent() == ip.m.pkg.Scope() {
		if vals, _, ok := ip.m.IntValues(v); ok && len(vals) == 1 { // values.go
			return waitshape.Known(float64(vals[0]))
		}
		if x, ok := ip.m.pkgVarValue(v); ok {
			return x
		}
		return standin()
	}
	if ip.resolving[v] || ip.body == nil {
		return standin()
	}
	var defs []ast.Expr
	limit := ip.body.End()
	if ip.region != nil {
		limit = ip.region.Pos()
	}
	ast.Inspect(ip.body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= limit {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					defs = append(defs, n.Rhs[i])
				} else {
					defs = append(defs, nil)
				}
			}
		case *ast.IncDecStmt:
			if ip.localVar(n.X) == v {
				defs = append(defs, nil)
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if i < len(n.Values) && len(n.Values) == len(n.Names) {
					defs = append(defs, n.Values[i])
				} else if len(n.Values) == 0 {
					defs = append(defs, &ast.BasicLit{Kind: token.INT, Value: "0"})
				} else {
					defs = append(defs, nil)
				}
			}
		}
		return true
	})
	if len(defs) == 1 && defs[0] != nil {
		ip.resolving[v] = true
		x := ip.eval(defs[0])
		delete(ip.resolving, v)
		if x.OK && !x.Raw {
			return x
		}
	}
	return standin()
}

// pkgVarValue returns the value of a package-level variable initialised
// with a constant, or a list literal's stand-in.
func (m *model) pkgVarValue(v *types.Var) (waitshape.Num, bool) {
	if v.Pkg() != m.pkg {
		return waitshape.Num{}, false
	}
	f := typesx.FileOf(m.pass.Files, v.Pos())
	if f == nil {
		return waitshape.Num{}, false
	}
	var res waitshape.Num
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return !found
		}
		for i, name := range vs.Names {
			if m.info.Defs[name] == v && i < len(vs.Values) && len(vs.Values) == len(vs.Names) {
				if tv, ok := m.info.Types[vs.Values[i]]; ok && tv.Value != nil {
					if f, ok := wConstFloat(tv.Value); ok {
						res, found = waitshape.Known(f), true
					}
				}
			}
		}
		return false
	})
	return res, found
}

func wConstFloat(v constant.Value) (float64, bool) {
	switch v.Kind() {
	case constant.Int, constant.Float:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return f, true
	}
	return 0, false
}

// eval computes x.
func (ip *winterp) eval(x ast.Expr) waitshape.Num {
	info := ip.m.info
	if x == nil {
		return waitshape.Unknown()
	}
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.Bool {
			return waitshape.Bool(constant.BoolVal(tv.Value))
		}
		if f, ok := wConstFloat(tv.Value); ok {
			return waitshape.Known(f)
		}
		return waitshape.Unknown()
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return ip.eval(x.X)
	case *ast.Ident:
		if o, ok := info.Uses[x].(*types.Var); ok {
			return ip.lookup(o)
		}
		return waitshape.Unknown()
	case *ast.StarExpr:
		return ip.eval(x.X) // *p of a pointer to a number: &d's value
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			// &d, a duration handed back by address (return &d, true),
			// reads as d; a pointer to anything else is no number.
			if _, num := info.TypeOf(x.X).Underlying().(*types.Basic); num {
				return ip.eval(x.X)
			}
			return waitshape.Unknown()
		}
		a := ip.eval(x.X)
		if !a.OK || a.Raw {
			return waitshape.Unknown()
		}
		switch x.Op {
		case token.SUB:
			a.V = -a.V
			return a
		case token.ADD:
			return a
		case token.NOT:
			if a.IsBool && !a.Opq && !a.Rnd {
				return waitshape.Bool(a.V == 0)
			}
		}
		return waitshape.Unknown()
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			l := ip.eval(x.X)
			if l.OK && l.IsBool && !l.Opq && !l.Rnd {
				if x.Op == token.LAND && l.V == 0 || x.Op == token.LOR && l.V != 0 {
					return l
				}
				return ip.eval(x.Y)
			}
			return waitshape.Unknown()
		}
		return ip.binary(x.Op, ip.eval(x.X), ip.eval(x.Y), typesx.IsInteger(info.TypeOf(x)))
	case *ast.CallExpr:
		return ip.call(x)
	case *ast.SelectorExpr:
		return ip.selector(x)
	case *ast.IndexExpr:
		return ip.index(x)
	}
	return waitshape.Unknown()
}

func (ip *winterp) selector(x *ast.SelectorExpr) waitshape.Num {
	info := ip.m.info
	v, ok := info.Uses[x.Sel].(*types.Var)
	if !ok {
		return waitshape.Unknown()
	}
	if !v.IsField() {
		// A package-qualified variable.
		return ip.lookup(v)
	}
	if r, ok := ip.objField(x, v); ok { // waits_state.go
		return r
	}
	if r, ok := ip.counts[v]; ok {
		return r
	}
	if carriesFailure(info.TypeOf(x.X)) {
		// A field of an error value (a rate-limit error's RetryAfter)
		// is what this failure says: it may change with every failure.
		return waitshape.Unknown()
	}
	if ip.fieldsSet[v] || ip.m.drawnAtRandom(v) || ip.filledByCall(x.X) {
		return waitshape.Unknown()
	}
	if vals, _, ok := ip.m.IntValues(v); ok && len(vals) == 1 { // values.go
		return waitshape.Known(float64(vals[0]))
	}
	return ip.standinOf("field:"+types.ExprString(x), v.Type())
}

// isNumber reports whether t is an integer or a floating-point type
// (time.Duration among them).
func isNumber(t types.Type) bool {
	return typesx.BasicIs(t, types.IsInteger|types.IsFloat)
}

// countField returns the field x steps (c.attempts++) when it is an
// integer field of the package that the package otherwise only sets to
// one constant (its reset, c.attempts = 0): a count of attempts kept in
// the object, starting there, which the run steps from then on. nil
// otherwise.
func (ip *winterp) countField(x ast.Expr) *types.Var {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, _ := ip.m.info.Uses[sel.Sel].(*types.Var)
	if v == nil || !v.IsField() || v.Pkg() != ip.m.pkg || !typesx.IsInteger(v.Type()) {
		return nil
	}
	if _, ok := ip.counts[v]; ok {
		return v
	}
	if !ip.m.onlyReset(v) {
		return nil
	}
	ip.counts[v] = waitshape.Num{OK: true, Vary: true}
	return v
}

// onlyReset reports whether the package writes the field v only by
// stepping it and by setting it to zero (its reset).
func (m *model) onlyReset(v *types.Var) bool {
	return typesx.Cached(&m.resets, v, func() bool { return m.onlyResetRead(v) })
}

// onlyResetRead is onlyReset, worked out: the package's files are read
// once per field a run steps.
func (m *model) onlyResetRead(v *types.Var) bool {
	ok := true
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					sel, isSel := ast.Unparen(l).(*ast.SelectorExpr)
					if !isSel || m.info.Uses[sel.Sel] != v {
						continue
					}
					tv, known := m.info.Types[n.Rhs[min(i, len(n.Rhs)-1)]]
					ok = ok && n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) && known && tv.Value != nil && constant.Sign(tv.Value) == 0
				}
			case *ast.CompositeLit:
				for _, e := range n.Elts {
					if kv, isKV := e.(*ast.KeyValueExpr); isKV && m.info.Uses[typesx.IdentOf(kv.Key)] == v {
						ok = false
					}
				}
			case *ast.UnaryExpr:
				if sel, isSel := ast.Unparen(n.X).(*ast.SelectorExpr); isSel && n.Op == token.AND && m.info.Uses[sel.Sel] == v {
					ok = false // atomic.AddInt64(&c.n, 1) and the like
				}
			}
			return ok
		})
	}
	return ok
}

// filledByCall reports whether x names a local of the function whose
// address a call in the attempt is handed (json.Unmarshal(body, &rl)):
// its fields are what that call writes, attempt after attempt (a 429's
// retry_after decoded from the response), not a value fixed over the
// attempts. Options applied to a local before the loop (opt(&o)) are.
func (ip *winterp) filledByCall(x ast.Expr) bool {
	v, _ := ip.m.info.Uses[typesx.IdentOf(x)].(*types.Var)
	if v == nil || ip.body == nil || ip.region == nil || v.Pos() < ip.body.Pos() || v.Pos() >= ip.body.End() {
		return false
	}
	filled := false
	ast.Inspect(ip.region, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || filled {
			return !filled
		}
		for _, a := range call.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && typesx.VarOf(ip.m.info, u.X) == v {
				filled = true
			}
		}
		return !filled
	})
	return filled
}

func (ip *winterp) index(x *ast.IndexExpr) waitshape.Num {
	i := ip.eval(x.Index)
	if !i.OK || i.Opq || i.Rnd || i.V < 0 {
		return waitshape.Unknown()
	}
	lit := ip.listLiteral(x.X)
	if lit == nil {
		return waitshape.Unknown()
	}
	n := int(i.V)
	if n >= len(lit.Elts) {
		return waitshape.Num{OK: false, End: true}
	}
	if _, ok := lit.Elts[n].(*ast.KeyValueExpr); ok {
		return waitshape.Unknown()
	}
	r := ip.eval(lit.Elts[n])
	r.Sched = true
	return r
}

// listLiteral returns the slice or array literal x is, or a variable
// defined once as one and never assigned elsewhere.
func (ip *winterp) listLiteral(x ast.Expr) *ast.CompositeLit {
	switch y := ast.Unparen(x).(type) {
	case *ast.CompositeLit:
		return y
	case *ast.Ident:
		v, ok := ip.m.info.Uses[y].(*types.Var)
		if !ok {
			return nil
		}
		if f := typesx.FileOf(ip.m.pass.Files, v.Pos()); f != nil {
			lit, _ := ast.Unparen(typesx.SoleAssigned(ip.m.info, f, v)).(*ast.CompositeLit)
			return lit
		}
	}
	return nil
}

// truncatedAway returns the integer x gives when its random draws change
// nothing once it is truncated to an integer: x is arithmetic,
// conversions and draws written in it (not read from a local), and gives
// the same integer at the bottom and just under the top of every draw.
// time.Duration(2^n + rand.Float64()) * time.Second draws a fraction of a
// nanosecond: 2^n seconds, no jitter.
func (ip *winterp) truncatedAway(x ast.Expr) (float64, bool) {
	pure, draws := true, false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := ip.m.info.Types[n.Fun]; ok && tv.IsType() {
				return true
			}
			fn := typesx.Callee(ip.m.info, n)
			if fn == nil || fn.Pkg() == nil || !isRandPkg(fn.Pkg().Path()) {
				pure = false
			}
			draws = true
		case *ast.FuncLit, *ast.IndexExpr, *ast.StarExpr:
			pure = false
		}
		return pure
	})
	if !pure || !draws {
		return 0, false
	}
	mode, drew := ip.mode, ip.drew
	defer func() { ip.mode, ip.drew = mode, drew }()
	ip.drew = nil
	ip.mode = 0
	lo := ip.eval(x)
	ip.mode = 1 - 1e-9 // a draw from [0, n) stays under n
	hi := ip.eval(x)
	v := math.Trunc(lo.V)
	return v, lo.OK && hi.OK && !lo.Raw && v == math.Trunc(hi.V)
}

// randomDraws are the functions and methods of math/rand and
// math/rand/v2 that draw from [0, n) (bounded), [0, 1) (unit), or over
// the whole integer range (raw).
var randomDraws = map[string]string{
	"Int63n": "bounded", "Int31n": "bounded", "Intn": "bounded", "Int64N": "bounded",
	"Int32N": "bounded", "IntN": "bounded", "Uint64N": "bounded", "Uint32N": "bounded",
	"UintN": "bounded", "N": "bounded",
	"Float64": "unit", "Float32": "unit",
	"Int63": "raw", "Int31": "raw", "Int": "raw", "Uint64": "raw", "Uint32": "raw",
	"Int64": "raw", "Int32": "raw", "Uint": "raw",
}

func isRandPkg(p string) bool { return p == "math/rand" || p == "math/rand/v2" }

func (ip *winterp) call(x *ast.CallExpr) waitshape.Num {
	info := ip.m.info
	if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
		if len(x.Args) != 1 {
			return waitshape.Unknown()
		}
		a := ip.eval(x.Args[0])
		if a.OK && !a.Raw && typesx.IsInteger(tv.Type) {
			a.V = math.Trunc(a.V)
			if a.Rnd {
				if v, ok := ip.truncatedAway(x.Args[0]); ok {
					a.V, a.Rnd, a.Decor = v, false, false
				}
			}
		}
		return a
	}
	if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "min", "max":
				return ip.evalArgs(x.Args, func(vs []waitshape.Num) waitshape.Num { return waitshape.MinMax(b.Name() == "min", vs) })
			}
			return waitshape.Unknown()
		}
	}
	fn := typesx.Callee(info, x)
	if fn == nil {
		// A local function value defined once as a literal, or holding a
		// setting the user may give, else the package's default, or a
		// getter's call picking one of the two (waits_nildefault.go).
		var at ast.Expr
		v, _ := info.Uses[typesx.IdentOf(x.Fun)].(*types.Var)
		if g, ok := ast.Unparen(x.Fun).(*ast.CallExpr); ok {
			at = ip.helperDefault(g)
			v = types.NewVar(g.Pos(), ip.m.pkg, "", info.TypeOf(g))
		} else if v != nil {
			if fl := ip.funcLitOf(v); fl != nil && ip.m.Pure(fl.Body, fl) {
				if s := ip.sub(fl.Body, fl.Type, x); s != nil {
					return s.result(fl.Body)
				}
			}
			at = ip.nilDefault(v)
		}
		if fc, ok := ast.Unparen(at).(*ast.CallExpr); ok {
			// A factory's literal, its parameters bound (samples.go).
			if _, lit := ip.m.FuncFactory(fc); lit != nil && ip.m.Pure(lit.Body, lit) {
				if s := ip.sub(lit.Body, lit.Type, x); s != nil && ip.bindFactory(s, fc) {
					ip.m.NoteLocalDefault(v, at)
					return s.result(lit.Body)
				}
			}
		} else if dd, dm := ip.m.methodOf(typesx.NamedFunc(info, at)); at != nil && dd != nil && dd.Body != nil && dm.Pure(dd.Body, nil) {
			if s := ip.subIn(dm, dd.Body, dd.Type, x); s != nil {
				ip.m.NoteLocalDefault(v, at)
				return s.result(dd.Body)
			}
		}
		// A func value the package stores in a field or variable: a
		// method value of an object a constructor builds
		// (waits_nildefault.go), or a function.
		if r, ok := ip.methodValueDefault(x); ok {
			return r
		}
		if body, ft, lit, factory, ok := ip.m.IndexedFunc(x.Fun); ok && ip.m.Pure(body, lit) { // values.go
			if s := ip.sub(body, ft, x); s != nil && (factory == nil || ip.bindFactory(s, factory)) {
				if factory != nil && ip.m.viaDefault != nil {
					// The default's method takes its wait from a
					// factory's func: the factory is where the fix
					// goes.
					if f := typesx.Callee(info, factory); f != nil && ip.m.FuncDecl(f) != nil {
						ip.m.viaDefault = f
					}
				}
				return s.result(body)
			}
		}
		return ip.sameOverTargets(x) // funcvals.go
	}
	sig, _ := fn.Type().(*types.Signature)
	var recv ast.Expr
	if sig != nil && sig.Recv() != nil {
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
			recv = sel.X
		}
	}
	if fn.Pkg() != nil {
		path := fn.Pkg().Path()
		switch {
		case path == "math":
			return ip.evalArgs(x.Args, func(vs []waitshape.Num) waitshape.Num { return waitshape.Math(fn.Name(), vs) })
		case isRandPkg(path):
			return ip.randCall(fn.Name(), x.Args)
		case path == "sync/atomic":
			if r, ok := ip.atomicCall(x); ok { // waits_state.go
				return r
			}
			return waitshape.Unknown()
		case path == "crypto/rand" && fn.Name() == "Int" && len(x.Args) == 2:
			return ip.randCall("Int64N", x.Args[1:])
		case path == "math/big":
			switch fn.Name() {
			case "NewInt":
				if len(x.Args) == 1 {
					return ip.eval(x.Args[0])
				}
			case "Int64", "Uint64":
				if recv != nil {
					return ip.eval(recv)
				}
			}
			return waitshape.Unknown()
		case path == "time" && fn.Name() == "Now":
			return waitshape.Known(0) // a time is its distance from now
		case path == "time" && (fn.Name() == "Until" || fn.Name() == "Since") && recv == nil && len(x.Args) == 1:
			if ip.carriedTime(x.Args[0]) {
				return waitshape.Unknown()
			}
			t := ip.eval(x.Args[0]) // until t: t - now; since t: now - t
			if fn.Name() == "Since" {
				return waitshape.Binary(token.SUB, waitshape.Known(0), t, ip.mode, true)
			}
			return t
		case path == "time" && recv != nil && typesx.IsNamed(info.TypeOf(recv), "time", "Time"):
			switch fn.Name() {
			case "UTC", "Local":
				return ip.eval(recv)
			case "Add", "Sub":
				op := token.ADD
				if fn.Name() == "Sub" {
					op = token.SUB
					if ip.carriedTime(recv) || ip.carriedTime(x.Args[0]) {
						return waitshape.Unknown()
					}
				}
				return ip.evalArgs([]ast.Expr{recv, x.Args[0]}, func(vs []waitshape.Num) waitshape.Num {
					return waitshape.Binary(op, vs[0], vs[1], ip.mode, true)
				})
			}
			return waitshape.Unknown()
		case path == "time" && recv != nil && typesx.IsNamed(info.TypeOf(recv), "time", "Duration"):
			d := ip.eval(recv)
			if !d.OK {
				return d
			}
			switch fn.Name() {
			case "Seconds":
				d.V /= 1e9
			case "Minutes":
				d.V /= 60e9
			case "Hours":
				d.V /= 3600e9
			case "Milliseconds":
				d.V = math.Trunc(d.V / 1e6)
			case "Microseconds":
				d.V = math.Trunc(d.V / 1e3)
			case "Nanoseconds", "Round", "Truncate", "Abs":
			default:
				return waitshape.Unknown()
			}
			return d
		case knowledge.IsUpwardJitterFunc(path+"."+fn.Name()) && len(x.Args) == 2:
			d, f := ip.eval(x.Args[0]), ip.eval(x.Args[1])
			if !d.OK || !f.OK {
				return waitshape.Unknown()
			}
			if f.V <= 0 {
				f.V = 1
			}
			r := d.Merge(f)
			r.OK, r.Rnd = true, true
			r.V = d.V + ip.drawAt()*f.V*d.V
			return r
		}
	}
	if isRandPkg(pkgPathOfRecv(sig)) {
		return ip.randCall(fn.Name(), x.Args)
	}
	if recv != nil && sig.Results().Len() == 1 {
		if r, ok := ip.stateCall(x, fn); ok { // waits_state.go
			return r
		}
		if r, ok := ip.ifaceCall(x, fn, recv); ok {
			return r
		}
	}
	if sig != nil && sig.Results().Len() == 1 && (fn.Pkg() == ip.m.pkg || isNumber(sig.Results().At(0).Type())) {
		// A function of the package, or of another package of the
		// module read from its source when it computes a number (a
		// predicate there, given what the attempt returned, decides
		// nothing the run knows, and loading its package costs).
		if d, dm := ip.m.methodOf(fn); d != nil && d.Body != nil && dm.Pure(d.Body, nil) {
			if s := ip.subIn(dm, d.Body, d.Type, x); s != nil {
				if recv != nil && dm == ip.m {
					ip.bindRecv(s, d, recv)
				}
				return s.result(d.Body)
			}
		}
	}
	return waitshape.Unknown()
}

// bindRecv binds the receiver of method d, run by s, to the object recv
// names when recv is a package variable of a struct type that the
// package only ever sets to one composite literal:
//
//	var connBackoff = Schedule{Base: time.Second, Factor: 2, Max: 2 * time.Minute}
//	time.Sleep(connBackoff.DelayFor(attempt))
//
// The method then reads the fields the literal gives (waits_state.go's
// objects). Otherwise the receiver stays unknown, and so do its fields.
func (ip *winterp) bindRecv(s *winterp, d *ast.FuncDecl, recv ast.Expr) {
	r := typesx.RecvVar(ip.m.info, d)
	v, _ := ip.m.info.Uses[typesx.IdentOf(recv)].(*types.Var)
	if r == nil || v == nil || v.Pkg() != ip.m.pkg || !pkgLevel(v) || !ip.m.IndexedVar(v) {
		return
	}
	ws, ok := ip.m.Reaching(v)
	if !ok || len(ws) != 1 || ws[0].X == nil {
		return
	}
	if _, isLit := ip.objLiteralOnly(ws[0].X); !isLit {
		return
	}
	if st := ip.buildObj(r, ws[0].X); st != nil {
		s.storeObj(r, st)
	}
}

// pkgLevel reports whether v is a package-level variable, of any
// package.
func pkgLevel(v *types.Var) bool {
	return v.Parent() != nil && v.Parent().Parent() == types.Universe
}

func pkgPathOfRecv(sig *types.Signature) string {
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	if n, ok := types.Unalias(typesx.Deref(sig.Recv().Type())).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path()
	}
	return ""
}

// result runs a helper body for its returned value.
func (ip *winterp) result(body *ast.BlockStmt) waitshape.Num {
	if c := ip.stmts(body.List); c != ctrlReturn {
		return waitshape.Unknown()
	}
	return ip.ret
}

func (ip *winterp) funcLitOf(v *types.Var) *ast.FuncLit {
	if ip.body == nil {
		return nil
	}
	lit, _ := ast.Unparen(typesx.SoleAssigned(ip.m.info, ip.body, v)).(*ast.FuncLit)
	return lit
}

// Pure reports whether a function body assigns nothing outside its own
// locals (no fields, package variables, captured variables): calling it
// again with the same arguments gives the same result, up to random
// draws, so the interpreter may run it.
func (m *model) Pure(body *ast.BlockStmt, lit *ast.FuncLit) bool {
	start, end := body.Pos(), body.End()
	if lit != nil {
		start = lit.Pos()
	}
	ok := true
	check := func(l ast.Expr) {
		switch y := ast.Unparen(l).(type) {
		case *ast.Ident:
			if y.Name == "_" {
				return
			}
			if v, isVar := m.info.Uses[y].(*types.Var); isVar && (v.Pos() < start || v.Pos() >= end) {
				// Parameters of a declaration are outside its
				// body but local.
				if v.Parent() == nil || pkgLevel(v) || lit != nil {
					ok = false
				}
			}
		default:
			ok = false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					check(l)
				}
			}
		case *ast.IncDecStmt:
			check(n.X)
		case *ast.CallExpr:
			if u, name := atomicOp(m.info, n); u != nil && name != "Load" {
				check(u.X)
			}
		}
		return ok
	})
	return ok
}

// evalArgs evaluates a call's arguments (min, max, a math function), and
// gives the call's value, unknown when an argument is.
func (ip *winterp) evalArgs(args []ast.Expr, f func([]waitshape.Num) waitshape.Num) waitshape.Num {
	vals := make([]waitshape.Num, len(args))
	for i, a := range args {
		vals[i] = ip.eval(a)
		if !vals[i].OK || vals[i].Raw {
			return waitshape.Unknown()
		}
	}
	return f(vals)
}

// randCall evaluates a random draw at the interpreter's mode.
func (ip *winterp) randCall(name string, args []ast.Expr) waitshape.Num {
	switch randomDraws[name] {
	case "bounded":
		if len(args) != 1 {
			return waitshape.Unknown()
		}
		n := ip.eval(args[0])
		if !n.OK || n.Raw {
			return waitshape.Unknown()
		}
		r := n.Flags()
		r.OK, r.Rnd, r.Vary = true, true, true
		if n.Rnd {
			r.Decor = true
		}
		r.V = ip.drawAt() * n.V
		return r
	case "unit":
		if len(args) != 0 {
			return waitshape.Unknown()
		}
		return waitshape.Num{V: ip.drawAt(), OK: true, Rnd: true, Vary: true}
	case "raw":
		if len(args) != 0 {
			return waitshape.Unknown()
		}
		return waitshape.Num{OK: true, Rnd: true, Raw: true, Vary: true}
	}
	return waitshape.Unknown()
}

// serverSays reports whether cond reads only the HTTP response
// (responseType): its status or headers, directly or through bool locals set once from such a
// test (isRateLimited := res.StatusCode == 429), and nothing else but
// constants.
func (ip *winterp) serverSays(cond ast.Expr) bool {
	info, reads, other := ip.m.info, false, false
	var visit func(x ast.Expr, depth int)
	visit = func(x ast.Expr, depth int) {
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || other {
				return !other
			}
			v, isVar := info.Uses[id].(*types.Var)
			switch {
			case !isVar:
			case v.IsField():
			case responseType(v.Type()):
				reads = true
			case typesx.IsBool(v.Type()) && ip.body != nil && depth < 2:
				if a := typesx.SoleAssigned(info, ip.body, v); a != nil {
					visit(a, depth+1)
				} else {
					other = true
				}
			default:
				other = true
			}
			return true
		})
	}
	visit(cond, 0)
	return reads && !other
}

// responseType reports whether t is an HTTP response of net/http or of a
// library of the tables (its Response type, or a pointer to it).
func responseType(t types.Type) bool {
	n, ok := types.Unalias(typesx.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Name() == "Response" && knowledge.IsHTTPResponsePackage(n.Obj().Pkg().Path())
}

// readsFailure reports whether x reads an error value.
func readsFailure(info *types.Info, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil && carriesFailure(info.TypeOf(id)) {
			found = true
		}
		return !found
	})
	return found
}

// carriesFailure reports whether t, or a pointer to it, is an error type:
// its fields describe one failure.
func carriesFailure(t types.Type) bool {
	if t == nil {
		return false
	}
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	if types.Implements(t, errIface) {
		return true
	}
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr {
		if _, isIface := t.Underlying().(*types.Interface); !isIface {
			return types.Implements(types.NewPointer(t), errIface)
		}
	}
	return false
}

// drawnAtRandom reports whether the package writes the field f with a
// value drawn at random (waitvars.DrawnFields, found once per pass).
func (m *model) drawnAtRandom(f *types.Var) bool {
	if m.pass == nil || m.pkg != m.pass.Pkg {
		return false // another package's helper: its files are not at hand
	}
	if m.drawn == nil {
		m.drawn = waitvars.DrawnFields(m.pass, m.info)
	}
	return m.drawn[f]
}
