package requeue

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// Reschedules returns the retries through a job store whose failure
// handler is d (doc.go): a write of a run time from now, with the count
// it is computed from, reached only for a failure.
func (rf *Finder) Reschedules(d *ast.FuncDecl) []*site.Site {
	fn, _ := rf.info.Defs[d.Name].(*types.Func)
	e := rf.errParam(d)
	if fn == nil || e == nil || d.Body == nil {
		return nil
	}
	var sites []*site.Site
	typesx.InspectNoLits(d.Body, func(n ast.Node) bool {
		w, ok := n.(*ast.CallExpr)
		if !ok || !rf.host.MayBeOp(w) {
			return true
		}
		at, count, delay := rf.runTime(d, w)
		if at == nil {
			return true
		}
		tested, ok := rf.onFailure(d.Body, e, w)
		if tested && !ok {
			return true // written after a success too: a recurring job
		}
		ops := rf.failedOps(fn, e, !tested)
		if len(ops) == 0 {
			return true
		}
		s := &site.Site{Kind: site.Library, Lib: knowledge.JobStore, Node: d, Pos: w.Pos(), Func: d.Body, FuncType: d.Type, Ops: ops}
		s.Bound = site.Bound{Kind: site.BoundUnbounded, Why: "a failure writes it back to run later and nothing caps its count " + types.ExprString(count)}
		if rf.countTested(d.Body, w, count) {
			s.Bound = site.Bound{Kind: site.BoundUnknown}
		} else if !rf.timeTested(d.Body, at) {
			s.Timeouts = &site.Timeouts{Pos: w.Pos(), CapWhy: "nothing caps the job's count nor its age"}
		}
		if wt := rf.delayWait(d, delay, count); wt != nil {
			wt.Pos = at.Pos()
			s.Waits, s.WaitsKnown = []*site.Wait{wt}, true
		}
		sites = append(sites, s)
		return true
	})
	return sites
}

// errParam returns d's one parameter of type error: the failure it handles.
func (rf *Finder) errParam(d *ast.FuncDecl) *types.Var {
	var e *types.Var
	for _, f := range d.Type.Params.List {
		for _, n := range f.Names {
			if v, _ := rf.info.Defs[n].(*types.Var); v != nil && typesx.IsErrorType(v.Type()) {
				if e != nil {
					return nil
				}
				e = v
			}
		}
	}
	return e
}

// runTime returns the argument of w that is a run time from now (a
// time.Time some later(..) value), the integer argument of w it is
// computed from (the attempt count written back with it), and the call
// given that count which computes the delay.
func (rf *Finder) runTime(d *ast.FuncDecl, w *ast.CallExpr) (at, count ast.Expr, delay *ast.CallExpr) {
	for _, a := range w.Args {
		if !typesx.IsNamed(rf.info.TypeOf(a), "time", "Time") {
			continue
		}
		vals := []ast.Expr{a}
		if v := rf.localVar(d, a); v != nil {
			vals = rf.writes(d.Body, v)
		}
		if len(vals) != 1 || !rf.later(d.Body, vals[0], 0) {
			continue
		}
		for _, c := range w.Args {
			if !isInteger(rf.info.TypeOf(c)) {
				continue
			}
			if call := rf.givenCount(d.Body, vals[0], c); call != nil {
				return vals[0], c, call
			}
		}
	}
	return nil, nil, nil
}

// localVar returns the local variable of d that x names, if any.
func (rf *Finder) localVar(d *ast.FuncDecl, x ast.Expr) *types.Var {
	id, _ := ast.Unparen(x).(*ast.Ident)
	if id == nil {
		return nil
	}
	v, _ := rf.info.Uses[id].(*types.Var)
	if v == nil || v.Pos() < d.Body.Pos() || v.Pos() >= d.Body.End() {
		return nil
	}
	return v
}

// writes returns the values assigned to v in body, a declaration without
// a value left out (nil for a write it cannot read).
func (rf *Finder) writes(body *ast.BlockStmt, v *types.Var) []ast.Expr {
	var xs []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for i, l := range as.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && typesx.ObjOf(rf.info, id) == v {
					var x ast.Expr
					if len(as.Lhs) == len(as.Rhs) {
						x = as.Rhs[i]
					} else if i == len(as.Lhs)-1 {
						x = as.Rhs[0] // v, err := f(): f's error result
					}
					xs = append(xs, x)
				}
			}
		}
		return true
	})
	return xs
}

