package retrysite

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/build"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// This file follows calls into other packages of the same module, from
// their source, without facts (doc.go, "Across packages"): a call
// internal.Retry(ctx, opFn, next) of a retry helper written in another
// package of the module is a retry site of the caller, whose loop is the
// helper's loop with the caller's arguments bound to its parameters.
//
// The helper's package is parsed and type-checked on demand, only when a
// call passes a func value to a function of a package of the same
// module; its imports are the *types.Package objects the analysed
// package already reaches (export data the driver loaded), and an import
// it does not reach is an error the check tolerates. Everything is
// cached on the pass's model, nothing globally; a file that cannot be
// found, read or parsed (a sandbox without the sources, a path export
// data recorded relative to a build root) leaves the call unknown, as
// before.

const (
	// maxXpkgPackages is the most packages of the module one pass
	// loads from source.
	maxXpkgPackages = 4
	// maxXpkgCalls is the most calls one pass studies through another
	// package's source.
	maxXpkgCalls = 64
)

// xpkgState is the per-pass state of cross-package following.
type xpkgState struct {
	// mods caches the module of each directory: its root and path
	// ("" when none).
	mods map[string]modDir
	// pkgs caches loaded packages by path (nil: could not load).
	pkgs map[string]*xpkg
	// reach are the packages the analysed package reaches through its
	// imports, by path.
	reach map[string]*types.Package
	// self is the module of the analysed package.
	self  modDir
	calls int
	// loaded counts the packages type-checked.
	loaded int
	// files caches parsed files by name (nil: could not parse).
	files map[string]*ast.File
}

type modDir struct{ root, path string }

// xpkg is one package of the module, parsed and type-checked from its
// source, with a model whose type information holds both the analysed
// package's and its own.
type xpkg struct {
	m     *model
	pkg   *types.Package           // as checked from source
	decls map[string]*ast.FuncDecl // "Name" or "Recv.Name"
	insp  *inspector.Inspector
}

// crossPackageSites returns a site for each call, in the analysed
// package's files (generated and test files aside), of a function of
// another package of the same module whose body holds a retry of one of
// its func parameters.
func (m *model) crossPackageSites(files []*ast.File, skip map[*ast.File]bool, known []*Site) []*Site {
	isSite := make(map[ast.Node]bool)
	for _, s := range known {
		isSite[s.Node] = true // a library entry, a same-package helper call
	}
	var sites []*Site
	for _, f := range files {
		if skip[f] {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || isSite[call] {
				return true
			}
			if s := m.crossPackageCall(call); s != nil {
				sites = append(sites, s)
			}
			return true
		})
	}
	return sites
}

// crossPackageCall studies one call; see crossPackageSites.
func (m *model) crossPackageCall(call *ast.CallExpr) (site *Site) {
	fn := typeutilCallee(m.info, call)
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
	if x.calls >= maxXpkgCalls {
		return nil
	}
	xp := x.load(m, fn)
	if xp == nil {
		return nil
	}
	key := fn.Name()
	if recv := sig.Recv(); recv != nil {
		key = recvName(recv.Type()) + "." + key
	}
	decl := xp.decls[key]
	if decl == nil || decl.Body == nil {
		return nil
	}
	x.calls++
	// The mixed type information is new ground for the model: a gap in
	// it is a call the model cannot follow, never a failed analysis.
	defer func() {
		if recover() != nil {
			site = nil
		}
	}()
	return xp.bindCall(m, call, decl)
}

