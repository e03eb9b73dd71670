package libsite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/ast/inspector"
)

// This file finds library retry sites: calls into a retry library's entry
// points, with the settings that configure them. A library is taught to
// the model once, here (its entry points) and in the aspect files
// (libbounds.go, and the waits, outcomes, timeouts and operations of its
// settings); every rule then sees it.

// EntryRoots returns the expressions whose construction configures an
// entry call (option arguments, a backoff argument, the receiver) and
// the operation arguments (the retried function).
func EntryRoots(e knowledge.Entry, c *ast.CallExpr) (cfg []ast.Expr, ops []ast.Expr) {
	if e.Recv {
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			cfg = append(cfg, sel.X)
		}
	}
	for _, i := range e.Cfg {
		if i < len(c.Args) {
			cfg = append(cfg, c.Args[i])
		}
	}
	if e.CfgFrom >= 0 && e.CfgFrom < len(c.Args) {
		cfg = append(cfg, c.Args[e.CfgFrom:]...)
	}
	if e.Op >= 0 && e.Op < len(c.Args) {
		ops = append(ops, c.Args[e.Op])
	}
	return cfg, ops
}

// mayCallLibrary reports whether call may call a function of a retry
// library: the object its function's identifier uses (the selector's
// name, the one Callee reads through Selections) is of a library
// package.
func (m *Reader) mayCallLibrary(call *ast.CallExpr) bool {
	id := typesx.CalleeIdent(call)
	if id == nil {
		return false
	}
	obj := m.info.Uses[id]
	return obj != nil && m.copies.IsLibrary(obj.Pkg())
}

// ReachesLibrary reports whether pkg depends, directly or through its
// dependencies, on a package of a known library (knowledge's tables):
// only then can a call or a literal of it be a library's. A dependency
// read from export data lists among its imports every package whose
// objects its API shows, so a library type that reaches pkg through
// another package's API (a client a constructor returns) is found too.
// Most packages reach none, and LibrarySites and KeptClientSites need not
// walk them. A copy of a library package under another path
// (knowledge.Copies) counts as the library.
func ReachesLibrary(pkg *types.Package, copies *knowledge.Copies) bool {
	// By import path first: the library itself is a map lookup, and
	// recognising a copy decodes names from export data; most packages
	// that reach a library reach it under its own path.
	var byPath *knowledge.Copies // recognises no copy
	return reaches(pkg, byPath.IsLibrary) || reaches(pkg, copies.IsLibrary)
}

// reaches reports whether is holds for pkg or a package it imports,
// directly or not.
func reaches(pkg *types.Package, is func(*types.Package) bool) bool {
	seen := make(map[*types.Package]bool)
	var reach func(p *types.Package) bool
	reach = func(p *types.Package) bool {
		for _, q := range p.Imports() {
			if seen[q] {
				continue
			}
			seen[q] = true
			if is(q) || reach(q) {
				return true
			}
		}
		return false
	}
	return is(pkg) || reach(pkg)
}

