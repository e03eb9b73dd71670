package retrysite

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/tracker"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// The model as the value interpreter sees it (interp.Host): what
// discovery and the library readers answer for it. HeldFuncLit,
// OnlyFuncLit and LitIsIntegration are in forms.go and funclits.go,
// IsIntegration and FuncIsIntegration in integration.go, BoundInit in
// xpkg.go.

// IntValue returns the integer x evaluates to (libsite/libbounds.go).
func (m *model) IntValue(x ast.Expr) (int64, bool) { return m.libs().IntValue(x) }

// CancelOnlyCtx reports whether the context of call can only be
// cancelled (notretry/precision.go).
func (m *model) CancelOnlyCtx(body *ast.BlockStmt, call *ast.CallExpr) bool {
	return m.Rules().CancelOnlyCtx(body, call)
}

// MethodSyntax returns the declaration of fn, a function of the package
// or of another package of the module: the package's own, the source
// package's (a model reading another package), or else the declaration
// in fn's file parsed alone, whose syntax only the caller reads
// (modsrc's DeclAlone: no package is loaded). nil otherwise.
func (m *model) MethodSyntax(fn *types.Func) *ast.FuncDecl {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == m.pkg {
		return m.FuncDecl(fn)
	}
	if m.srcOf != nil {
		return m.srcOf.DeclOf(fn)
	}
	if !m.moduleObj(fn, false) {
		return nil
	}
	return m.xpkgs().DeclAlone(m.pass.Fset, fn)
}

// TrackerMethod returns the method of the one concrete type a local
// tracker holds that an interface method call on it runs (package
// tracker's Method), cached by local.
func (m *model) TrackerMethod(call *ast.CallExpr) *types.Func {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, _ := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
	if v != nil && m.trackerImpls != nil {
		fn, ok := m.trackerImpls[v]
		if !ok {
			fn = tracker.Method(m.pass, m.info, m.pkg, m, call)
			m.trackerImpls[v] = fn
		}
		if fn != nil {
			return fn
		}
	}
	// The one type of the package or module its expressions hold
	// that implements the interface (xpkg.go): the package's default
	// (var DefaultPolicy Policy = &GenericPolicy{...}) is what the
	// model judges, whatever a caller may put in its place.
	fn, _ := m.info.Uses[sel.Sel].(*types.Func)
	if fn == nil {
		return nil
	}
	if impl := m.defaultImpl(sel.X, fn); impl != nil {
		return impl
	}
	if impl := m.soleImplementation(fn); impl != nil && impl != fn && impl.Pkg() == m.pkg {
		return impl
	}
	return nil
}

// An interface value kept in a field (c.config.RateLimiter, read
// directly or through a getter that returns it) holds what the package
// stores there when the user gives nothing: `if c.RateLimiter == nil {
// c.RateLimiter = NewRateLimiter(opts...) }`, a constructor whose every
// return is of one concrete type. Its method is the one the call runs
// by default (the user's own aside: the package doc's "defaults where
// they are filled").

// defaultImpl returns the method fn of the one concrete type the package
// stores in the field recv reads, or nil.
func (m *model) defaultImpl(recv ast.Expr, fn *types.Func) *types.Func {
	f := m.heldField(recv, 0)
	if f == nil || !m.IndexedVar(f) {
		return nil
	}
	var t types.Type
	for _, w := range m.ValueIndexOf().Writes[f] {
		if w.Zero {
			continue
		}
		if w.X == nil {
			return nil
		}
		if m.UserValue(w.X, 0) {
			continue // the user's: any implementation
		}
		ct := m.concreteOf(w.X)
		if ct == nil || t != nil && !types.Identical(t, ct) {
			return nil
		}
		t = ct
	}
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, m.pkg, fn.Name())
	impl, _ := obj.(*types.Func)
	if impl == nil || impl.Pkg() != m.pkg || m.FuncDecl(impl) == nil {
		return nil
	}
	return impl
}