// bindCall runs the hand-written site discovery on the helper's body
// with the call's arguments bound to its parameters, and turns the loop
// it finds into a site of the call.
func (xp *xpkg) bindCall(caller *model, call *ast.CallExpr, decl *ast.FuncDecl) *Site {
	cm := *xp.m
	cm.Infos = make(map[*ast.BlockStmt]*funcInfo)
	cm.integ = make(map[*types.Func]bool)
	cm.funcLits = make(map[*types.Var]*ast.FuncLit)
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
	cur, ok := xp.insp.Root().FindNode(decl)
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
	// the helper's bound unknown already (countsOutside, loops.go).
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
	inCaller := func(p token.Pos) bool {
		for _, f := range caller.pass.Files {
			if f.FileStart <= p && p <= f.FileEnd {
				return true
			}
		}
		return false
	}
	var waits []*Wait
	for _, w := range helper.Waits {
		if inCaller(w.Pos) {
			waits = append(waits, w)
		} else if cw := caller.closureWait(&cm, decl, w); cw != nil {
			waits = append(waits, cw) // xpkg_waits.go
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

// countsOutside reports whether a loop's operation is a function
// literal that counts in a variable declared outside it and tests that
// variable in a condition (n++; if n == 3 { return nil }): its outcome
// may end the loop after a count the model does not run across calls of
// the literal, so a loop that looks unbounded is unknown. One guard for
// a same-package helper given the literal (funcvals.go) and another
// package's helper bound to it (bindCall): both reach the literal through
// funcTargets. A captured variable the literal only writes or logs counts
// nothing that ends the loop.
func (m *model) countsOutside(ops []*Op) bool {
	for _, op := range ops {
		if op.Call == nil {
			continue
		}
		ts, _ := m.FuncValueTargets(op.Call.Fun)
		for _, t := range ts {
			if t.Lit != nil && litReturnsError(m.info, t.Lit) && m.litCountsOutside(t.Lit) {
				return true
			}
		}
	}
	return false
}

// litCountsOutside reports whether lit writes a variable declared
// outside it and reads it in a condition of its own.
func (m *model) litCountsOutside(lit *ast.FuncLit) bool {
	outer := func(x ast.Expr) *types.Var {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return nil
		}
		if v, ok := m.info.Uses[id].(*types.Var); ok && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
			return v
		}
		return nil
	}
	written := make(map[*types.Var]bool)
	var conds []ast.Expr
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if v := outer(l); v != nil {
					written[v] = true
				}
			}
		case *ast.IncDecStmt:
			if v := outer(n.X); v != nil {
				written[v] = true
			}
		case *ast.IfStmt:
			// A condition that may end the loop decides a return of
			// the literal (if n == 3 { return nil }); one that only
			// changes what the next call does (if url != "" { url = ""
			// }) counts nothing.
			if returnsIn(n.Body) || n.Else != nil && returnsIn(n.Else) {
				conds = append(conds, n.Cond)
			}
		case *ast.ForStmt:
			if n.Cond != nil {
				conds = append(conds, n.Cond)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && returnsIn(n.Body) {
				conds = append(conds, n.Tag)
			}
		case *ast.CaseClause:
			if returnsIn(&ast.BlockStmt{List: n.Body}) {
				conds = append(conds, n.List...)
			}
		}
		return true
	})
	if len(written) == 0 {
		return false
	}
	for _, c := range conds {
		var found *types.Var
		ast.Inspect(c, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := m.info.Uses[id].(*types.Var); ok && written[v] {
					found = v
				}
			}
			return found == nil
		})
		if found != nil && !m.disarmedCountdown(lit, found) {
			return true
		}
	}
	return false
}

// disarmedCountdown reports whether v, a variable written by lit and
// declared outside it, is a countdown that by default never runs out: the
// literal only decrements it under `if v > 0` and only tests it with
// `v == 0` or `v > 0`, and outside the literal v is set only by
//
//	if opt == nil { v = -1 } else { v = int(*opt) }
//
// (after a bare declaration) with opt an option the package never sets
// (a field whose only writes leave it nil, or copy another such field):
// at its default, -1, the count stays below zero and ends nothing, the
// way pulsar's MaxReconnectToBroker means "forever" when unset.
func (m *model) disarmedCountdown(lit *ast.FuncLit, v *types.Var) bool {
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && m.info.ObjectOf(id) == v
	}
	isCmp := func(x ast.Expr, op token.Token, val int64) bool {
		b, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok || b.Op != op || !is(b.X) {
			return false
		}
		c := m.info.Types[b.Y].Value
		if c == nil || c.Kind() != constant.Int {
			return false
		}
		n, exact := constant.Int64Val(c)
		return exact && n == val
	}
	// Inside the literal.
	ok := true
	var guards []*ast.IfStmt
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if isCmp(n.Cond, token.GTR, 0) {
				guards = append(guards, n)
			}
		case *ast.IncDecStmt:
			if is(n.X) && n.Tok != token.DEC {
				ok = false
			}
			if is(n.X) {
				inGuard := false
				for _, g := range guards {
					if g.Body.Pos() <= n.Pos() && n.End() <= g.Body.End() {
						inGuard = true
					}
				}
				ok = ok && inGuard
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if is(l) {
					ok = false
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				ok = false
			}
		case *ast.Ident:
			// Every read is a test against 0 (checked below) or the
			// decrement.
		}
		return ok
	})
	if !ok {
		return false
	}
	var reads int
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if isCmp(n, token.EQL, 0) || isCmp(n, token.GTR, 0) {
				reads++
				return false
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				reads++
				return false
			}
		case *ast.Ident:
			if m.info.Uses[n] == v {
				ok = false
			}
		}
		return ok
	})
	if !ok || reads == 0 {
		return false
	}
	// Outside the literal, in the function that declares v.
	var scope *ast.BlockStmt
	for _, d := range m.Decls() {
		if d.Body != nil && d.Body.Pos() <= lit.Pos() && lit.End() <= d.Body.End() {
			scope = d.Body
		}
	}
	if scope == nil || v.Pos() < scope.Pos() || v.Pos() >= scope.End() {
		return false
	}
	var sel *ast.IfStmt
	ast.Inspect(scope, func(n ast.Node) bool {
		if !ok || n == lit {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if sel == nil && m.optionDefault(n, is) {
				sel = n
				return false
			}
		case *ast.ValueSpec:
			for _, name := range n.Names {
				if m.info.Defs[name] == v && len(n.Values) != 0 {
					ok = false
				}
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if is(l) {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				ok = false
			}
		}
		return ok
	})
	return ok && sel != nil
}