// LibrarySites finds the library retry sites of a file.
func (m *Reader) LibrarySites(fc inspector.Cursor) []*site.Site {
	f := fc.Node().(*ast.File)
	var sites []*site.Site
	var idx *varIndex
	nested := make(map[*ast.CallExpr]bool)
	for cur := range fc.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if !m.mayCallLibrary(call) {
			continue // most calls: one lookup
		}
		fn := typesx.Callee(m.info, call)
		if fn == nil || !m.copies.IsLibrary(fn.Pkg()) {
			continue
		}
		lib, e, ok := m.lookup(fn)
		if !ok {
			continue
		}
		if e.Pace != knowledge.NoPace {
			continue // it paces a hand-written loop (paced.go)
		}
		if (e.Poll || e.StatePoll != nil) && !m.host.PollRetries(call, e) {
			continue // a state poll (polls.go)
		}
		if e.KeptCount && !m.keptClient(call) {
			continue // a local client: its sends are the sites (keptcount.go)
		}
		cfgRoots, opRoots := m.host.OpRoots(e, call)
		if m.pollsThroughLibrary(opRoots) || lib.MarkedPolls && m.pollsThroughMarker(opRoots) {
			continue // a poll until the thing appears (libpoll.go)
		}
		var loopBody *ast.BlockStmt
		if e.LoopCond {
			fs, ok := cur.Parent().Node().(*ast.ForStmt)
			if !ok || ast.Unparen(fs.Cond) != call || m.callsLibMethod(lib, fs.Body, e.LoopResets...) {
				continue
			}
			loopBody = fs.Body
		}
		if nested[call] {
			continue
		}
		if idx == nil {
			idx = m.indexVars(f)
		}
		s := &site.Site{Kind: site.Library, Lib: lib, Node: call, Pos: call.Pos()}
		s.Func, s.FuncType = typesx.EnclosingBody(f, call.Pos())
		c := &collector{m: m, idx: idx, lib: lib, before: call.Pos(), seen: make(map[ast.Node]bool)}
		// The entry call is a setting of its own: AddWithMaxAttempts(r, 0)
		// both is the site and sets its count.
		c.add(fn.Name(), fn, call.Args, call)
		for _, r := range cfgRoots {
			c.collect(r)
		}
		sort.SliceStable(c.settings, func(i, j int) bool { return typesx.PosLess(m.pass.Fset, c.settings[i].Pos, c.settings[j].Pos) })
		s.Settings = c.settings
		s.Opaque = c.opaque
		s.CallerConfig = m.callerConfig(s, c)
		// Entry calls nested in this one's configuration are part of it
		// (retry.AddWithMaxAttempts(retry.NewStandard(), 5)).
		for _, st := range c.settings {
			if ce, ok := st.Node.(*ast.CallExpr); ok {
				nested[ce] = true
			}
		}
		for _, o := range opRoots {
			s.Ops = append(s.Ops, m.libraryOps(o)...)
		}
		if loopBody != nil {
			s.Ops = append(s.Ops, m.loopBodyOps(lib, loopBody)...)
		}
		if lib.ServiceConfig {
			sites = append(sites, m.serviceConfigSites(s)...)
			continue
		}
		if lib.EnabledBy != "" && !m.retriesEnabled(s, lib.EnabledBy) {
			continue
		}
		if m.host.RetriesNothing(s) {
			continue // an empty list of retryable codes (forms.go)
		}
		m.attachLibDetails(s)
		if e.KeptCount {
			keepCountOnly(s) // keptcount.go
		}
		sites = append(sites, s)
	}
	return sites
}

// retriesEnabled reports whether a site of a library whose default is
// no retries retries: the count setting was set to other than zero. A
// count the model cannot see makes it unknown, and an unknown is not a
// site.
func (m *Reader) retriesEnabled(s *site.Site, setting string) bool {
	st := s.Last(setting)
	if st == nil {
		return false
	}
	if v, ok := m.IntValue(st.Arg(0)); ok {
		return v != 0
	}
	return true
}

// varIndex indexes, for one file, what is done to each variable:
// its definitions, its field assignments and the methods called on it.
type varIndex struct {
	defs    map[*types.Var][]ast.Expr
	fields  map[*types.Var][]*ast.AssignStmt
	methods map[*types.Var][]*ast.CallExpr
	appends map[*types.Var][]*ast.CallExpr
	// passed are the calls a pointer reached from the variable is handed
	// to (tune(c), configure(&cfg), wrap(c.HTTPClient)): they may
	// configure it where the collector does not look.
	passed map[*types.Var][]*ast.CallExpr
}

func (m *Reader) indexVars(f *ast.File) *varIndex {
	idx := &varIndex{
		defs:    make(map[*types.Var][]ast.Expr),
		fields:  make(map[*types.Var][]*ast.AssignStmt),
		methods: make(map[*types.Var][]*ast.CallExpr),
		appends: make(map[*types.Var][]*ast.CallExpr),
		passed:  make(map[*types.Var][]*ast.CallExpr),
	}
	// rootVar returns the variable at the root of a selector chain:
	// c for c.HTTPClient.Timeout.
	rootVar := func(x ast.Expr) *types.Var { return typesx.VarOf(m.info, typesx.ChainRoot(m.builderRoot(x), false)) }
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if v := typesx.VarOf(m.info, l); v != nil {
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						rhs = n.Rhs[i]
					} else if len(n.Rhs) == 1 {
						rhs = n.Rhs[0]
					}
					if rhs != nil {
						idx.defs[v] = append(idx.defs[v], rhs)
						if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
							if b, ok := m.info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); ok && b.Name() == "append" {
								idx.appends[v] = append(idx.appends[v], call)
							}
						}
					}
					continue
				}
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					if v := rootVar(sel.X); v != nil {
						idx.fields[v] = append(idx.fields[v], n)
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if v, ok := m.info.Defs[name].(*types.Var); ok && i < len(n.Values) {
					idx.defs[v] = append(idx.defs[v], n.Values[i])
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if _, isMethod := m.info.Selections[sel]; isMethod {
					if v := rootVar(sel.X); v != nil {
						idx.methods[v] = append(idx.methods[v], n)
					}
				}
			}
			for _, a := range n.Args {
				if _, isPtr := types.Unalias(m.info.TypeOf(a)).(*types.Pointer); !isPtr {
					continue
				}
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					a = u.X
				}
				if v := typesx.VarOf(m.info, typesx.ChainRoot(a, false)); v != nil {
					idx.passed[v] = append(idx.passed[v], n)
				}
			}
		}
		return true
	})
	return idx
}

