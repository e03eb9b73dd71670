package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// This file holds what the corpus of real modules (testdata/corpus) taught
// the model about code that looks like a retry and is not one:
//
//   - a call of a local function literal (drainQueue := func() bool {...})
//     crosses an integration boundary only if the literal's body does;
//   - a function that calls itself with a value derived from the failed
//     call's result (a redirect's Location, a continuation) makes a new
//     request, not a retry;
//   - a loop that moves the operation's receiver to the next item of a
//     collection (nc.current = nc.srvPool[i]; nc.connect()), or that builds
//     the operation's arguments from the item it ranges over (req from url),
//     tries each item once: failover, not a retry;
//   - an operation that waits before it runs again (a same-package function
//     whose body sleeps) has waits the loop does not show.

// localFuncLit returns the function literal a call calls through a local
// variable that is only ever assigned that literal, or nil.
func (m *model) localFuncLit(call *ast.CallExpr) *ast.FuncLit {
	return m.heldFuncLit(call.Fun)
}

// onlyFuncLit returns the function literal that is the only value ever
// assigned to the local variable v, or nil.
func (m *model) onlyFuncLit(v *types.Var) *ast.FuncLit {
	// Find the function body that declares v, then every assignment to v.
	var scope ast.Node
	for _, f := range m.pass.Files {
		if f.Pos() <= v.Pos() && v.Pos() < f.End() {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Pos() <= v.Pos() && v.Pos() < fd.Body.End() {
					scope = fd.Body
				}
			}
		}
	}
	if scope == nil {
		return nil
	}
	var lit *ast.FuncLit
	other := false
	ast.Inspect(scope, func(n ast.Node) bool {
		if other {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				lid, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || (m.info.Defs[lid] != v && m.info.Uses[lid] != v) {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					other = true
					continue
				}
				if fl, ok := ast.Unparen(n.Rhs[i]).(*ast.FuncLit); ok && lit == nil {
					lit = fl
				} else {
					other = true
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if m.info.Defs[name] != v {
					continue
				}
				if i < len(n.Values) {
					if fl, ok := ast.Unparen(n.Values[i]).(*ast.FuncLit); ok && lit == nil {
						lit = fl
						continue
					}
				}
				if len(n.Values) > 0 {
					other = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if uid, ok := ast.Unparen(n.X).(*ast.Ident); ok && m.info.Uses[uid] == v {
					other = true // its address escapes
				}
			}
		}
		return true
	})
	if other {
		return nil
	}
	return lit
}

// funcValueIsIntegration reports whether a call of a function value may
// cross an integration boundary: unknown function values may; a local
// literal does only if its body calls something that does; a value of an
// unexported function type of the package does only if one of the
// package's functions of that type does (funcTypeIsIntegration).
func (m *model) funcValueIsIntegration(call *ast.CallExpr) bool {
	lit := m.localFuncLit(call)
	if lit == nil {
		if ts, ok := m.FuncValueTargets(call.Fun); ok { // funcvals.go
			return m.TargetIntegration(ts)
		}
		if v, ok := m.funcTypeIsIntegration(m.info.TypeOf(call.Fun)); ok {
			return v
		}
		return true
	}
	return m.litIsIntegration(lit)
}

// litIsIntegration reports whether the body of a function literal makes
// a call that may cross an integration boundary.
func (m *model) litIsIntegration(lit *ast.FuncLit) bool {
	return m.anyCall(lit.Body, hasOutcome, func(c *ast.CallExpr) bool {
		fn := typeutilCallee(m.info, c)
		if fn == nil {
			return m.localFuncLit(c) != lit && m.funcValueIsIntegration(c) // not itself
		}
		return m.funcIsIntegration(fn, 1)
	}) || m.exchangeIsIntegration(lit.Body) // exchange.go
}

// funcTypeIsIntegration decides, for a call through a value of an
// unexported named function type of the analysed package that no
// exported function, method or field takes, whether it may cross an
// integration boundary. Such values can only be made in the package,
// from its functions, methods and literals of that signature (the
// insertion modes of x/net/html's parser: p.im(p)); the call may cross a
// boundary if one of them does. ok is false for any other type, or when
// the package has no function of the type: the value is then unknown.
func (m *model) funcTypeIsIntegration(t types.Type) (integration, ok bool) {
	named, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || named.Obj().Pkg() != m.pkg || named.Obj().Exported() || named.TypeParams().Len() > 0 {
		return false, false
	}
	sig, isSig := named.Underlying().(*types.Signature)
	if !isSig {
		return false, false
	}
	if v, ok := m.funcTypes[named]; ok {
		return v > 0, v >= 0
	}
	if m.exposes(named) {
		m.funcTypes[named] = -1
		return false, false
	}
	m.funcTypes[named] = 0 // cycles: assume not, until shown
	seen, found := false, false
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				fn, _ := m.info.Defs[n.Name].(*types.Func)
				if n.Body != nil && fn != nil && types.Identical(withoutRecv(fn.Type().(*types.Signature)), sig) {
					seen = true
					found = m.funcIsIntegration(fn, 1)
				}
			case *ast.FuncLit:
				if types.Identical(m.info.TypeOf(n), sig) {
					seen = true
					found = m.litIsIntegration(n)
				}
			}
			return !found
		})
	}
	switch {
	case !seen:
		m.funcTypes[named] = -1
		return false, false
	case found:
		m.funcTypes[named] = 1
	}
	return found, true
}

