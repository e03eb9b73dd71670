package waitnum

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/waitshape"

	"github.com/retrylint/retrylint/internal/retrysite/site"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file runs a delay func literal that a retry helper calls once per
// failed attempt for its wait (retrysite's xpkg.go binds the literal to
// the helper's parameter):
//
//	bo := backoff.NewDefault()            // returns an interface
//	internal.Retry(ctx, op, func(error) time.Duration {
//		log(...)
//		return bo.Next()
//	})
//
// The literal is run SamplesN times by one interpreter whose region is
// the literal's body, so the variables it captures keep their values from
// one call to the next, as they do at run time. A captured backoff object
// is followed (waits_state.go) when the model sees everything done to it:
// it is defined once, before the literal, by a constructor of the package
// or of another package of the module whose body is `return &T{...}` (the
// object's type is then T whatever the declared type, an interface
// included), or by a call of a func-typed field whose one default is such
// a constructor; and every other use is a call of one of T's methods
// that the interpreter can run, in the delay literal, or, in the
// operation literal passed to the same call, a call of a method that
// writes nothing (bo.IsMaxBackoffReached()) or one made only on the way
// to a success (`if err == nil { bo.Reset(); return v, nil }`: the helper
// stops there). A use anywhere else (another closure, an argument, a
// copy) leaves the object unknown.

// ClosureWait fills in w's shape from the durations lit returns over
// successive calls; body is the function that holds lit. It reports
// whether the shape is known.
func (m *model) ClosureWait(lit *ast.FuncLit, body *ast.BlockStmt, w *site.Wait) bool {
	if lit == nil || body == nil || lit.Type.Results == nil || lit.Type.Results.NumFields() != 1 {
		return false
	}
	if t := m.info.TypeOf(lit.Type.Results.List[0].Type); t == nil || !typesx.IsNamed(t, "time", "Duration") {
		return false
	}
	if m.capturedMoved(lit, body) {
		return false
	}
	var runs [3][]waitshape.Num
	apply := m.CollectDefaults(func() {
		runs = runsAtModes(func(mode float64, drew *bool) (run []waitshape.Num) {
			ip := m.newInterp(mode, lit.Body, body)
			ip.closure, ip.drew = lit, drew
			for k := 0; k < SamplesN; k++ {
				ip.ret = waitshape.Unknown()
				if c := ip.stmts(lit.Body.List); c != ctrlReturn {
					run = append(run, waitshape.Unknown())
					continue
				}
				run = append(run, ip.ret)
			}
			return run
		})
	})
	sh := waitshape.Classify(runs[0], runs[1], runs[2])
	if sh.Shape == site.ShapeUnknown {
		return false
	}
	sh.Fill(w, "")
	apply(w)
	return w.Shape != site.ShapeUnknown
}

// closureObj builds the state of v, a variable the delay literal captures
// (see the top of the file); nil when it is not followed.
func (ip *winterp) closureObj(v *types.Var) *objState {
	def := typesx.SoleAssigned(ip.m.info, ip.body, v)
	call, ok := ast.Unparen(def).(*ast.CallExpr)
	if !ok || def.Pos() >= ip.closure.Pos() {
		return nil
	}
	st := ip.ctorObj(call)
	if st == nil || !ip.closureFollowable(v, st.typ) {
		return nil
	}
	return st
}

// ctorObj runs a constructor call whose body is `return &T{...}` (or
// `return T{...}`) and returns the object it builds, keyed by T's fields
// as this package sees them, with its type.
func (ip *winterp) ctorObj(call *ast.CallExpr) *objState {
	return ip.ctorObjArgs(call, nil, 0)
}