// builderRoot returns the receiver at the start of a builder chain:
// c for c.SetBaseURL(u).SetRetryCount(n), each method returning its
// receiver's type (linodego's configureRetries). Other expressions are
// returned as they are.
func (m *Reader) builderRoot(x ast.Expr) ast.Expr {
	for {
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return x
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return x
		}
		if s, isMethod := m.info.Selections[sel]; !isMethod || s.Kind() != types.MethodVal {
			return x
		}
		rt, ct := m.info.TypeOf(sel.X), m.info.TypeOf(call)
		if rt == nil || ct == nil || !types.Identical(rt, ct) {
			return x
		}
		x = sel.X
	}
}

// collector gathers the settings of a library configuration.
type collector struct {
	m        *Reader
	idx      *varIndex
	lib      *site.Lib
	before   token.Pos
	settings []*site.Setting
	opaque   bool
	// unseen are the variables that made it opaque by having no value
	// in sight (a parameter); other is true when something else did.
	unseen []*types.Var
	other  bool
	seen   map[ast.Node]bool
	depth  int
	// userDefault leaves out the user's values written under an if
	// (keptcount.go).
	userDefault bool
	// userSettings are the writes userDefault left out.
	userSettings []*site.Setting
}

func (c *collector) inLib(pkg *types.Package) bool { return c.m.inLib(c.lib, pkg) }

func (c *collector) add(name string, obj types.Object, args []ast.Expr, node ast.Node) {
	c.settings = append(c.settings, &site.Setting{Name: name, Obj: obj, Args: args, Node: node, Pos: node.Pos()})
}

// collect follows an expression that builds (part of) a library
// configuration and records every setting on the way.
func (c *collector) collect(x ast.Expr) {
	if x == nil || c.seen[x] || c.depth > 20 {
		return
	}
	c.seen[x] = true
	c.depth++
	defer func() { c.depth-- }()
	info := c.m.info
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if b, ok := info.Uses[typesx.IdentOf(x.Fun)].(*types.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Args {
				c.collect(a)
			}
			return
		}
		fn := typesx.Callee(info, x)
		if fn == nil {
			// A call of a function value: opaque.
			if _, ok := info.Types[x.Fun]; ok && !info.Types[x.Fun].IsType() {
				c.opaque, c.other = true, true
			} else if len(x.Args) == 1 {
				c.collect(x.Args[0]) // conversion
			}
			return
		}
		if c.inLib(fn.Pkg()) {
			c.add(fn.Name(), fn, x.Args, x)
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				if _, isMethod := info.Selections[sel]; isMethod {
					c.collect(sel.X)
				}
			}
			c.collectConfig(x.Args...)
			return
		}
		if fn.Pkg() == c.m.pkg {
			// A same-package constructor: follow its returns.
			if d := c.m.FuncDecl(fn); d != nil && d.Body != nil {
				c.followReturns(d.Type, d.Body)
				return
			}
		}
		c.opaque, c.other = true, true
	case *ast.Ident:
		obj := info.Uses[x]
		switch o := obj.(type) {
		case *types.Var:
			c.collectVar(o)
		case *types.Const, *types.Func, *types.Nil:
			// Constants (a service config string) and function values
			// are read by the aspect that needs them.
		default:
			c.opaque, c.other = true, true
		}
	case *ast.UnaryExpr:
		c.collect(x.X)
	case *ast.StarExpr:
		c.collect(x.X)
	case *ast.CompositeLit:
		t := info.TypeOf(x)
		named, _ := types.Unalias(typesx.Deref(t)).(*types.Named)
		if named != nil && c.inLib(named.Obj().Pkg()) {
			c.add(named.Obj().Name(), named.Obj(), nil, x)
		} else if named != nil && named.Obj().Pkg() != nil && named.NumMethods() > 0 {
			// A type of the user's with methods of its own (NumMethods:
			// declared on it or its pointer, not promoted from an
			// embedded library type), given where the library takes an
			// interface (a BackOff whose NextBackOff stops after its own
			// count): a policy the table does not describe, and whose
			// defaults do not hold.
			c.opaque, c.other = true, true
			return
		}
		for _, el := range x.Elts {
			switch el := el.(type) {
			case *ast.KeyValueExpr:
				if k, ok := el.Key.(*ast.Ident); ok {
					if fobj, ok := info.Uses[k].(*types.Var); ok && fobj.IsField() {
						c.add(k.Name, fobj, []ast.Expr{el.Value}, el)
					}
				}
				c.collectConfig(el.Value)
			default:
				c.collect(el)
			}
		}
	case *ast.FuncLit:
		// A function that configures: aws's func(o *StandardOptions),
		// gax's func() Retryer { return OnCodes(...) }.
		c.followFuncLit(x)
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok {
			if v.IsField() {
				if !c.followField(v) { // values_libs.go
					c.opaque, c.other = true, true // a struct field: set somewhere else
				}
				return
			}
			// A package-level variable of another package
			// (retry.DefaultRetry): a setting of its own.
			c.add(x.Sel.Name, info.Uses[x.Sel], nil, x)
			return
		}
		if _, ok := info.Uses[x.Sel].(*types.Func); ok {
			// A function value (retry.FixedDelay as a DelayType).
			return
		}
		c.opaque, c.other = true, true
	case *ast.BasicLit:
	default:
		c.opaque, c.other = true, true
	}
}