// isNow reports whether x is the current time: time.Now(), its UTC or
// Local, or a local of body every write of which is one.
func (rf *Finder) isNow(body *ast.BlockStmt, x ast.Expr) bool {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		v, _ := rf.info.Uses[id].(*types.Var)
		if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return false
		}
		ws := rf.writes(body, v)
		for _, w := range ws {
			if w == nil || !rf.isNow(body, w) {
				return false
			}
		}
		return len(ws) > 0
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typesx.Callee(rf.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (fn.Name() == "UTC" || fn.Name() == "Local") {
		return rf.isNow(body, sel.X)
	}
	return fn.Name() == "Now"
}

// later reports whether x is a time from now: now.Add(d), or a call of a
// function of the module returning a time whose body returns
// t.Add(...) where t is time.Now() or a time parameter given now.
func (rf *Finder) later(body *ast.BlockStmt, x ast.Expr, depth int) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typesx.Callee(rf.info, call)
	if fn == nil {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fn.Name() == "Add" && typesx.IsNamed(rf.info.TypeOf(sel.X), "time", "Time") {
		return rf.isNow(body, sel.X)
	}
	sig := fn.Type().(*types.Signature)
	if depth > 0 || sig.Results().Len() != 1 || !typesx.IsNamed(sig.Results().At(0).Type(), "time", "Time") {
		return false
	}
	hd, _ := rf.host.MethodOf(fn)
	if hd == nil || hd.Body == nil {
		return false
	}
	// Its parameters given now (by position; syntax only: the body may
	// be another package's).
	nowParams := make(map[string]bool)
	i := 0
	for _, f := range hd.Type.Params.List {
		for _, n := range f.Names {
			if i < len(call.Args) && rf.isNow(body, call.Args[i]) {
				nowParams[n.Name] = true
			}
			i++
		}
	}
	found := false
	ast.Inspect(hd.Body, func(n ast.Node) bool {
		r, ok := n.(*ast.ReturnStmt)
		if !ok || len(r.Results) != 1 {
			return !found
		}
		c, _ := ast.Unparen(r.Results[0]).(*ast.CallExpr)
		if c == nil {
			return true
		}
		sel, _ := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if sel == nil || sel.Sel.Name != "Add" {
			return true
		}
		for t := ast.Unparen(sel.X); !found; {
			switch y := t.(type) {
			case *ast.Ident:
				found = nowParams[y.Name]
			case *ast.CallExpr:
				s, _ := ast.Unparen(y.Fun).(*ast.SelectorExpr)
				if s == nil {
					return true
				}
				found = s.Sel.Name == "Now"
				t = ast.Unparen(s.X)
				continue
			}
			return true
		}
		return false
	})
	return found
}

// givenCount returns the innermost call in x (not a conversion) given
// the count: an argument reading an integer variable or field the count
// reads (countVars).
func (rf *Finder) givenCount(body *ast.BlockStmt, x, count ast.Expr) *ast.CallExpr {
	cv := rf.countVars(body, count)
	var res *ast.CallExpr
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && !rf.info.Types[c.Fun].IsType() && rf.countArg(body, c, cv) >= 0 {
			res = c
		}
		return true
	})
	return res
}

// countArg returns the index of the argument of c that reads one of cv,
// or -1.
func (rf *Finder) countArg(body *ast.BlockStmt, c *ast.CallExpr, cv map[types.Object]bool) int {
	for i, a := range c.Args {
		for v := range rf.countVars(body, a) {
			if cv[v] {
				return i
			}
		}
	}
	return -1
}

// countVars returns the integer variables and fields x reads, and those
// the writes of its integer locals read (errorCount := j.ErrorCount + 1).
func (rf *Finder) countVars(body *ast.BlockStmt, x ast.Expr) map[types.Object]bool {
	objs := make(map[types.Object]bool)
	var add func(x ast.Expr, depth int)
	add = func(x ast.Expr, depth int) {
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := typesx.ObjOf(rf.info, id).(*types.Var)
			if !ok || !isInteger(v.Type()) || objs[v] {
				return true
			}
			objs[v] = true
			if !v.IsField() && depth == 0 && v.Pos() >= body.Pos() && v.Pos() < body.End() {
				for _, w := range rf.writes(body, v) {
					if w != nil {
						add(w, 1)
					}
				}
			}
			return true
		})
	}
	add(x, 0)
	return objs
}