// ctorObjArgs is ctorObj for a constructor given constants (the caller's
// interpreter evaluates them: args, when not nil, are their values), or
// one that returns another constructor's call with constants
// (DefaultBacko() returning NewBacko(100*time.Millisecond, 2, 0, 10*time.Second)).
func (ip *winterp) ctorObjArgs(call *ast.CallExpr, args []waitshape.Num, depth int) *objState {
	if depth > 2 {
		return nil
	}
	var unset map[int]bool // arguments that are no constant
	if args == nil {
		for i, a := range call.Args {
			if tv, ok := ip.m.info.Types[a]; !ok || tv.Value == nil {
				// Kept to constructors of constants: a value
				// computed here may change between calls. A
				// setting the constructor fills when it is zero
				// stands for its default (below).
				if unset == nil {
					unset = make(map[int]bool)
				}
				unset[i] = true
				args = append(args, waitshape.Num{})
				continue
			}
			args = append(args, ip.eval(a))
		}
	}
	fn := typesx.Callee(ip.m.info, call)
	if fn == nil && len(call.Args) == 0 {
		fn = ip.fieldDefaultCtor(call.Fun)
	}
	if fn == nil {
		return nil
	}
	if sig, _ := fn.Type().(*types.Signature); sig == nil || sig.Recv() != nil || sig.Params().Len() != len(args) || sig.Variadic() {
		return nil
	}
	d, dm := ip.m.methodOf(fn)
	if d == nil || d.Body == nil || dm == nil {
		return nil
	}
	res, prelude, defaults := ctorReturn(dm.info, d)
	if res == nil {
		return nil
	}
	sub := ip.subInterp(dm, nil, nil)
	sub.depth, sub.steps = ip.depth+1, ip.steps
	for i, p := range typesx.FuncParams(dm.info, d.Type) {
		if p == nil || i >= len(args) {
			continue
		}
		if unset[i] {
			if !defaults[p] {
				return nil
			}
			sub.env[p] = zeroOf(p.Type()) // the default the constructor fills
			continue
		}
		sub.env[p] = args[i]
	}
	sub.stmts(prelude)
	x := ast.Unparen(res)
	if inner, ok := x.(*ast.CallExpr); ok && dm == ip.m {
		// A constructor returning another's call: its arguments
		// evaluated with this one's parameters bound.
		inArgs := make([]waitshape.Num, 0, len(inner.Args)) // not nil: the values given
		for _, a := range inner.Args {
			inArgs = append(inArgs, sub.eval(a))
		}
		return ip.ctorObjArgs(inner, inArgs, depth+1)
	}
	ptr := false
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x, ptr = ast.Unparen(u.X), true
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	sn, ss := dm.stateStruct(dm.info.TypeOf(lit))
	if sn == nil {
		return nil
	}
	// The same type as this package sees it.
	cn := sn
	if dm != ip.m {
		tn, _ := fn.Pkg().Scope().Lookup(sn.Obj().Name()).(*types.TypeName)
		if tn == nil || sn.Obj().Pkg() == nil || sn.Obj().Pkg().Path() != fn.Pkg().Path() {
			return nil
		}
		cn, _ = types.Unalias(tn.Type()).(*types.Named)
	}
	if cn == nil {
		return nil
	}
	cs, _ := cn.Underlying().(*types.Struct)
	if cs == nil || !sameFields(cs, ss) {
		return nil
	}
	st := litState(dm.info, ss, lit, sub.eval)
	if st == nil {
		return nil
	}
	st = st.as(ss, cs)
	st.typ = types.Type(cn)
	if ptr {
		st.typ = types.NewPointer(cn)
	}
	return st
}

// ctorReturn returns the one result of a constructor whose body is
// `return X`, or that first fills in defaults for parameters left zero
// (if min == 0 { min = 200 * time.Millisecond }) and then returns X: the
// statements before the return (prelude) are ifs with no init and no
// else whose bodies only assign to parameters, which defaults holds.
func ctorReturn(info *types.Info, d *ast.FuncDecl) (x ast.Expr, prelude []ast.Stmt, defaults map[*types.Var]bool) {
	list := d.Body.List
	if len(list) == 0 {
		return nil, nil, nil
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, nil, nil
	}
	params := typesx.FuncParams(info, d.Type)
	for _, st := range list[:len(list)-1] {
		is, ok := st.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil {
			return nil, nil, nil
		}
		for _, b := range is.Body.List {
			as, ok := b.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 {
				return nil, nil, nil
			}
			v := typesx.VarOf(info, as.Lhs[0])
			if v == nil || !slices.Contains(params, v) {
				return nil, nil, nil
			}
			if defaults == nil {
				defaults = make(map[*types.Var]bool)
			}
			defaults[v] = true
		}
	}
	return ret.Results[0], list[:len(list)-1], defaults
}