// collectVar follows a variable that holds (part of) a library
// configuration: its definitions in the file, the fields assigned and the
// library methods called on it before the site.
func (c *collector) collectVar(o *types.Var) {
	info := c.m.info
	for _, call := range c.idx.passed[o] {
		if fn := typesx.Callee(info, call); call.Pos() < c.before && (fn == nil || !c.inLib(fn.Pkg())) {
			c.opaque, c.other = true, true // configured out of sight
			return
		}
	}
	defs := c.idx.defs[o]
	if len(defs) == 0 {
		// A parameter, a package variable of another file,
		// a captured variable we cannot see assigned.
		c.opaque = true
		c.unseen = append(c.unseen, o)
	}
	for _, d := range defs {
		if c.userOption(o, d) {
			continue
		}
		c.collect(d)
	}
	for _, as := range c.idx.fields[o] {
		if as.Pos() >= c.before {
			continue
		}
		if c.userDefault {
			if cur, ok := c.m.inspector().Root().FindNode(as); ok && len(as.Lhs) == len(as.Rhs) && c.optionalUser(cur, as.Rhs[0]) {
				if sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr); ok {
					c.userSettings = append(c.userSettings, &site.Setting{Name: sel.Sel.Name, Obj: info.Uses[sel.Sel], Args: []ast.Expr{as.Rhs[0]}, Node: as, Pos: as.Pos()})
				}
				continue
			}
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || i >= len(as.Rhs) {
				continue
			}
			c.add(sel.Sel.Name, info.Uses[sel.Sel], []ast.Expr{as.Rhs[i]}, as)
			c.collectConfig(as.Rhs[i])
		}
	}
	for _, call := range c.idx.methods[o] {
		if fn := typesx.Callee(info, call); call.Pos() < c.before && fn != nil && c.inLib(fn.Pkg()) {
			c.add(fn.Name(), fn, call.Args, call)
			c.collectConfig(call.Args...)
		}
	}
}

// userOption reports whether def, a definition of the list of options
// v, appends to it under an if only options of the library made from the
// user's values (valueindex's UserValue: a parameter of an exported
// function, a field of one), as a helper that builds the options does:
//
//	if job.MaxRetries != nil {
//		opts = append(opts, asynq.MaxRetry(*job.MaxRetries))
//	}
//
// That is the user's choice, not the package's: it is left out, and the
// library's default holds until the user gives one, as for the fields of
// a kept client (keptcount.go, optionalUser; valueindex doc.go, "Defaults
// the user can change"). An append of the user's value made whatever
// happens is kept: the value, unknown, is the configuration's.
func (c *collector) userOption(v *types.Var, def ast.Expr) bool {
	call, ok := ast.Unparen(def).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 || call.Ellipsis.IsValid() {
		return false
	}
	info := c.m.info
	if b, ok := info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "append" || typesx.VarOf(info, call.Args[0]) != v {
		return false
	}
	for _, a := range call.Args[1:] {
		opt, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok || len(opt.Args) == 0 || !c.m.callsLib(c.lib, opt) {
			return false
		}
		for _, x := range opt.Args {
			if !c.m.UserValue(x, 0) {
				return false
			}
		}
	}
	cur, ok := c.m.inspector().Root().FindNode(call)
	return ok && underIf(cur)
}