// onFailure reports whether body tests e (compares it with nil), and if
// so whether w runs only when e is not nil: in the branch of such a
// test, or of a test of a local that only a failure sets
// (status = failed in if err != nil, then if status == failed), or after
// `if e == nil { return }`.
func (rf *Finder) onFailure(body *ast.BlockStmt, e *types.Var, w ast.Node) (tested, ok bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		if b, isBin := n.(*ast.BinaryExpr); isBin && rf.nilTest(b, e) != 0 {
			tested = true
		}
		return !tested
	})
	ast.Inspect(body, func(n ast.Node) bool {
		s, isIf := n.(*ast.IfStmt)
		if !isIf || ok {
			return !ok
		}
		in := func(b ast.Node) bool { return b != nil && b.Pos() <= w.Pos() && w.End() <= b.End() }
		switch {
		case in(s.Body) && rf.failCond(body, s.Cond, e, 0):
			ok = true
		case in(s.Else) && rf.nilTest(s.Cond, e) == token.EQL:
			ok = true
		case s.End() <= w.Pos() && rf.nilTest(s.Cond, e) == token.EQL && len(s.Body.List) > 0:
			_, ok = s.Body.List[len(s.Body.List)-1].(*ast.ReturnStmt)
		}
		return !ok
	})
	return tested, ok
}

// nilTest returns == or != when x compares e with nil, else 0.
func (rf *Finder) nilTest(x ast.Expr, e *types.Var) token.Token {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return 0
	}
	for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		id, _ := ast.Unparen(p[0]).(*ast.Ident)
		if id != nil && rf.info.Uses[id] == e && rf.info.Types[p[1]].IsNil() {
			return b.Op
		}
	}
	return 0
}

// failCond reports whether cond holds only when e is not nil.
func (rf *Finder) failCond(body *ast.BlockStmt, cond ast.Expr, e *types.Var, depth int) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || depth > 1 {
		return false
	}
	switch b.Op {
	case token.LAND:
		return rf.failCond(body, b.X, e, depth) || rf.failCond(body, b.Y, e, depth)
	case token.NEQ:
		return rf.nilTest(b, e) == token.NEQ
	case token.EQL:
		// v == K, v a local set to K only where e != nil.
		v := rf.localVarIn(body, b.X)
		k := rf.info.Types[b.Y].Value
		if v == nil || k == nil {
			return false
		}
		sets := false
		unset := true
		ast.Inspect(body, func(n ast.Node) bool {
			if s, ok := n.(*ast.IfStmt); ok && rf.failCond(body, s.Cond, e, depth+1) {
				for _, st := range s.Body.List {
					if as, ok := st.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && rf.localVarIn(body, as.Lhs[0]) == v {
						sets = true
					}
				}
				return false
			}
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				if rf.localVarIn(body, l) == v && (len(as.Rhs) != len(as.Lhs) || !rf.otherConst(as.Rhs[i], k)) {
					unset = false
				}
			}
			return true
		})
		return sets && unset
	}
	return false
}

func (rf *Finder) localVarIn(body *ast.BlockStmt, x ast.Expr) *types.Var {
	return rf.localVar(&ast.FuncDecl{Body: body}, x)
}

// otherConst reports whether x is a constant other than k.
func (rf *Finder) otherConst(x ast.Expr, k constant.Value) bool {
	v := rf.info.Types[x].Value
	return v != nil && v.Kind() == k.Kind() && !constant.Compare(v, token.EQL, k)
}