// fieldDefaultCtor returns the function a call of a func-typed field
// runs when it is the package's one default for the field (the user's
// own value, set through an option, left aside and noted by the
// defaults collector): `bo := p.newBackoff()` with newBackoff defaulted
// to backoff.NewDefault.
func (ip *winterp) fieldDefaultCtor(fun ast.Expr) *types.Func {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, _ := ip.m.info.Uses[sel.Sel].(*types.Var)
	if v == nil || !v.IsField() {
		return nil
	}
	return ip.m.FuncFieldDefaultFunc(v)
}

// closureFollowable reports whether every use of v in the function,
// besides its definition, is a call in the delay literal of a method of
// typ that the interpreter runs.
func (ip *winterp) closureFollowable(v *types.Var, typ types.Type) bool {
	info := ip.m.info
	ok := true
	calls := make(map[*ast.Ident]bool)
	typesx.InspectNoLits(ip.closure.Body, func(n ast.Node) bool {
		sel := methodOn(info, n, v)
		if sel == nil {
			return true
		}
		mfn := concreteMethod(typ, sel.Sel.Name)
		d, dm := ip.m.methodOf(mfn)
		if d == nil || d.Body == nil || !dm.Pure(d.Body, nil) && !dm.stateMethod(d) {
			ok = false
			return false
		}
		calls[typesx.IdentOf(sel.X)] = true
		return true
	})
	if !ok {
		return false
	}
	for _, sib := range ip.siblings() {
		ip.successUses(sib, v, typ, calls)
	}
	ast.Inspect(ip.body, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && info.Uses[id] == v && !calls[id] {
			if a := assignedAt(ip.body, id); a == nil || a.Pos() >= ip.closure.Pos() {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// assignedAt returns the assignment whose left side is id, or nil.
func assignedAt(body *ast.BlockStmt, id *ast.Ident) ast.Node {
	var res ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if res != nil {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if ast.Unparen(l) == id {
					res = as
				}
			}
		}
		return true
	})
	return res
}

// concreteMethod returns the method name of typ, or nil.
func concreteMethod(typ types.Type, name string) *types.Func {
	if typ == nil {
		return nil
	}
	var pkg *types.Package
	if n, ok := types.Unalias(typesx.Deref(typ)).(*types.Named); ok {
		pkg = n.Obj().Pkg()
	}
	obj, _, _ := types.LookupFieldOrMethod(typ, true, pkg, name)
	fn, _ := obj.(*types.Func)
	return fn
}

// concreteOf returns the method of the followed object x's own type that
// a call of fn, a method of its declared interface, runs; fn otherwise.
func (ip *winterp) concreteOf(x ast.Expr, fn *types.Func) *types.Func {
	if v := ip.objVar(x); v != nil && ip.objs[v].typ != nil {
		if c := concreteMethod(ip.objs[v].typ, fn.Name()); c != nil {
			return c
		}
	}
	return fn
}

// siblings returns the other function literals passed to the call that
// passes the delay literal: directly, or through a local defined once
// as the literal (opFn := func() (T, error) {...}).
func (ip *winterp) siblings() []*ast.FuncLit {
	var call *ast.CallExpr
	ast.Inspect(ip.body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && call == nil {
			for _, a := range c.Args {
				if ast.Unparen(a) == ip.closure {
					call = c
				}
			}
		}
		return call == nil
	})
	if call == nil {
		return nil
	}
	var res []*ast.FuncLit
	for _, a := range call.Args {
		switch x := ast.Unparen(a).(type) {
		case *ast.FuncLit:
			if x != ip.closure {
				res = append(res, x)
			}
		case *ast.Ident:
			if v, _ := ip.m.info.Uses[x].(*types.Var); v != nil {
				if lit, ok := ast.Unparen(typesx.SoleAssigned(ip.m.info, ip.body, v)).(*ast.FuncLit); ok {
					res = append(res, lit)
				}
			}
		}
	}
	return res
}

