package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waits"
)

// A loop may decide to go round through a func value it is given the
// operation's error (for again := checker(); ; { r, err := op(); if
// !again(err) { return r, err } }), a decider: a function literal that
// the value holds (a local literal, the one a field or parameter is
// given, or the one literal a factory of the
// package or of another package of the module returns, through factories
// calling factories, with their parameters bound to the callers'
// arguments), of one error parameter and one bool result, that waits
// (a sleep, or a sleep func parameter bound to one) or counts a variable
// it captures. Its body is the loop's decision (interp's eval.go), its
// waits the loop's, at the call (DeciderWaits), its count the
// loop's bound (deciderBound), or none when it captures nothing
// written (interp's stateless). A func value with no wait nor count is a
// predicate, a filter or a poll's test, and stays unknown.

// A decider is the literal a func value holds and the model that reads
// it (its package's, with the factories' parameters bound).
type decider struct {
	lit *ast.FuncLit
	m   *model
	// home is the body that declares the literal.
	home *ast.BlockStmt
}

// deciderOf returns the decider call calls, or nil.
func (m *model) deciderOf(call *ast.CallExpr) (d *decider) {
	if len(call.Args) != 1 || !typesx.IsErrorType(m.info.TypeOf(call.Args[0])) {
		return nil
	}
	v, _ := m.info.Uses[typesx.NameIdent(call.Fun)].(*types.Var)
	if v == nil {
		return nil
	}
	if d, ok := m.deciders[v]; ok {
		return d
	}
	if m.deciders == nil {
		m.deciders = make(map[*types.Var]*decider)
	}
	m.deciders[v] = nil // cycles: none
	// Another package's source read with mixed type information: a gap
	// in it is a decider the model cannot follow (xpkg.go's recover).
	defer func() {
		if recover() != nil {
			m.deciders[v] = nil
			d = nil
		}
	}()
	local := !v.IsField() && v.Parent() != nil && v.Parent() != m.pkg.Scope()
	if x, ok := m.onlyValue(v).(*ast.CallExpr); local && ok {
		d = m.factoryLit(x, 0)
	} else if ts, ok := m.FuncValueTargets(call.Fun); ok && len(ts) == 1 && ts[0].Lit != nil {
		// A local literal, or the one a field or parameter is given
		// (valueindex's funcvals.go).
		d = &decider{ts[0].Lit, m, m.bodyOf(ts[0].Lit.Pos())}
	}
	if d == nil || !d.shaped() {
		return nil
	}
	m.deciders[v] = d
	return d
}

// DeciderWaits returns the waits of the decider call runs, shaped by the
// decider's model; a wait written in another package is placed at the
// call, the caller's to fix.
func (m *model) DeciderWaits(call *ast.CallExpr) (out []*waits.Hit) {
	d := m.deciderOf(call)
	if d == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	hits, _ := d.m.waits().FindWaits(d.lit.Body, d.lit.Body, 0)
	// The literal's body is run once per attempt, as a recursion's
	// entry is.
	fd := &ast.FuncDecl{Name: ast.NewIdent("_"), Type: d.lit.Type, Body: d.lit.Body}
	ps := &Site{Kind: Recursion, Node: fd, Pos: d.lit.Pos(), Func: d.lit.Body, FuncType: d.lit.Type}
	for _, h := range hits {
		wt := &Wait{Kind: h.Kind, Pos: h.Node.Pos(), Expr: h.Expr}
		d.m.wnum.LoopWait(ps, d.lit.Body, nil, h.Num(), wt)
		if !m.inFiles(wt.Pos) {
			wt.Pos, wt.Expr, wt.Setting, wt.DefaultPos = call.Pos(), nil, nil, token.NoPos
		}
		out = append(out, &waits.Hit{Kind: h.Kind, Node: h.Node, Wait: wt})
	}
	return out
}