// withoutRecv returns a signature without its receiver: the type of a
// method value.
func withoutRecv(sig *types.Signature) *types.Signature {
	if sig.Recv() == nil {
		return sig
	}
	return types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
}

// exposes reports whether the package's exported API lets other packages
// make values of t: an exported function or method that takes t, or an
// exported field or variable of type t.
func (m *model) exposes(t types.Type) bool {
	takes := func(sig *types.Signature) bool {
		for i := 0; i < sig.Params().Len(); i++ {
			if types.Identical(sig.Params().At(i).Type(), t) {
				return true
			}
		}
		return false
	}
	scope := m.pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() && takes(obj.Type().(*types.Signature)) {
				return true
			}
		case *types.Var:
			if obj.Exported() && types.Identical(obj.Type(), t) {
				return true
			}
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			for i := 0; i < named.NumMethods(); i++ {
				if mth := named.Method(i); mth.Exported() && takes(mth.Type().(*types.Signature)) {
					return true
				}
			}
			if st, ok := named.Underlying().(*types.Struct); ok {
				for i := 0; i < st.NumFields(); i++ {
					if f := st.Field(i); f.Exported() && types.Identical(f.Type(), t) {
						return true
					}
				}
			}
		}
	}
	return false
}

// resultVars returns the variables of body whose value derives, through
// assignments in body, from the results of the calls in ops (the calls
// themselves included as seeds).
func (m *model) resultVars(body ast.Node, seed func(ast.Expr) bool) map[*types.Var]bool {
	deps := make(map[*types.Var]map[*types.Var]bool)
	direct := make(map[*types.Var]bool)
	root := func(x ast.Expr) *types.Var { return varOfExpr(m.info, chainRoot(x, true)) }
	add := func(v *types.Var, x ast.Expr) {
		if v == nil || x == nil {
			return
		}
		if deps[v] == nil {
			deps[v] = make(map[*types.Var]bool)
		}
		ast.Inspect(x, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if e, ok := n.(ast.Expr); ok && seed(e) {
				direct[v] = true
			}
			if id, ok := n.(*ast.Ident); ok {
				if u, ok := m.info.Uses[id].(*types.Var); ok {
					deps[v][u] = true
				}
			}
			return true
		})
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				switch {
				case len(n.Lhs) == len(n.Rhs):
					add(root(l), n.Rhs[i])
				case len(n.Rhs) == 1:
					add(root(l), n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				v, _ := m.info.Defs[name].(*types.Var)
				if i < len(n.Values) {
					add(v, n.Values[i])
				} else if len(n.Values) == 1 {
					add(v, n.Values[0])
				}
			}
		case *ast.TypeSwitchStmt:
			if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				for _, cc := range n.Body.List {
					if obj, ok := m.info.Implicits[cc].(*types.Var); ok {
						add(obj, as.Rhs[0])
					}
				}
			}
		}
		return true
	})
	res := make(map[*types.Var]bool)
	for v := range direct {
		res[v] = true
	}
	for changed := true; changed; {
		changed = false
		for v, ds := range deps {
			if res[v] {
				continue
			}
			for u := range ds {
				if res[u] {
					res[v] = true
					changed = true
					break
				}
			}
		}
	}
	return res
}