// optionDefault reports whether s is `if opt == nil { v = C } else { v =
// E }` with C a negative constant and opt an option field the package
// leaves nil by default.
func (m *model) optionDefault(s *ast.IfStmt, is func(ast.Expr) bool) bool {
	cmp, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || cmp.Op != token.EQL || s.Init != nil || !m.info.Types[cmp.Y].IsNil() || !m.leftNil(cmp.X, 0) {
		return false
	}
	one := func(list []ast.Stmt) (*ast.AssignStmt, bool) {
		if len(list) != 1 {
			return nil, false
		}
		a, ok := list[0].(*ast.AssignStmt)
		if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 || !is(a.Lhs[0]) {
			return nil, false
		}
		return a, true
	}
	a, ok := one(s.Body.List)
	if !ok {
		return false
	}
	c := m.info.Types[a.Rhs[0]].Value
	if c == nil || c.Kind() != constant.Int || constant.Sign(c) >= 0 {
		return false
	}
	e, ok := s.Else.(*ast.BlockStmt)
	if !ok {
		return false
	}
	_, ok = one(e.List)
	return ok
}

// leftNil reports whether x, a field, is nil unless the package's user
// sets it: every write the package makes leaves it nil or copies another
// such field.
func (m *model) leftNil(x ast.Expr, depth int) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok || depth > 2 {
		return false
	}
	f, _ := m.info.Uses[sel.Sel].(*types.Var)
	if f == nil || !f.IsField() {
		return false
	}
	ws, ok := m.ReachingWrites(f)
	if !ok {
		return false
	}
	for _, w := range ws {
		switch {
		case w.Zero:
		case w.X != nil && m.info.Types[w.X].IsNil():
		case w.X != nil && m.leftNil(w.X, depth+1):
		default:
			return false
		}
	}
	return true
}

// returnsIn reports whether n holds a return statement of its own
// function (function literals inside aside).
func returnsIn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

func litReturnsError(info *types.Info, lit *ast.FuncLit) bool {
	sig, ok := info.TypeOf(lit).(*types.Signature)
	if !ok {
		return true
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if isErrorType(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
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

// recvName names a receiver's base type.
func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Obj().Name()
	}
	return ""
}

// xpkgs returns the pass's cross-package state.
func (m *model) xpkgs() *xpkgState {
	if m.x == nil {
		m.x = &xpkgState{mods: make(map[string]modDir), pkgs: make(map[string]*xpkg), files: make(map[string]*ast.File)}
		if len(m.pass.Files) > 0 {
			m.x.self = m.x.moduleOf(filepath.Dir(m.pass.Fset.File(m.pass.Files[0].Pos()).Name()), m.pkg.Path())
		}
	}
	return m.x
}

// moduleOf returns the module that holds dir, a directory of the
// package pkgPath: the nearest go.mod above it whose module path is a
// prefix of pkgPath. Without one (or when it cannot be read), none.
func (x *xpkgState) moduleOf(dir, pkgPath string) modDir {
	if !filepath.IsAbs(dir) {
		return modDir{}
	}
	for d := dir; ; {
		md, ok := x.mods[d]
		if !ok {
			md = modDir{}
			if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
				md = modDir{root: d, path: modulePath(data)}
			}
			x.mods[d] = md
		}
		if md.root != "" {
			if md.path != "" && (pkgPath == md.path || strings.HasPrefix(pkgPath, md.path+"/")) {
				return md
			}
			return modDir{}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return modDir{}
		}
		d = parent
	}
}