// successUses marks in calls the uses of v in lit, an operation literal
// whose last result is an error, that are calls of typ's methods which
// write nothing, or statements on a path that ends in a return of a nil
// error.
func (ip *winterp) successUses(lit *ast.FuncLit, v *types.Var, typ types.Type, calls map[*ast.Ident]bool) {
	info := ip.m.info
	res := lit.Type.Results
	if res == nil || len(res.List) == 0 {
		return
	}
	if t := info.TypeOf(res.List[len(res.List)-1].Type); t == nil || !types.Identical(t, types.Universe.Lookup("error").Type()) {
		return
	}
	for _, f := range res.List {
		if t := info.TypeOf(f.Type); t != nil && typesx.IsBool(t) {
			// (retry bool, err error): a nil error may still go
			// back (return true, nil), so no return is a success.
			return
		}
	}
	// The blocks that end in `return ..., nil`.
	var success []*ast.BlockStmt
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, isLit := n.(*ast.FuncLit); isLit && n != lit {
			return false
		}
		b, ok := n.(*ast.BlockStmt)
		if !ok || len(b.List) == 0 {
			return true
		}
		r, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
		if ok && len(r.Results) > 0 && typesx.IsNil(info, r.Results[len(r.Results)-1]) {
			success = append(success, b)
		}
		return true
	})
	typesx.InspectNoLits(lit.Body, func(n ast.Node) bool {
		sel := methodOn(info, n, v)
		if sel == nil {
			return true
		}
		id := typesx.IdentOf(sel.X)
		d, dm := ip.m.methodOf(concreteMethod(typ, sel.Sel.Name))
		if d == nil || d.Body == nil {
			return true
		}
		if dm.Pure(d.Body, nil) {
			calls[id] = true
			return true
		}
		for _, b := range success {
			for _, st := range b.List {
				if es, isExpr := st.(*ast.ExprStmt); isExpr && ast.Unparen(es.X) == n {
					calls[id] = true
				}
			}
		}
		return true
	})
}

// capturedMoved reports whether lit reads a variable of body, declared
// outside lit, that is written outside lit besides its one definition
// (a second assignment, an increment, its address taken). Reads in a
// statement call (a log line) do not count.
func (m *model) capturedMoved(lit *ast.FuncLit, body *ast.BlockStmt) bool {
	captured := make(map[*types.Var]bool)
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.ExprStmt); ok {
			// A call whose results are dropped (a log line) changes
			// no local the wait is computed from; a method of a
			// followed object is checked with the object.
			return false
		}
		if id, ok := n.(*ast.Ident); ok {
			if v, isVar := m.info.Uses[id].(*types.Var); isVar && !v.IsField() &&
				v.Pos() >= body.Pos() && v.Pos() < body.End() && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
				captured[v] = true
			}
		}
		return true
	})
	if len(captured) == 0 {
		return false
	}
	writes := make(map[*types.Var]int)
	moved := false
	note := func(x ast.Expr) {
		// A write of a field or element writes its variable too.
		if v := typesx.VarOf(m.info, typesx.ChainRoot(x, true)); captured[v] {
			writes[v]++
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if n == lit {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				note(l)
			}
		case *ast.ValueSpec:
			for _, name := range n.Names {
				note(name) // var x T: its zero value, a write
			}
		case *ast.IncDecStmt:
			note(n.X)
			note(n.X) // never a definition
		case *ast.UnaryExpr:
			if v, isVar := m.info.Uses[typesx.IdentOf(n.X)].(*types.Var); n.Op == token.AND && isVar && captured[v] {
				moved = true
			}
		case *ast.RangeStmt:
			note(n.Key)
			note(n.Value)
			note(n.Value)
		}
		return !moved
	})
	for _, k := range writes {
		if k > 1 {
			return true
		}
	}
	return moved
}
