package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/retrysite/modsrc"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file follows calls into other packages of the same module, and
// into retry helpers of the modules it depends on, from their source,
// without facts (doc.go, "Across packages"): a call internal.Retry(ctx,
// opFn, next) of a retry helper written in another package of the module
// is a retry site of the caller, whose loop is the helper's loop with the
// caller's arguments bound to its parameters; the helper's waits are
// reported at the call.
//
// The helper's package is parsed and type-checked on demand, only when a
// call passes a func value to a function of a package of the same
// module, by package modsrc (its doc says when and how); a package that
// cannot be read leaves the call unknown, as before.

// crossPackageSites returns a site for each call, in the analysed
// package's files (generated and test files aside), of a function of
// another package of the same module whose body holds a retry of one of
// its func parameters.
func (m *model) crossPackageSites(insp *inspector.Inspector, skip map[*ast.File]bool, known []*Site) []*Site {
	isSite := make(map[ast.Node]bool)
	for _, s := range known {
		isSite[s.Node] = true // a library entry, a same-package helper call
	}
	var sites []*Site
	for fc := range insp.Root().Children() {
		if f, ok := fc.Node().(*ast.File); !ok || skip[f] {
			continue
		}
		for c := range fc.Preorder(callTypes...) {
			call := c.Node().(*ast.CallExpr)
			if isSite[call] {
				continue
			}
			if s := m.crossPackageCall(call); s != nil {
				sites = append(sites, s)
			}
		}
	}
	return sites
}

// crossPackageCall studies one call; see crossPackageSites.
func (m *model) crossPackageCall(call *ast.CallExpr) (site *Site) {
	if !m.passesFuncValue(call) {
		return nil // most calls: no callee lookup
	}
	fn := m.soleImplementation(typesx.Callee(m.info, call))
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == m.pkg {
		return nil
	}
	fn = fn.Origin()
	sig := fn.Type().(*types.Signature)
	fixed := fixedParams(sig, call)
	if fixed < 0 {
		return nil
	}
	// Only a call that passes a func value the package shows: the
	// helper runs it.
	passes := false
	for i, a := range call.Args[:fixed] {
		if _, isFunc := sig.Params().At(i).Type().Underlying().(*types.Signature); !isFunc {
			continue
		}
		if ts, ok := m.AddTarget(nil, a); ok && len(ts) > 0 {
			passes = true
		}
	}
	if !passes {
		return nil
	}
	// The mixed type information is new ground for the model: a gap in
	// it is a call the model cannot follow, never a failed analysis.
	defer func() {
		if recover() != nil {
			site = nil
		}
	}()
	s := m.helperSite(nil, fn, call, 0)
	if s != nil {
		m.timeouts.HelperCall(s, call)
	}
	return s
}

// maxForward is how many helpers deep a call is followed: Retry(ctx, op)
// that hands op, wrapped in a closure, to RetryWithResult, whose loop
// retries it, is two.
const maxForward = 3

// helperSite loads fn, called by call, from source and binds the call to
// it (bindCall); from is the helper's package when call is written in
// a helper (a forward, depth > 0), nil when in the analysed package.
func (m *model) helperSite(from *xpkg, fn *types.Func, call *ast.CallExpr, depth int) *Site {
	x := m.xpkgs()
	if x.Calls >= modsrc.MaxCalls || depth >= maxForward {
		return nil
	}
	xp := from
	if from == nil || fn.Pkg() != from.Pkg {
		xp = x.Load(m.analysed(), fn, m.srcModel)
	}
	if xp == nil {
		return nil
	}
	decl := xp.Decls[modsrc.Key(fn)]
	if decl == nil || decl.Body == nil {
		return nil
	}
	x.Calls++
	return m.bindCall(xp, call, decl, depth)
}

// fixedParams returns how many of call's arguments bind a parameter of
// sig one to one (all but the variadic ones), or -1 when the call does
// not match.
func fixedParams(sig *types.Signature, call *ast.CallExpr) int {
	n := sig.Params().Len()
	if !sig.Variadic() {
		if len(call.Args) != n {
			return -1
		}
		return n
	}
	if len(call.Args) < n-1 {
		return -1
	}
	return n - 1
}

