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
// FuncIsIntegration in integration.go.

// IsIntegration reports whether call may cross an integration boundary
// (isIntegration, integration.go).
func (m *model) IsIntegration(call *ast.CallExpr) bool { return m.isIntegration(call) }

// IntValue returns the integer x evaluates to (libsite/libbounds.go).
func (m *model) IntValue(x ast.Expr) (int64, bool) { return m.libs().IntValue(x) }

// CancelOnlyCtx reports whether the context of call can only be
// cancelled (notretry/precision.go).
func (m *model) CancelOnlyCtx(body *ast.BlockStmt, call *ast.CallExpr) bool {
	return m.Rules().CancelOnlyCtx(body, call)
}

// BoundInit returns the values the parameters of another package's
// helper are bound to (boundInit, xpkg.go).
func (m *model) BoundInit(fi *funcInfo) env { return m.boundInit(fi) }

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
	if impl := m.soleImplementation(fn); impl != nil && impl != fn && impl.Pkg() == m.pkg {
		return impl
	}
	return nil
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