// failedOps returns the operations whose failure the callers of fn hand
// it as e: a call of the caller assigned to the variable given as e.
// With onlyFailure, a caller counts only when the call of fn follows the
// operation's failure and not its success (fn does not test e itself).
func (rf *Finder) failedOps(fn *types.Func, e *types.Var, onlyFailure bool) []*site.Op {
	sig := fn.Type().(*types.Signature)
	ei := -1
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == e {
			ei = i
		}
	}
	var ops []*site.Op
	for _, f := range rf.files {
		for _, decl := range f.Decls {
			cd, ok := decl.(*ast.FuncDecl)
			if !ok || cd.Body == nil {
				continue
			}
			typesx.InspectNoLits(cd.Body, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok || ei < 0 || ei >= len(c.Args) {
					return true
				}
				if g := typesx.Callee(rf.info, c); g == nil || g.Origin() != fn.Origin() {
					return true
				}
				v := rf.localVar(cd, c.Args[ei])
				if v == nil {
					return true
				}
				// The last write of v before c.
				var op *ast.CallExpr
				for _, x := range rf.writes(cd.Body, v) {
					if x != nil && x.Pos() < c.Pos() {
						op, _ = ast.Unparen(x).(*ast.CallExpr)
					}
				}
				if op != nil && rf.host.MayBeOp(op) && (!onlyFailure || rf.failureOnly(cd, op, c)) {
					ops = append(ops, rf.host.Op(op))
				}
				return true
			})
		}
	}
	return ops
}

// failureOnly reports whether, in cd, c follows op's failure and not its
// success.
func (rf *Finder) failureOnly(cd *ast.FuncDecl, op, c *ast.CallExpr) bool {
	fi := rf.host.FuncInfo(cd.Body, cd.Type)
	if fi == nil {
		return false
	}
	ref, ok := fi.CallNode(op)
	if !ok {
		return false
	}
	set, target := map[*ast.CallExpr]bool{op: true}, map[*ast.CallExpr]bool{c: true}
	return !fi.Reach(set, target, ref, interp.SuccessScenario(), nil, interp.GoalAgain).Again &&
		fi.Reach(set, target, ref, interp.ErrorScenario(), nil, interp.GoalAgain).Again
}

// countTested reports whether an if of body, away from w, compares the
// count (or a variable or field it reads) with something: a maximum.
func (rf *Finder) countTested(body *ast.BlockStmt, w ast.Node, count ast.Expr) bool {
	objs := rf.countVars(body, count)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || found || b.Pos() <= w.Pos() && w.End() <= b.End() {
			return !found
		}
		switch b.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL:
			for _, side := range []ast.Expr{b.X, b.Y} {
				id := typesx.IdentOf(side)
				if sel, ok := ast.Unparen(side).(*ast.SelectorExpr); ok {
					id = sel.Sel
				}
				if id != nil && objs[typesx.ObjOf(rf.info, id)] {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// delayWait runs the call computing the run time's delay over successive
// counts (its argument given the count), with the other arguments that
// are now at zero: the wait's shape, or nil.
func (rf *Finder) delayWait(d *ast.FuncDecl, delay *ast.CallExpr, count ast.Expr) *site.Wait {
	ci := rf.countArg(d.Body, delay, rf.countVars(d.Body, count))
	bind := map[int]waitshape.Num{}
	for i, a := range delay.Args {
		if rf.isNow(d.Body, a) {
			bind[i] = waitshape.Known(0)
		}
	}
	lo, mid, hi, ok := rf.host.DelaySamples(delay.Fun, ci, 1, bind)
	if !ok {
		return nil
	}
	w := &site.Wait{Kind: site.WaitLibrary, Expr: delay}
	waitshape.Classify(lo, mid, hi).Fill(w, "")
	if w.Shape == site.ShapeUnknown {
		return nil
	}
	return w
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// timeTested reports whether body compares a time (time.Since, Until,
// Before, After, Sub, Compare) other than a local holding the run time
// at: it may stop a job that is too old.
func (rf *Finder) timeTested(body *ast.BlockStmt, at ast.Expr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := typesx.Callee(rf.info, c)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
			return true
		}
		switch fn.Name() {
		case "Since", "Until", "Before", "After", "Sub", "Compare":
			found = !rf.readsRunTime(body, c, at)
		}
		return true
	})
	return found
}

// readsRunTime reports whether x reads a local of body written at.
func (rf *Finder) readsRunTime(body *ast.BlockStmt, x, at ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if v := rf.localVarIn(body, asExpr(n)); v != nil {
			for _, w := range rf.writes(body, v) {
				found = found || w == at
			}
		}
		return !found
	})
	return found
}

func asExpr(n ast.Node) ast.Expr {
	x, _ := n.(ast.Expr)
	return x
}