// soleImplementation returns fn, or for a method of an interface the
// package declares, the method of the one type of the package or of
// another package of the module that implements it among the types of
// the package's expressions (p := pool.New[*Session, Session](...) kept in a field of
// the interface type); nil when there are none or several.
func (m *model) soleImplementation(fn *types.Func) *types.Func {
	if fn == nil || fn.Signature().Recv() == nil || !types.IsInterface(fn.Signature().Recv().Type()) || fn.Pkg() != m.pkg {
		return fn
	}
	return typesx.Cached(&m.soleImpls, fn, func() *types.Func { return m.soleImplementationOnce(fn) })
}

// soleImplementationOnce is soleImplementation, uncached.
func (m *model) soleImplementationOnce(fn *types.Func) *types.Func {
	iface := fn.Signature().Recv().Type().Underlying().(*types.Interface)
	var found types.Type
	for _, t := range m.moduleTypes() {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, m.pkg, fn.Name()); obj == nil || !types.Implements(t, iface) {
			continue
		}
		if found != nil && !types.Identical(found, t) {
			return nil
		}
		found = t
	}
	if found == nil {
		return nil
	}
	impl, _, _ := types.LookupFieldOrMethod(found, true, m.pkg, fn.Name())
	f, _ := impl.(*types.Func)
	return f
}

// moduleTypes returns, once per pass, the types of the package's
// expressions that are, or point to, a named type of another package of
// the module or of the package itself: the candidates of
// soleImplementation.
func (m *model) moduleTypes() []types.Type {
	if m.modTypes != nil {
		return *m.modTypes
	}
	var ts []types.Type
	type key struct {
		named *types.Named
		ptr   bool
	}
	seen := make(map[key]bool) // each &T{} has a *T of its own
	for _, tv := range m.info.Types {
		t := tv.Type
		if t == nil || tv.IsType() || types.IsInterface(t) {
			continue
		}
		named, _ := types.Unalias(typesx.Deref(t)).(*types.Named)
		if named == nil {
			continue
		}
		k := key{named, named != types.Unalias(t)}
		if seen[k] {
			continue
		}
		seen[k] = true
		if named.Obj().Pkg() == m.pkg || m.moduleObj(named.Obj(), false) {
			ts = append(ts, t)
		}
	}
	m.modTypes = &ts
	return ts
}

// passesFuncValue reports whether call may pass a func value the
// package shows (valueindex's AddTarget): an argument that is a function
// literal, or an identifier or selector that uses a function or a
// variable of a func type (read from Uses: cheaper than the argument's
// type).
func (m *model) passesFuncValue(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		var id *ast.Ident
		switch a := ast.Unparen(a).(type) {
		case *ast.FuncLit:
			return true
		case *ast.Ident:
			id = a
		case *ast.SelectorExpr:
			id = a.Sel
		default:
			continue
		}
		if obj := m.info.Uses[id]; obj != nil {
			if _, isFunc := obj.Type().Underlying().(*types.Signature); isFunc {
				return true
			}
		}
	}
	return false
}