// heldField returns the field x reads: a selector of it, or a call of a
// getter of the package whose whole body returns one.
func (m *model) heldField(x ast.Expr, depth int) *types.Var {
	switch y := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		if v, ok := m.info.Uses[y.Sel].(*types.Var); ok && v.IsField() {
			return v
		}
	case *ast.CallExpr:
		if len(y.Args) != 0 || depth > 0 {
			return nil
		}
		fn := typesx.Callee(m.info, y)
		if fn == nil || fn.Pkg() != m.pkg {
			return nil
		}
		d := m.FuncDecl(fn)
		if d == nil || d.Body == nil || len(d.Body.List) != 1 {
			return nil
		}
		if r, ok := d.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			return m.heldField(r.Results[0], depth+1)
		}
	}
	return nil
}

// concreteOf returns the concrete type of x: its own, or, for a call of
// a constructor of the package that returns an interface, the one type
// every return of its body gives; nil otherwise.
func (m *model) concreteOf(x ast.Expr) types.Type {
	if t := m.info.TypeOf(x); t != nil && !types.IsInterface(t) {
		return t
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() != m.pkg {
		return nil
	}
	d := m.FuncDecl(fn)
	if d == nil || d.Body == nil {
		return nil
	}
	var ct types.Type
	ok = true
	typesx.InspectNoLits(d.Body, func(n ast.Node) bool {
		r, isRet := n.(*ast.ReturnStmt)
		if !isRet || !ok {
			return ok
		}
		var rt types.Type
		if len(r.Results) > 0 {
			rt = m.info.TypeOf(r.Results[0])
		}
		if rt == nil || types.IsInterface(rt) || ct != nil && !types.Identical(ct, rt) {
			ok = false
		}
		ct = rt
		return false
	})
	if !ok {
		return nil
	}
	return ct
}

// Decider returns the graph of the decider call runs (decider.go), or
// nil.
func (m *model) Decider(call *ast.CallExpr) (fi *funcInfo, stateless bool) {
	defer func() {
		if recover() != nil { // another package's source (deciderOf)
			fi, stateless = nil, false
		}
	}()
	d := m.deciderOf(call)
	if d == nil {
		return nil, false
	}
	return d.m.FuncInfo(d.lit.Body, d.lit.Type), d.stateless()
}

// ValueFunc returns the one declared function of the package a call of
// a func value may run (valueindex's FuncValueTargets: a predicate field
// its constructor defaults, the user's values left out), or nil.
func (m *model) ValueFunc(call *ast.CallExpr) *types.Func {
	ts, ok := m.FuncValueTargets(call.Fun)
	if !ok || len(ts) != 1 || ts[0].Decl == nil {
		return nil
	}
	fn, _ := m.info.Defs[ts[0].Decl.Name].(*types.Func)
	return fn
}

// ValueLit returns the one function literal a call of a func value may
// run (valueindex's FuncValueTargets: a predicate field whose package
// default is a literal held in a package variable), or nil; nil too when
// the package also stores the user's func there (a setter's argument).
func (m *model) ValueLit(call *ast.CallExpr) *ast.FuncLit {
	if v, _ := m.info.Uses[typesx.NameIdent(call.Fun)].(*types.Var); v != nil && m.IndexedVar(v) && m.UserWritten(v) {
		return nil // a setter's: the user's func may be anything
	}
	ts, ok := m.FuncValueTargets(call.Fun)
	if !ok || len(ts) != 1 {
		return nil
	}
	return ts[0].Lit
}

// SourceFunc returns the graph of the body of fn, a function of another
// package of the module or of a small package of a dependency, read from
// its source by that package's model (methodOf, xpkg.go), or nil.
func (m *model) SourceFunc(fn *types.Func) *funcInfo {
	if fn.Pkg() == nil || !strings.Contains(strings.Split(fn.Pkg().Path(), "/")[0], ".") {
		return nil // the standard library
	}
	decl, xm := m.methodOf(fn)
	if decl == nil || decl.Body == nil || xm == nil || xm == m {
		return nil
	}
	return xm.FuncInfo(decl.Body, decl.Type)
}