// usesAny reports whether x mentions one of vars.
func (m *model) usesAny(x ast.Node, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := m.info.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// recursionVaries reports whether a recursive function passes itself,
// for a parameter that names what to do (not a counter, a flag, a context
// or the last error), a value derived from the operation's results: each
// call is then a new request (a redirect followed), not a retry.
func (m *model) recursionVaries(fb funcBody, g *opGroup, selfCalls []*ast.CallExpr) bool {
	if fb.obj == nil {
		return false
	}
	sig, ok := fb.obj.Type().(*types.Signature)
	if !ok {
		return false
	}
	derived := m.resultVars(fb.body, func(e ast.Expr) bool {
		c, ok := e.(*ast.CallExpr)
		return ok && g.set[c]
	})
	if len(derived) == 0 {
		return false
	}
	params := sig.Params()
	for _, call := range selfCalls {
		for i, a := range call.Args {
			if i >= params.Len() {
				break
			}
			t := params.At(i).Type()
			if isIntegerOrBool(t) || isErrorType(t) || isNamed(t, "context", "Context") {
				continue
			}
			if m.usesAny(a, derived) {
				return true
			}
		}
	}
	return false
}

// loopMovesOperation reports whether a loop hands the operation a
// different item on each iteration through variables: the arguments are
// built from the item ranged over or indexed (req from url), or the
// operation's receiver is pointed at the next item (nc.current =
// nc.srvPool[i] before nc.connect()).
func (m *model) loopMovesOperation(loop ast.Stmt, g *opGroup, varying map[*types.Var]bool) bool {
	call := g.calls[0]
	isItem := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.Ident:
			v, ok := m.info.Uses[e].(*types.Var)
			return ok && varying[v]
		case *ast.IndexExpr:
			t := m.info.TypeOf(e.X)
			if t == nil {
				return false
			}
			if _, isMap := t.Underlying().(*types.Map); isMap {
				return false
			}
			return m.usesAny(e.Index, assignedVars(m.info, loop))
		}
		return false
	}
	items := m.resultVars(loop, isItem)
	// Waits and deadlines that grow with the attempt are not items.
	for v := range items {
		if isNamed(v.Type(), "context", "Context") || isNamed(v.Type(), "time", "Duration") || isIntegerOrBool(v.Type()) {
			delete(items, v)
		}
	}
	for v := range varying {
		items[v] = true
	}
	for _, a := range call.Args {
		if m.usesAny(a, items) {
			return true
		}
	}
	// The receiver's state: nc.current = nc.srvPool[i] before nc.connect().
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv := identOf(sel.X)
	if recv == nil {
		return false
	}
	rv, ok := m.info.Uses[recv].(*types.Var)
	if !ok {
		return false
	}
	moved := false
	ast.Inspect(loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || moved || len(as.Lhs) != len(as.Rhs) {
			return !moved
		}
		for i, l := range as.Lhs {
			s, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if id := identOf(s.X); id == nil || m.info.Uses[id] != rv {
				continue
			}
			ast.Inspect(as.Rhs[i], func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok && isItem(e) {
					moved = true
				}
				return !moved
			})
		}
		return !moved
	})
	return moved
}

// assignedVars returns the variables and fields assigned or incremented
// in n.
func assignedVars(info *types.Info, n ast.Node) map[*types.Var]bool {
	res := make(map[*types.Var]bool)
	add := func(l ast.Expr) {
		switch l := ast.Unparen(l).(type) {
		case *ast.Ident:
			if v, ok := info.Uses[l].(*types.Var); ok {
				res[v] = true
			} else if v, ok := info.Defs[l].(*types.Var); ok {
				res[v] = true
			}
		case *ast.SelectorExpr:
			// A field: m.index++ moves m.batches[m.index].
			if v, ok := info.Uses[l.Sel].(*types.Var); ok && v.IsField() {
				res[v] = true
			}
		}
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				add(l)
			}
		case *ast.IncDecStmt:
			add(x.X)
		}
		return true
	})
	return res
}

// opWaitsInside reports whether an operation of g is a function of this
// package whose body waits (time.Sleep, a timer, a Sleep helper given a
// duration): the loop around it then waits in a way it does not show.
func (m *model) opWaitsInside(g *opGroup) bool {
	for _, call := range g.calls {
		fn := typeutilCallee(m.info, call)
		if fn == nil || fn.Pkg() != m.pkg {
			continue
		}
		decl := m.FuncDecl(fn)
		if decl == nil || decl.Body == nil {
			continue
		}
		waits := false
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || waits {
				return !waits
			}
			callee := typeutilCallee(m.info, c)
			if callee == nil {
				return true
			}
			if callee.Pkg() != nil && callee.Pkg().Path() == "time" {
				switch callee.Name() {
				case "Sleep", "After", "NewTimer", "Reset", "Tick":
					waits = true
				}
				return !waits
			}
			switch callee.Name() {
			case "Sleep", "sleep", "Wait", "wait":
				for _, a := range c.Args {
					if t := m.info.TypeOf(a); t != nil && isNamed(t, "time", "Duration") {
						waits = true
					}
				}
			}
			return !waits
		})
		if waits {
			return true
		}
	}
	return false
}