// underIf reports whether the innermost if statement or function around
// cur is an if statement.
func underIf(cur inspector.Cursor) bool {
	for e := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		_, ok := e.Node().(*ast.IfStmt)
		return ok
	}
	return false
}

// collectConfig collects those of xs that are themselves part of the
// configuration (isConfigValue).
func (c *collector) collectConfig(xs ...ast.Expr) {
	for _, x := range xs {
		if c.isConfigValue(x) {
			c.collect(x)
		}
	}
}

// isConfigValue reports whether an argument is itself part of the
// configuration (an option, a backoff, a client), not a plain value.
func (c *collector) isConfigValue(a ast.Expr) bool {
	t := c.m.info.TypeOf(a)
	if t == nil {
		return false
	}
	if _, ok := ast.Unparen(a).(*ast.FuncLit); ok {
		return true
	}
	if call, ok := ast.Unparen(a).(*ast.CallExpr); ok {
		// A call of one of the library's functions builds part of the
		// configuration whatever its result's type (a []time.Duration
		// schedule made by the library's constructor).
		if c.m.callsLib(c.lib, call) {
			return true
		}
	}
	return c.isConfigType(t)
}

// isConfigType reports whether a value of type t is part of a library
// configuration: a type of the library, a pointer to one, or a slice of
// them (a list of options).
func (c *collector) isConfigType(t types.Type) bool {
	if named, ok := types.Unalias(typesx.Deref(t)).(*types.Named); ok {
		return c.inLib(named.Obj().Pkg())
	}
	if sl, ok := t.Underlying().(*types.Slice); ok {
		if named, ok := types.Unalias(typesx.Deref(sl.Elem())).(*types.Named); ok {
			return c.inLib(named.Obj().Pkg())
		}
	}
	return false
}

// followReturns collects what a function of the package returns: the
// results of its return statements, and for a bare return its named
// results (`func options(j *Job) (opts []asynq.Option) { opts =
// append(opts, ...); return }`), each followed as a variable.
func (c *collector) followReturns(ft *ast.FuncType, body *ast.BlockStmt) {
	named := make(map[*types.Var]bool) // followed once
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if n, ok := n.(*ast.ReturnStmt); ok {
			c.collectConfig(n.Results...)
			if len(n.Results) == 0 && ft != nil && ft.Results != nil {
				for _, f := range ft.Results.List {
					for _, name := range f.Names {
						if v, ok := c.m.info.Defs[name].(*types.Var); ok && !named[v] && c.isConfigType(v.Type()) {
							named[v] = true
							c.collectVar(v)
						}
					}
				}
			}
		}
		return true
	})
}

// followFuncLit records the settings a configuring function literal
// makes: assignments to its parameter's fields, and its returns.
func (c *collector) followFuncLit(fl *ast.FuncLit) {
	info := c.m.info
	params := typesx.FuncParams(info, fl.Type)
	isParam := func(x ast.Expr) bool {
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.SelectorExpr:
				x = y.X
			case *ast.Ident:
				v, ok := info.Uses[y].(*types.Var)
				return ok && v != nil && slices.Contains(params, v)
			default:
				return false
			}
		}
	}
	typesx.InspectNoLits(fl.Body, func(n ast.Node) bool {
		if n, ok := n.(*ast.AssignStmt); ok {
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || !isParam(sel.X) || i >= len(n.Rhs) {
					continue
				}
				c.add(sel.Sel.Name, info.Uses[sel.Sel], []ast.Expr{n.Rhs[i]}, n)
				c.collectConfig(n.Rhs[i])
			}
		}
		return true
	})
	c.followReturns(fl.Type, fl.Body)
}

// libraryOps describes the operations a library site retries: the
// function it is given.
func (m *Reader) libraryOps(x ast.Expr) []*site.Op {
	var ops []*site.Op
	if x, ok := ast.Unparen(x).(*ast.FuncLit); ok {
		ast.Inspect(x.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && m.host.MayBeOp(call) {
				ops = append(ops, m.ops.Op(call))
			}
			return true
		})
	}
	return ops
}

// loopBodyOps describes the operations of a loop a library paces: the
// calls of its body that may be operations, not the library's own.
func (m *Reader) loopBodyOps(lib *site.Lib, body *ast.BlockStmt) []*site.Op {
	var ops []*site.Op
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if n, ok := n.(*ast.CallExpr); ok && !m.callsLib(lib, n) && m.host.MayBeOp(n) {
			ops = append(ops, m.ops.Op(n))
		}
		return true
	})
	return ops
}