// BoundFunc returns the function a parameter bound to a caller's
// argument names (sleep bound to time.Sleep), or the one function of
// another package a package variable of the package holds, or nil.
func (m *model) BoundFunc(x ast.Expr) *types.Func {
	v, _ := m.info.Uses[typesx.IdentOf(x)].(*types.Var)
	if a, ok := m.Xbind[v]; ok && v != nil {
		return m.FuncObj(a)
	}
	if v == nil || v.Parent() != m.pkg.Scope() || !m.IndexedVar(v) {
		return nil
	}
	// A seam: a package variable that only ever holds one function of
	// another package (var after = time.After; tests swap it) is that
	// function.
	ws, ok := m.ReachingWrites(v)
	var fn *types.Func
	for _, w := range ws {
		f := m.FuncObj(w.X)
		if w.Zero || f == nil || f.Pkg() == m.pkg || fn != nil && f != fn {
			return nil
		}
		fn = f
	}
	if !ok {
		return nil
	}
	return fn
}

// inFiles reports whether p lies in a file of the analysed package.
func (m *model) inFiles(p token.Pos) bool { return typesx.FileOf(m.pass.Files, p) != nil }

// factoryLit returns the literal a call of a factory returns, read with
// the factory's parameters bound to the call's arguments.
func (m *model) factoryLit(call *ast.CallExpr, depth int) *decider {
	fn := typesx.Callee(m.info, call)
	if fn == nil || depth > 2 || call.Ellipsis.IsValid() {
		return nil
	}
	decl, fm := m.methodOf(fn)
	if decl == nil || decl.Body == nil || fm == nil {
		return nil
	}
	rets := typesx.Returns(decl.Body)
	if len(rets) != 1 || len(rets[0].Results) != 1 {
		return nil
	}
	obj, _ := fm.info.Defs[decl.Name].(*types.Func)
	if obj == nil || obj.Type().(*types.Signature).Params().Len() != len(call.Args) {
		return nil
	}
	xbind := maps.Clone(m.Xbind)
	if xbind == nil {
		xbind = make(map[*types.Var]ast.Expr)
	}
	params := obj.Type().(*types.Signature).Params()
	for i, a := range call.Args {
		xbind[params.At(i)] = a
	}
	bm := fm.boundCopy(xbind) // xpkg.go
	switch r := ast.Unparen(rets[0].Results[0]).(type) {
	case *ast.FuncLit:
		return &decider{r, bm, decl.Body}
	case *ast.CallExpr:
		return bm.factoryLit(r, depth+1)
	}
	return nil
}