// modulePath reads the module path of a go.mod file.
func modulePath(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '"') {
			p := strings.TrimSpace(rest)
			if i := strings.Index(p, "//"); i >= 0 {
				p = strings.TrimSpace(p[:i])
			}
			return strings.Trim(p, "\"`")
		}
	}
	return ""
}

// load returns fn's package parsed and type-checked from source, when
// it is a package of the analysed package's module, other than it.
func (x *xpkgState) load(m *model, fn *types.Func) *xpkg {
	path := fn.Pkg().Path()
	if xp, ok := x.pkgs[path]; ok {
		return xp
	}
	x.pkgs[path] = nil
	if x.self.root == "" || !fn.Pos().IsValid() {
		return nil
	}
	file := m.pass.Fset.Position(fn.Pos()).Filename
	dir := filepath.Dir(file)
	if !filepath.IsAbs(file) || x.moduleOf(dir, path) != x.self {
		return nil
	}
	if !x.mayRetryParam(m.pass.Fset, fn) {
		// Not a loop over a func parameter: nothing to follow, and the
		// package need not be type-checked (another call may still
		// load it).
		delete(x.pkgs, path)
		return nil
	}
	return x.loadDir(m, path, fn.Pkg().Name(), dir)
}

// loadDir parses and type-checks the package path, named pkgName, from the
// .go files of dir (see load); nil when it cannot. The caller has
// checked that dir is a directory of the analysed package's module.
func (x *xpkgState) loadDir(m *model, path, pkgName, dir string) *xpkg {
	if x.loaded >= maxXpkgPackages {
		return nil
	}
	x.loaded++
	if x.reach == nil {
		x.reach = make(map[string]*types.Package)
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			for _, q := range p.Imports() {
				if _, ok := x.reach[q.Path()]; !ok {
					x.reach[q.Path()] = q
					walk(q)
				}
			}
		}
		walk(m.pkg)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f := x.parse(m.pass.Fset, filepath.Join(dir, name))
		if f == nil {
			// A file that does not parse: its declarations are not
			// all seen, and the package is not followed.
			return nil
		}
		if f.Name.Name != pkgName {
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil
	}
	// The analysed package's type information, and the helper's next to
	// it: the model runs the helper's body and the caller's function
	// literals bound to its parameters together.
	src := m.info
	info := &types.Info{
		Types:        maps.Clone(src.Types),
		Defs:         maps.Clone(src.Defs),
		Uses:         maps.Clone(src.Uses),
		Implicits:    maps.Clone(src.Implicits),
		Selections:   maps.Clone(src.Selections),
		Scopes:       maps.Clone(src.Scopes),
		Instances:    maps.Clone(src.Instances),
		FileVersions: maps.Clone(src.FileVersions),
	}
	if info.Types == nil {
		info.Types = make(map[ast.Expr]types.TypeAndValue)
	}
	for _, mp := range []any{&info.Defs, &info.Uses} {
		if p := mp.(*map[*ast.Ident]types.Object); *p == nil {
			*p = make(map[*ast.Ident]types.Object)
		}
	}
	if info.Selections == nil {
		info.Selections = make(map[*ast.SelectorExpr]*types.Selection)
	}
	if info.Implicits == nil {
		info.Implicits = make(map[ast.Node]types.Object)
	}
	if info.Scopes == nil {
		info.Scopes = make(map[ast.Node]*types.Scope)
	}
	if info.Instances == nil {
		info.Instances = make(map[*ast.Ident]types.Instance)
	}
	conf := types.Config{
		Importer:    importerFunc(func(p string) (*types.Package, error) { return x.importPkg(p) }),
		Error:       func(error) {}, // unreachable imports: keep checking
		FakeImportC: true,
		Sizes:       m.pass.TypesSizes,
		GoVersion:   m.pkg.GoVersion(),
	}
	pkg, _ := conf.Check(path, m.pass.Fset, files, info)
	if pkg == nil {
		return nil
	}
	xm := *m
	xm.info = info
	xm.x = nil
	xm.Infos = nil
	xm.Vx = m.Vx
	xp := &xpkg{m: &xm, pkg: pkg, decls: make(map[string]*ast.FuncDecl), insp: inspector.New(files)}
	xm.srcOf = xp
	xm.rebindDescribers()
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			key := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				obj, _ := info.Defs[fd.Name].(*types.Func)
				if obj == nil {
					continue
				}
				key = recvName(obj.Type().(*types.Signature).Recv().Type()) + "." + key
			}
			xp.decls[key] = fd
		}
	}
	x.pkgs[path] = xp
	return xp
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
		if d := m.srcOf.declOf(fn); d != nil {
			return d, m
		}
		return nil, nil
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || !m.moduleObj(fn) {
		return nil, nil
	}
	x := m.xpkgs()
	path := fn.Pkg().Path()
	xp, ok := x.pkgs[path]
	if !ok {
		xp = x.loadDir(m, path, fn.Pkg().Name(), filepath.Dir(m.pass.Fset.Position(fn.Pos()).Filename))
		x.pkgs[path] = xp
	}
	if xp == nil {
		return nil, nil
	}
	d := xp.declOf(fn)
	if d == nil {
		return nil, nil
	}
	return d, xp.m
}

