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
// caller's arguments bound to its parameters. A dependency's helper is
// not linted with the project, so its waits are reported at the call.
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
	if call.Ellipsis.IsValid() || !m.passesFuncValue(call) {
		return nil // most calls: no callee lookup
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == m.pkg || call.Ellipsis.IsValid() {
		return nil
	}
	fn = fn.Origin()
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() || len(call.Args) != sig.Params().Len() {
		return nil
	}
	// Only a call that passes a func value the package shows: the
	// helper runs it.
	passes := false
	for i, a := range call.Args {
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
	x := m.xpkgs()
	if x.Calls >= modsrc.MaxCalls {
		return nil
	}
	xp := x.Load(m.analysed(), fn, m.srcModel)
	if xp == nil {
		return nil
	}
	decl := xp.Decls[modsrc.Key(fn)]
	if decl == nil || decl.Body == nil {
		return nil
	}
	x.Calls++
	// The mixed type information is new ground for the model: a gap in
	// it is a call the model cannot follow, never a failed analysis.
	defer func() {
		if recover() != nil {
			site = nil
		}
	}()
	return bindCall(xp, m, call, decl)
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
// it finds into a site of the call.
func bindCall(xp *xpkg, caller *model, call *ast.CallExpr, decl *ast.FuncDecl) *Site {
	cm := *xp.M
	cm.Infos = make(map[*ast.BlockStmt]*funcInfo)
	cm.integ = make(map[*types.Func]bool)
	cm.funcLits = make(map[*types.Var]*ast.FuncLit)
	cm.trackerImpls = make(map[*types.Var]*types.Func)
	cm.funcTypes = make(map[*types.Named]int8)
	cm.Defs = nil
	cm.Xbind = make(map[*types.Var]ast.Expr)
	cm.rebindDescribers()
	bound := make(map[*types.Var]bool)
	fnObj, _ := cm.info.Defs[decl.Name].(*types.Func)
	if fnObj == nil {
		return nil
	}
	params := fnObj.Type().(*types.Signature).Params()
	if params.Len() != len(call.Args) {
		return nil
	}
	for i, a := range call.Args {
		p := params.At(i)
		cm.Xbind[p] = a
		if _, isFunc := p.Type().Underlying().(*types.Signature); isFunc {
			bound[p] = true
		}
	}
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
		return nil
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
	// Waits written in the helper are the helper's own, reported in its
	// package; a finding here may only point into the caller's files.
	s.Waits, s.WaitsKnown = helper.Waits, helper.WaitsKnown
	inCaller := caller.inFiles
	var waits []*Wait
	for _, w := range helper.Waits {
		if inCaller(w.Pos) {
			waits = append(waits, w)
		} else if cw := caller.closureWait(&cm, decl, w); cw != nil {
			waits = append(waits, cw) // xpkg_waits.go
		} else if xp.Dep {
			// A dependency's helper is linted with no package of the
			// project: its wait is the call's.
			cw := *w
			cw.Pos, cw.Expr, cw.Setting, cw.DefaultPos = call.Pos(), nil, nil, token.NoPos
			waits = append(waits, &cw)
		}
	}
	s.Waits = waits
	if len(waits) == 0 && len(helper.Waits) > 0 {
		s.WaitsKnown = false
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

// boundInit gives the helper's integer and boolean parameters the
// caller's constant arguments: Do(3, op) runs its loop with attempts = 3.
func (m *model) boundInit(fi *funcInfo) env {
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
// the bound func parameters: the helper retries what the caller passes.
func runsBound(info *types.Info, s *Site, bound map[*types.Var]bool) bool {
	for _, op := range s.Ops {
		var id *ast.Ident
		switch f := ast.Unparen(op.Call.Fun).(type) {
		case *ast.Ident:
			id = f
		case *ast.IndexExpr: // a generic func value
			id, _ = f.X.(*ast.Ident)
		}
		if id != nil {
			if v, ok := info.Uses[id].(*types.Var); ok && bound[v] {
				return true
			}
		}
	}
	return false
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
	if m.srcOf != nil {
		// A model of another package's source: its own functions.
		if d := m.srcOf.DeclOf(fn); d != nil {
			return d, m
		}
		return nil, nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || !m.moduleObj(fn) {
		return nil, nil
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
// analysed package's module, in a file the loader could read: the check
// made before anything is loaded.
func (m *model) moduleObj(obj types.Object) bool {
	if obj.Pkg() == nil || obj.Pkg() == m.pkg || !obj.Pos().IsValid() {
		return false
	}
	if m.srcOf != nil {
		return obj.Pkg() == m.srcOf.Pkg
	}
	return m.xpkgs().InModule(m.pass.Fset, obj)
}