// shaped reports whether d's literal is a decider: one error parameter,
// one bool result, and a wait or a count of a captured variable.
func (d *decider) shaped() bool {
	sig, ok := d.m.info.TypeOf(d.lit).(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !typesx.IsBool(sig.Results().At(0).Type()) {
		return false
	}
	if hits, _ := d.m.waits().FindWaits(d.lit.Body, d.lit.Body, 0); len(hits) > 0 {
		return true
	}
	_, _, _, ok = d.count()
	return ok
}

// count returns the captured variable the literal steps by one at its
// top level, before any return but `return false`, and the limit that
// a top-level `if c >= limit { ...; return false }` (or >) compares it
// with; off is what the guard lets pass beyond limit less the counter's
// start: one more for >, one fewer when the step comes first.
func (d *decider) count() (c *types.Var, limit ast.Expr, off int, ok bool) {
	var step *types.Var
	steps, guards := 0, 0
	isFalse := func(r *ast.ReturnStmt) bool { return len(r.Results) == 1 && types.ExprString(r.Results[0]) == "false" }
	for _, st := range d.lit.Body.List {
		switch st := st.(type) {
		case *ast.IfStmt:
			b, isBin := ast.Unparen(st.Cond).(*ast.BinaryExpr)
			if isBin && (b.Op == token.GEQ || b.Op == token.GTR) && st.Init == nil && st.Else == nil && len(st.Body.List) > 0 {
				r, isRet := st.Body.List[len(st.Body.List)-1].(*ast.ReturnStmt)
				if v := d.captured(b.X); v != nil && isRet && isFalse(r) {
					c, limit, guards, off = v, b.Y, guards+1, 0
					if b.Op == token.GTR {
						off++
					}
					if steps > 0 {
						off--
					}
				}
			}
		case *ast.IncDecStmt:
			if v := d.captured(st.X); v != nil {
				step, steps = v, steps+1
				ok = st.Tok == token.INC
			}
		}
		if steps == 0 {
			ast.Inspect(st, func(n ast.Node) bool {
				if r, isRet := n.(*ast.ReturnStmt); isRet && !isFalse(r) {
					guards = -1 // an answer before the step
				}
				_, isLit := n.(*ast.FuncLit)
				return !isLit
			})
		}
	}
	return c, limit, off, ok && guards == 1 && steps == 1 && step == c
}

// bodyOf returns the body of the function declaration of the package
// that holds p, or nil.
func (m *model) bodyOf(p token.Pos) *ast.BlockStmt {
	files := slices.Clip(m.pass.Files)
	if m.srcOf != nil { // and a helper's of another package (xpkg.go)
		for c := range m.srcOf.Insp.Root().Children() {
			files = append(files, c.Node().(*ast.File))
		}
	}
	if fd := typesx.FuncDeclAt(files, p); fd != nil {
		return fd.Body
	}
	return nil
}

// deciderBound returns the bound the decider called in loop counts: the
// limit its captured counter is compared with, less the counter's
// start, as retries (each call that says again steps it once).
func (m *model) deciderBound(loop ast.Node) (Bound, bool) {
	var d *decider
	n := 0
	ast.Inspect(loop, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if dd := m.deciderOf(x); dd != nil {
				d = dd
				n++
			}
		}
		return true
	})
	if n != 1 || d.home == nil {
		return Bound{}, false
	}
	c, limit, off, ok := d.count()
	if !ok {
		return Bound{}, false
	}
	lim, ok := d.m.boundInt(limit, 0)
	if !ok {
		return Bound{}, false
	}
	// The counter: defined once in home from a constant, written nowhere
	// else but by the literal's step.
	start, defs := int64(0), 0
	clean := true
	ast.Inspect(d.home, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return x != d.lit
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				id, isID := ast.Unparen(l).(*ast.Ident)
				if !isID || d.m.info.Defs[id] != c && d.m.info.Uses[id] != c {
					continue
				}
				v, isConst := d.m.boundInt(x.Rhs[min(i, len(x.Rhs)-1)], 0)
				if d.m.info.Defs[id] != c || len(x.Lhs) != len(x.Rhs) || !isConst {
					clean = false
				}
				start, defs = v, defs+1
			}
		case *ast.IncDecStmt:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && d.m.info.Uses[id] == c {
				clean = false
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && x.Op == token.AND && d.m.info.Uses[id] == c {
				clean = false
			}
		}
		return true
	})
	r := int(lim-start) + off
	if !clean || defs != 1 || r < 0 {
		return Bound{}, false
	}
	return Bound{Kind: BoundKnown, Retries: r, Counted: site.CountedAttempts(r + 1)}, true
}

// boundInt returns the integer constant x is, through parameters bound
// to a caller's arguments (Xbind).
func (m *model) boundInt(x ast.Expr, depth int) (int64, bool) {
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil {
		if v, ok := constant.Int64Val(tv.Value); ok && tv.Value.Kind() == constant.Int {
			return v, true
		}
		return 0, false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok && depth < 4 {
		if v, ok := m.info.Uses[id].(*types.Var); ok {
			if a, ok := m.Xbind[v]; ok {
				return m.boundInt(a, depth+1)
			}
		}
	}
	return 0, false
}

// stateless reports whether the literal's answer counts nothing: each
// variable it captures is a local or parameter that nothing in the
// function holding the literal (the literal included) writes after its
// declaration: neither the literal nor the loop steps a count it reads.
func (d *decider) stateless() bool {
	if d.home == nil {
		return false
	}
	ok := true
	vars := make(map[*types.Var]bool)
	ast.Inspect(d.lit.Body, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID {
			if v := d.captured(id); v != nil {
				vars[v] = true
				ok = ok && !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
			}
		}
		return ok
	})
	written := func(x ast.Expr) {
		if v, isVar := d.m.info.Uses[typesx.IdentOf(x)].(*types.Var); isVar && vars[v] {
			ok = false
		}
	}
	ast.Inspect(d.home, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				written(l)
			}
		case *ast.IncDecStmt:
			written(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				written(n.X)
			}
		}
		return ok
	})
	return ok
}