// bindCall runs the hand-written site discovery on the helper's body
// with the call's arguments bound to its parameters, and turns the loop
// it finds into a site of the call. A helper with no such loop that
// hands a bound func value on (forwardSite) is followed there.
func (caller *model) bindCall(xp *xpkg, call *ast.CallExpr, decl *ast.FuncDecl, depth int) *Site {
	bound := make(map[*types.Var]bool)
	fnObj, _ := xp.M.info.Defs[decl.Name].(*types.Func)
	if fnObj == nil {
		return nil
	}
	sig := fnObj.Type().(*types.Signature)
	params := sig.Params()
	fixed := fixedParams(sig, call)
	if fixed < 0 {
		return nil
	}
	xbind := make(map[*types.Var]ast.Expr)
	for i, a := range call.Args[:fixed] {
		p := params.At(i)
		if v := typesx.VarOf(caller.info, a); v != nil {
			if outer, ok := caller.Xbind[v]; ok {
				// A helper that passes its own parameter on (a
				// recursive Walk(n, fn)): the caller's argument.
				a = outer
			}
		}
		if typesx.VarOf(xp.M.info, a) == p {
			continue // bound to itself: nothing to know
		}
		xbind[p] = a
		if _, isFunc := p.Type().Underlying().(*types.Signature); isFunc {
			bound[p] = true
		}
	}
	cm := xp.M.boundCopy(xbind)
	cur, ok := xp.Insp.Root().FindNode(decl)
	if !ok {
		return nil
	}
	fb := funcBody{body: decl.Body, typ: decl.Type, decl: decl, obj: fnObj, cur: cur.ChildAt(edge.FuncDecl_Body, -1)}
	var helper *Site
	for _, s := range cm.handWritten(fb) {
		if s.Kind == Loop && runsBound(cm.info, s, bound) {
			helper = s
			break
		}
	}
	if helper == nil {
		helper = cm.libraryHelper(cur, bound) // glue_libsite.go
	}
	if helper == nil {
		return caller.forwardSite(xp, cm, call, decl, bound, depth)
	}
	// A literal of the caller that counts across its calls has made
	// the helper's bound unknown already (package countsoutside).
	b := helper.Bound
	s := &Site{
		Kind:         HelperCall,
		Node:         call,
		Pos:          call.Pos(),
		Helper:       helper,
		Bound:        b,
		Ops:          helper.Ops,
		Retried:      helper.Retried,
		Timeouts:     helper.Timeouts,
		CrossPackage: true,
	}
	// A wait written in the helper is the caller's retry's too (its
	// schedule is what the call gets), reported at the call: a finding
	// here may only point into the caller's files.
	s.WaitsKnown = helper.WaitsKnown
	inCaller := caller.inFiles
	for _, w := range helper.Waits {
		if inCaller(w.Pos) {
			s.Waits = append(s.Waits, w)
		} else if cw := caller.closureWait(cm, decl, w); cw != nil {
			s.Waits = append(s.Waits, cw) // xpkg_waits.go
		} else {
			cw := *w
			cw.Pos, cw.Expr, cw.Setting, cw.DefaultPos = call.Pos(), nil, nil, token.NoPos
			s.Waits = append(s.Waits, &cw)
		}
	}
	if s.Timeouts != nil {
		t := *s.Timeouts
		if t.Pos.IsValid() && !inCaller(t.Pos) {
			t.Pos = call.Pos()
		}
		if op := t.NoAttemptTimeout; op != nil && (op.Call == nil || !inCaller(op.Call.Pos())) {
			// The helper's call of the func value: no timeout of its
			// own, and not the caller's to fix.
			t.NoAttemptTimeout, t.Why = nil, ""
		}
		s.Timeouts = &t
	}
	return s
}

// boundCopy returns a copy of m that reads bodies with the parameters
// xbind binds to a caller's arguments: what m caches depends on the
// bindings, so the copy's caches start empty.
func (m *model) boundCopy(xbind map[*types.Var]ast.Expr) *model {
	c := *m
	c.Infos = make(map[*ast.BlockStmt]*funcInfo)
	c.integ = make(map[*types.Func]bool)
	c.funcLits = make(map[*types.Var]*ast.FuncLit)
	c.trackerImpls = make(map[*types.Var]*types.Func)
	c.funcTypes = make(map[*types.Named]int8)
	c.Defs, c.helperWaits, c.deciders = nil, nil, nil
	c.Xbind = xbind
	c.rebindDescribers()
	return &c
}

// BoundInit gives the helper's integer and boolean parameters the
// caller's constant arguments: Do(3, op) runs its loop with attempts = 3.
func (m *model) BoundInit(fi *funcInfo) env {
	var init env
	for v, e := range m.Xbind {
		if !fi.Tracked[v] {
			continue
		}
		c := m.info.Types[e].Value
		if c == nil {
			continue
		}
		switch c.Kind() {
		case constant.Int:
			if n, ok := constant.Int64Val(c); ok {
				init = init.Set(v, intVal(n))
			}
		case constant.Bool:
			init = init.Set(v, boolVal(constant.BoolVal(c)))
		}
	}
	return init
}

// runsBound reports whether the site's operation is a call of one of
// the bound func parameters, or a call that is handed one (a wrapper
// that recovers a panic): the helper retries what the caller passes.
func runsBound(info *types.Info, s *Site, bound map[*types.Var]bool) bool {
	for _, op := range s.Ops {
		if usesBound(info, op.Call, bound, false) {
			return true
		}
	}
	return false
}