// declOf returns the declaration in this source package of fn, a
// function of the same package as the analysed package sees it (export
// data) or as the source check does.
func (xp *xpkg) declOf(fn *types.Func) *ast.FuncDecl {
	key := fn.Name()
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		key = recvName(sig.Recv().Type()) + "." + key
	}
	d := xp.decls[key]
	if d == nil {
		return nil
	}
	if obj, _ := xp.m.info.Defs[d.Name].(*types.Func); obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != fn.Pkg().Path() {
		return nil
	}
	return d
}

// moduleObj reports whether obj is declared in another package of the
// analysed package's module, in a file the loader could read: the check
// made before anything is loaded.
func (m *model) moduleObj(obj types.Object) bool {
	if obj.Pkg() == nil || obj.Pkg() == m.pkg || !obj.Pos().IsValid() {
		return false
	}
	if m.srcOf != nil {
		return obj.Pkg() == m.srcOf.pkg
	}
	x := m.xpkgs()
	if x.self.root == "" {
		return false
	}
	file := m.pass.Fset.Position(obj.Pos()).Filename
	return filepath.IsAbs(file) && x.moduleOf(filepath.Dir(file), obj.Pkg().Path()) == x.self
}

// parse parses a file once per pass.
func (x *xpkgState) parse(fset *token.FileSet, name string) *ast.File {
	if f, ok := x.files[name]; ok {
		return f
	}
	f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
	if err != nil {
		f = nil
	}
	x.files[name] = f
	return f
}

// mayRetryParam is the cheap test made before a package is loaded: the
// file declaring fn parses, and fn's body calls, inside a for or range
// statement (or in a body with a goto), one of its parameters whose type
// is a func with results (a func whose results nothing can read cannot
// fail: a per-item callback, not an operation).
func (x *xpkgState) mayRetryParam(fset *token.FileSet, fn *types.Func) bool {
	pos := fset.Position(fn.Pos())
	if !filepath.IsAbs(pos.Filename) {
		return false
	}
	f := x.parse(fset, pos.Filename)
	if f == nil {
		return false
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Name.Name != fn.Name() || fset.Position(fd.Name.Pos()).Line != pos.Line {
			continue
		}
		sig := fn.Type().(*types.Signature)
		params := make(map[string]bool)
		for i := 0; i < sig.Params().Len(); i++ {
			p := sig.Params().At(i)
			if ps, ok := p.Type().Underlying().(*types.Signature); ok && ps.Results().Len() > 0 {
				params[p.Name()] = true
			}
		}
		if len(params) == 0 {
			return false
		}
		gotos, inLoop, anywhere := false, false, false
		var loops []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt:
				loops = append(loops, n.Body)
			case *ast.RangeStmt:
				loops = append(loops, n.Body)
			case *ast.BranchStmt:
				gotos = gotos || n.Tok == token.GOTO
			case *ast.CallExpr:
				fun := ast.Unparen(n.Fun)
				if ix, ok := fun.(*ast.IndexExpr); ok {
					fun = ix.X
				}
				if id, ok := fun.(*ast.Ident); ok && params[id.Name] {
					anywhere = true
					for _, l := range loops {
						if l.Pos() <= n.Pos() && n.End() <= l.End() {
							inLoop = true
						}
					}
				}
			}
			return true
		})
		return inLoop || gotos && anywhere
	}
	return false
}

// importPkg imports a package the analysed package reaches.
func (x *xpkgState) importPkg(path string) (*types.Package, error) {
	if p, ok := x.reach[path]; ok {
		return p, nil
	}
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	return nil, errUnreached
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

type xpkgError string

func (e xpkgError) Error() string { return string(e) }

const errUnreached = xpkgError("package not reached by the analysed package's imports")