// captured returns the variable declared outside the literal that x
// names, or nil.
func (d *decider) captured(x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := d.m.info.Uses[id].(*types.Var)
	if v == nil || d.lit.Pos() <= v.Pos() && v.Pos() < d.lit.End() {
		return nil
	}
	return v
}

// RetryDecision returns the index of the bool result by which fn, a
// function of the package, decides its caller's retry, or -1: a
// function whose one return of true there sits at the top level of its
// body, after a wait, a count (an ordered test of an integer parameter,
// or of a local made from one, returning false) and a test of what the
// failure was (a call on or given an error value, returning false),
// every other return giving false. Whatever predicate it asks on the way, its true
// comes after the wait between attempts and its count is the bound: it
// says no after a success (interp's decidedNo), its waits are the
// loop's (waits.LoopWaits). A callee with no wait or no count there is a
// predicate; a wait before a false is no wait between attempts; a step
// whose true follows only a state it read is a poll's.
func (m *model) RetryDecision(fn *types.Func) int {
	if fn.Pkg() != m.pkg {
		return -1
	}
	sig, _ := fn.Type().(*types.Signature)
	decl := m.FuncDecl(fn)
	if sig == nil || decl == nil || decl.Body == nil {
		return -1
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if typesx.IsBool(sig.Results().At(i).Type()) && m.decidesAt(decl, sig, i) {
			return i
		}
	}
	return -1
}

func (m *model) decidesAt(decl *ast.FuncDecl, sig *types.Signature, i int) bool {
	says := func(r *ast.ReturnStmt) (yes, ok bool) {
		if len(r.Results) != sig.Results().Len() {
			return false, false
		}
		tv := m.info.Types[r.Results[i]]
		if tv.Value == nil || tv.Value.Kind() != constant.Bool {
			return false, false
		}
		return constant.BoolVal(tv.Value), true
	}
	trues, sane := 0, true
	typesx.InspectNoLits(decl.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok {
			yes, ok := says(r)
			sane = sane && ok
			if yes {
				trues++
			}
		}
		return sane
	})
	if !sane || trues != 1 {
		return false
	}
	counted := make(map[*types.Var]bool) // integer parameters and locals made from them
	for v := range sig.Params().Variables() {
		if typesx.IsInteger(v.Type()) {
			counted[v] = true
		}
	}
	mentions := func(x ast.Node) bool { return typesx.UsesAny(m.info, x, counted) }
	waited, count, classified := false, false, false
	for _, st := range decl.Body.List {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			yes, _ := says(st)
			return yes && waited && count && classified
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE && len(st.Lhs) == len(st.Rhs) {
				for j, l := range st.Lhs {
					if v, ok := m.info.Defs[typesx.IdentOf(l)].(*types.Var); ok && mentions(st.Rhs[j]) {
						counted[v] = true
					}
				}
			}
		case *ast.IfStmt: // a return in it gives false, or the true is not at the top
			if n := len(st.Body.List); n > 0 && st.Else == nil {
				if _, isRet := st.Body.List[n-1].(*ast.ReturnStmt); isRet {
					b, isBin := ast.Unparen(st.Cond).(*ast.BinaryExpr)
					count = count || isBin && (b.Op == token.LSS || b.Op == token.LEQ || b.Op == token.GTR || b.Op == token.GEQ) && mentions(b)
					classified = classified || m.asksError(st.Cond)
				}
			}
			continue
		default:
			if _, simple := st.(*ast.ExprStmt); !simple {
				continue
			}
		}
		if hits, _ := m.waits().FindWaits(st, decl.Body, 0); len(hits) > 0 {
			waited = true
		}
	}
	return false
}

// asksError reports whether x calls something on or given an error
// value: a test of what the failure was (errorValue.IsRetryable(),
// p.Retryable(resp, err)), not a state read nor a nil test.
func (m *model) asksError(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			args := c.Args
			if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
				args = append([]ast.Expr{sel.X}, args...)
			}
			for _, a := range args {
				found = found || typesx.IsErrorType(m.info.TypeOf(a))
			}
		}
		return !found
	})
	return found
}