// usesBound reports whether call calls a bound func parameter or passes
// one as an argument; deep: or in a function literal it is passed
// (func(ctx) error { return op(ctx) }).
func usesBound(info *types.Info, call *ast.CallExpr, bound map[*types.Var]bool, deep bool) bool {
	is := func(x ast.Expr) bool {
		if ix, ok := ast.Unparen(x).(*ast.IndexExpr); ok { // a generic func value
			x = ix.X
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		v, _ := info.Uses[id].(*types.Var)
		return ok && bound[v]
	}
	if is(call.Fun) {
		return true
	}
	for _, a := range call.Args {
		if is(a) {
			return true
		}
		if fl, ok := ast.Unparen(a).(*ast.FuncLit); ok && deep {
			found := false
			ast.Inspect(fl.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && usesBound(info, c, bound, false) {
					found = true
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// forwardSite makes call a site of the helper that the helper decl,
// which has no retry loop of its own, hands one of its bound func
// values to (directly or wrapped in a function literal), outside any
// loop of its (a helper run per item is no retry): Retry(ctx, op, opts...)
// { RetryWithResult(ctx, func(ctx) (T, error) { return op(ctx) }, opts...) }.
// The site is the innermost helper's, at call.
func (caller *model) forwardSite(xp *xpkg, cm *model, call *ast.CallExpr, decl *ast.FuncDecl, bound map[*types.Var]bool, depth int) *Site {
	var fwd *ast.CallExpr
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fwd == nil && usesBound(cm.info, n, bound, true) && !bound[typesx.VarOf(cm.info, n.Fun)] {
				fwd = n
			}
		}
		return fwd == nil
	})
	if fwd == nil {
		return nil
	}
	fn := typesx.Callee(cm.info, fwd)
	if fn == nil || fn.Pkg() == nil || !fn.Pos().IsValid() {
		return nil
	}
	inner := caller.helperSite(xp, fn.Origin(), fwd, depth+1)
	if inner == nil {
		return nil
	}
	s := *inner
	s.Node, s.Pos = call, call.Pos()
	if s.Timeouts != nil && s.Timeouts.Pos == fwd.Pos() {
		t := *s.Timeouts
		t.Pos = call.Pos()
		s.Timeouts = &t
	}
	return &s
}

// methodOf returns the declaration of a method and the model that reads
// it: the package's own model for a method of the package; for a method
// of a type of another package of the module, that package's model from
// its source (loaded as a helper's is, under the same caps and cache),
// so that the wait interpreter runs a backoff object of another package
// (waits_state.go). nil when the source cannot be read.
func (m *model) methodOf(fn *types.Func) (*ast.FuncDecl, *model) {
	if fn == nil || fn.Pkg() == nil {
		return nil, nil
	}
	fn = fn.Origin()
	if fn.Pkg() == m.pkg {
		return m.FuncDecl(fn), m
	}
	if m.srcOf != nil && fn.Pkg() == m.srcOf.Pkg {
		// A model of another package's source: its own functions.
		if d := m.srcOf.DeclOf(fn); d != nil {
			return d, m
		}
		return nil, nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) || !m.moduleObj(fn, true) {
		return nil, nil // an interface's method has no body to read
	}
	xp := m.xpkgs().MethodSource(m.analysed(), fn, m.srcModel)
	if xp == nil {
		return nil, nil
	}
	d := xp.DeclOf(fn)
	if d == nil {
		return nil, nil
	}
	return d, xp.M
}

// moduleObj reports whether obj is declared in another package of the
// analysed package's module, in a file the loader could read (with deps,
// or of a small package of a dependency: modsrc's InModule): the check
// made before anything is loaded.
func (m *model) moduleObj(obj types.Object, deps bool) bool {
	if obj.Pkg() == nil || obj.Pkg() == m.pkg || !obj.Pos().IsValid() {
		return false
	}
	if m.srcOf != nil && obj.Pkg() == m.srcOf.Pkg {
		return true
	}
	return m.xpkgs().InModule(m.pass.Fset, obj, deps)
}
