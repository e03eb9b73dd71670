package requeue

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

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
	params := typesx.DeclParams(rf.info, d)
	ei := slices.IndexFunc(params, func(v *types.Var) bool { return v != nil && typesx.IsErrorType(v.Type()) })
	if fn == nil || ei < 0 || d.Body == nil {
		return nil
	}
	e, body := params[ei], d.Body
	var sites []*site.Site
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		w, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		at, count, delay := rf.runTime(body, w)
		if at == nil || !rf.host.MayBeOp(w) {
			return true
		}
		tested, ok := rf.onFailure(body, e, w)
		if tested && !ok {
			return true // written after a success too: a recurring job
		}
		ops := rf.failedOps(fn, ei, !tested)
		if len(ops) == 0 {
			return true
		}
		s := &site.Site{Kind: site.Library, Lib: knowledge.JobStore, Node: d, Pos: w.Pos(), Func: body, FuncType: d.Type, Ops: ops}
		s.Bound = site.Bound{Kind: site.BoundUnbounded, Why: "a failure writes it back to run later and nothing caps its count " + types.ExprString(count)}
		if rf.countTested(body, w, count) {
			s.Bound = site.Bound{Kind: site.BoundUnknown}
		} else if !rf.timeTested(body, at) {
			s.Timeouts = &site.Timeouts{Pos: w.Pos(), CapWhy: "nothing caps the job's count nor its age"}
		}
		if wt := rf.delayWait(body, delay, count); wt != nil {
			wt.Pos = at.Pos()
			s.Waits, s.WaitsKnown = []*site.Wait{wt}, true
		}
		sites = append(sites, s)
		return true
	})
	return sites
}

// runTime returns the argument of w that is a run time from now (later),
// an integer argument of w it is computed from (the attempt count written
// back with it), and the innermost call of the run time given that count.
func (rf *Finder) runTime(body *ast.BlockStmt, w *ast.CallExpr) (at, count ast.Expr, delay *ast.CallExpr) {
	for _, a := range w.Args {
		if !typesx.IsNamed(rf.info.TypeOf(a), "time", "Time") {
			continue
		}
		vals := []ast.Expr{a}
		if v := rf.local(body, a); v != nil {
			vals = rf.writes(body, v)
		}
		if len(vals) != 1 || !rf.later(body, vals[0]) {
			continue
		}
		for _, c := range w.Args {
			if !typesx.IsInteger(rf.info.TypeOf(c)) {
				continue
			}
			cv := rf.countVars(body, c)
			ast.Inspect(vals[0], func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && !rf.info.Types[call.Fun].IsType() && rf.countArg(body, call, cv) >= 0 {
					delay = call
				}
				return true
			})
			if delay != nil {
				return vals[0], c, delay
			}
		}
	}
	return nil, nil, nil
}

// local returns the local variable of body that x names, if any.
func (rf *Finder) local(body *ast.BlockStmt, x ast.Expr) *types.Var {
	v := typesx.VarOf(rf.info, x)
	if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil
	}
	return v
}

// writes returns the values assigned to v in body (f()'s for `x, v :=
// f()`, nil for another write it cannot read), a declaration without a
// value left out.
func (rf *Finder) writes(body *ast.BlockStmt, v *types.Var) []ast.Expr {
	var xs []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for i, l := range as.Lhs {
				if typesx.VarOf(rf.info, l) != v {
					continue
				}
				switch {
				case len(as.Lhs) == len(as.Rhs):
					xs = append(xs, as.Rhs[i])
				case i == len(as.Lhs)-1:
					xs = append(xs, as.Rhs[0])
				default:
					xs = append(xs, nil)
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
	if v := rf.local(body, x); v != nil {
		ws := rf.writes(body, v)
		return len(ws) > 0 && !slices.ContainsFunc(ws, func(w ast.Expr) bool { return w == nil || !rf.isNow(body, w) })
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
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
// function of the module returning a time whose body returns t.Add(...)
// with t time.Now() or a parameter the call gives now (read by syntax:
// the body may be another package's).
func (rf *Finder) later(body *ast.BlockStmt, x ast.Expr) bool {
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
	res := fn.Type().(*types.Signature).Results()
	hd, _ := rf.host.MethodOf(fn)
	if res.Len() != 1 || !typesx.IsNamed(res.At(0).Type(), "time", "Time") || hd == nil || hd.Body == nil {
		return false
	}
	nowParams := make(map[string]bool)
	i := 0
	for _, f := range hd.Type.Params.List {
		for _, n := range f.Names {
			nowParams[n.Name] = i < len(call.Args) && rf.isNow(body, call.Args[i])
			i++
		}
	}
	found := false
	typesx.InspectUntil(&found, hd.Body, func(n ast.Node) bool {
		r, ok := n.(*ast.ReturnStmt)
		if !ok || len(r.Results) != 1 {
			return true
		}
		sel, _ := callFun(r.Results[0]).(*ast.SelectorExpr)
		if sel == nil || sel.Sel.Name != "Add" {
			return true
		}
		t := ast.Unparen(sel.X)
		for { // t.UTC() ... time.Now()
			s, _ := callFun(t).(*ast.SelectorExpr)
			if s == nil || s.Sel.Name == "Now" {
				found = s != nil
				break
			}
			t = ast.Unparen(s.X)
		}
		if id, ok := t.(*ast.Ident); ok {
			found = nowParams[id.Name]
		}
		return true
	})
	return found
}

// countArg returns the index of the argument of c that reads one of cv,
// or -1.
func (rf *Finder) countArg(body *ast.BlockStmt, c *ast.CallExpr, cv map[*types.Var]bool) int {
	return slices.IndexFunc(c.Args, func(a ast.Expr) bool {
		for v := range rf.countVars(body, a) {
			if cv[v] {
				return true
			}
		}
		return false
	})
}

// countVars returns the integer variables and fields x reads, and those
// the writes of its integer locals read (errorCount := j.ErrorCount + 1).
func (rf *Finder) countVars(body *ast.BlockStmt, x ast.Expr) map[*types.Var]bool {
	vs := make(map[*types.Var]bool)
	var add func(x ast.Expr, depth int)
	add = func(x ast.Expr, depth int) {
		ast.Inspect(x, func(n ast.Node) bool {
			id, _ := n.(*ast.Ident)
			v, _ := typesx.ObjOf(rf.info, id).(*types.Var)
			if id == nil || v == nil || !typesx.IsInteger(v.Type()) || vs[v] {
				return true
			}
			vs[v] = true
			if depth == 0 && rf.local(body, id) != nil {
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
	return vs
}

// onFailure reports whether body tests e (compares it with nil), and if
// so whether w runs only when e is not nil: in the branch of such a test,
// or of a test of a local only such a test sets (status = failed in `if
// err != nil`, then `if status == failed`), or after `if e == nil {
// return }` at the top of body.
func (rf *Finder) onFailure(body *ast.BlockStmt, e *types.Var, w ast.Node) (tested, ok bool) {
	typesx.InspectUntil(&tested, body, func(n ast.Node) bool {
		x, _ := n.(ast.Expr)
		tested = x != nil && typesx.NilTest(rf.info, x, e) != token.ILLEGAL
		return true
	})
	in := func(b ast.Node) bool { return b != nil && b.Pos() <= w.Pos() && w.End() <= b.End() }
	typesx.InspectUntil(&ok, body, func(n ast.Node) bool {
		if s, isIf := n.(*ast.IfStmt); isIf {
			eq := typesx.NilTest(rf.info, s.Cond, e) == token.EQL
			ok = in(s.Body) && rf.failCond(body, s.Cond, e, 0) || in(s.Else) && eq ||
				s.End() <= w.Pos() && eq && slices.Contains(body.List, ast.Stmt(s)) && len(s.Body.List) > 0 && typesx.ReturnsIn(s.Body.List[len(s.Body.List)-1])
		}
		return true
	})
	return tested, ok
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
		return typesx.NilTest(rf.info, b, e) == token.NEQ
	case token.EQL:
		// v == K, v a local set to K only where e != nil, to other
		// constants elsewhere.
		v, k := rf.local(body, b.X), rf.info.Types[b.Y].Value
		if v == nil || k == nil {
			return false
		}
		sets, others := false, true
		ast.Inspect(body, func(n ast.Node) bool {
			if s, ok := n.(*ast.IfStmt); ok && rf.failCond(body, s.Cond, e, depth+1) {
				for _, st := range s.Body.List {
					as, ok := st.(*ast.AssignStmt)
					sets = sets || ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && typesx.VarOf(rf.info, as.Lhs[0]) == v
				}
				return false
			}
			if as, ok := n.(*ast.AssignStmt); ok {
				for i, l := range as.Lhs {
					if typesx.VarOf(rf.info, l) == v && (len(as.Rhs) != len(as.Lhs) || !otherConst(rf.info.Types[as.Rhs[i]].Value, k)) {
						others = false
					}
				}
			}
			return true
		})
		return sets && others
	}
	return false
}

// otherConst reports whether v is a constant other than k.
func otherConst(v, k constant.Value) bool {
	return v != nil && v.Kind() == k.Kind() && !constant.Compare(v, token.EQL, k)
}

// failedOps returns the operations whose failure the callers of fn hand
// it as its parameter ei: the call last written, before the call of fn,
// to the local given. With onlyFailure, a caller counts only when the
// call of fn follows the operation's failure and not its success (fn
// does not test the error itself).
func (rf *Finder) failedOps(fn *types.Func, ei int, onlyFailure bool) []*site.Op {
	var ops []*site.Op
	for _, f := range rf.files {
		for _, decl := range f.Decls {
			cd, ok := decl.(*ast.FuncDecl)
			if !ok || cd.Body == nil {
				continue
			}
			for _, c := range typesx.CallsOf(rf.info, cd.Body, fn) {
				var op *ast.CallExpr
				if ei >= len(c.Args) {
					continue // f(g()): g's results
				}
				if v := rf.local(cd.Body, c.Args[ei]); v != nil {
					for _, x := range rf.writes(cd.Body, v) {
						if x != nil && x.Pos() < c.Pos() {
							op, _ = ast.Unparen(x).(*ast.CallExpr)
						}
					}
				}
				if op != nil && rf.host.MayBeOp(op) && (!onlyFailure || rf.failureOnly(cd, op, c)) {
					ops = append(ops, rf.host.Op(op))
				}
			}
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
	set, target := map[*ast.CallExpr]bool{op: true}, map[*ast.CallExpr]bool{c: true}
	return ok && !fi.Reach(set, target, ref, interp.SuccessScenario(), nil, interp.GoalAgain).Again &&
		fi.Reach(set, target, ref, interp.ErrorScenario(), nil, interp.GoalAgain).Again
}

// countTested reports whether body, away from w, compares the count (or
// a variable or field it reads) with something: a maximum.
func (rf *Finder) countTested(body *ast.BlockStmt, w ast.Node, count ast.Expr) bool {
	vs := rf.countVars(body, count)
	found := false
	typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Pos() <= w.Pos() && w.End() <= b.End() || b.Op != token.LSS && b.Op != token.LEQ && b.Op != token.GTR && b.Op != token.GEQ && b.Op != token.EQL {
			return true
		}
		for _, side := range []ast.Expr{b.X, b.Y} {
			if sel, ok := ast.Unparen(side).(*ast.SelectorExpr); ok {
				side = sel.Sel
			}
			found = found || vs[typesx.VarOf(rf.info, side)]
		}
		return true
	})
	return found
}

// delayWait runs the call computing the run time's delay over successive
// counts (its argument given the count), with the other arguments that
// are now at zero: the wait's shape, or nil.
func (rf *Finder) delayWait(body *ast.BlockStmt, delay *ast.CallExpr, count ast.Expr) *site.Wait {
	bind := map[int]waitshape.Num{}
	for i, a := range delay.Args {
		if rf.isNow(body, a) {
			bind[i] = waitshape.Known(0)
		}
	}
	lo, mid, hi, ok := rf.host.DelaySamples(delay.Fun, rf.countArg(body, delay, rf.countVars(body, count)), 1, bind)
	if !ok {
		return nil
	}
	w := &site.Wait{Kind: site.WaitLibrary, Expr: delay}
	if waitshape.Classify(lo, mid, hi).Fill(w, ""); w.Shape == site.ShapeUnknown {
		return nil
	}
	return w
}

// timeTested reports whether body compares a time (time.Since, Until,
// Before, After, Sub, Compare) other than a local holding the run time
// at: it may stop a job that is too old.
func (rf *Finder) timeTested(body *ast.BlockStmt, at ast.Expr) bool {
	found := false
	typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := typesx.Callee(rf.info, c)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" || !slices.Contains([]string{"Since", "Until", "Before", "After", "Sub", "Compare"}, fn.Name()) {
			return true
		}
		found = true
		ast.Inspect(c, func(m ast.Node) bool {
			if x, ok := m.(ast.Expr); ok {
				if v := rf.local(body, x); v != nil && slices.Contains(rf.writes(body, v), at) {
					found = false // time.Until(runAt)
				}
			}
			return true
		})
		return true
	})
	return found
}

// callFun returns the function x calls, or nil when x is no call.
func callFun(x ast.Expr) ast.Expr {
	if c, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		return ast.Unparen(c.Fun)
	}
	return nil
}
