package notretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file holds what the corpus of real modules (testdata/corpus) taught
// the model about code that looks like a retry and is not one:
//
//   - a function that calls itself with a value derived from the failed
//     call's result (a redirect's Location, a continuation) makes a new
//     request, not a retry;
//   - a loop that moves the operation's receiver to the next item of a
//     collection (nc.current = nc.srvPool[i]; nc.connect()), or that builds
//     the operation's arguments from the item it ranges over (req from url),
//     tries each item once: failover, not a retry;
//   - an operation that waits before it runs again (a same-package function
//     whose body sleeps) has waits the loop does not show.

// resultVars returns the variables of body whose value derives, through
// assignments in body, from the results of the calls in ops (the calls
// themselves included as seeds).
func (m *Rules) resultVars(body ast.Node, seed func(ast.Expr) bool) map[*types.Var]bool {
	deps := make(map[*types.Var]map[*types.Var]bool)
	direct := make(map[*types.Var]bool)
	root := func(x ast.Expr) *types.Var { return typesx.VarOf(m.info, typesx.ChainRoot(x, true)) }
	add := func(v *types.Var, x ast.Expr) {
		if v == nil || x == nil {
			return
		}
		if deps[v] == nil {
			deps[v] = make(map[*types.Var]bool)
		}
		typesx.InspectNoLits(x, func(n ast.Node) bool {
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
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		switch n := n.(type) {
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
	res := maps.Clone(direct)
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

// RecursionVaries reports whether a recursive function passes itself,
// for a parameter that names what to do (not a counter, a flag, a context
// or the last error), a value derived from the operation's results: each
// call is then a new request (a redirect followed), not a retry.
func (m *Rules) RecursionVaries(obj *types.Func, body *ast.BlockStmt, g *Group, selfCalls []*ast.CallExpr) bool {
	if obj == nil {
		return false
	}
	params := obj.Signature().Params()
	if shrinksInput(m.info, body, params, selfCalls) || m.anotherItem(params, selfCalls) {
		return true
	}
	derived := m.resultVars(body, func(e ast.Expr) bool {
		c, ok := e.(*ast.CallExpr)
		return ok && g.Set[c]
	})
	if len(derived) == 0 {
		return false
	}
	for _, call := range selfCalls {
		for i, a := range call.Args {
			if i >= params.Len() {
				break
			}
			t := params.At(i).Type()
			if typesx.IsErrorType(t) && typesx.UsesAny(m.info, a, derived) && m.opsOnValue(body, g, params.At(i)) {
				// An error-chain walk: the operation is a method of the
				// error given (its cause, the errors it joins) and the
				// recursion goes on with what it returns.
				return true
			}
			if interp.IsIntegerOrBool(t) || typesx.IsErrorType(t) || typesx.IsNamed(t, "context", "Context") {
				continue
			}
			if typesx.UsesAny(m.info, a, derived) {
				return true
			}
		}
	}
	return false
}

// opsOnValue reports whether an operation of g is a method called on v
// itself or on v asserted to another type (v.(T), or the variable of a
// type switch on v): the operation then reads the value the recursion
// was given, not the world.
func (m *Rules) opsOnValue(body *ast.BlockStmt, g *Group, v *types.Var) bool {
	views := map[*types.Var]bool{v: true}
	asserts := func(x ast.Expr) bool {
		ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
		return ok && typesx.VarOf(m.info, ast.Unparen(ta.X)) == v
	}
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSwitchStmt:
			as, ok := n.Assign.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || !asserts(as.Rhs[0]) {
				return true
			}
			for _, c := range n.Body.List {
				if obj, ok := m.info.Implicits[c].(*types.Var); ok {
					views[obj] = true
				}
			}
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && asserts(n.Rhs[0]) {
				if w := typesx.VarOf(m.info, n.Lhs[0]); w != nil {
					views[w] = true
				}
			}
		}
		return true
	})
	return slices.ContainsFunc(g.Calls, func(call *ast.CallExpr) bool {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && views[typesx.VarOf(m.info, ast.Unparen(sel.X))]
	})
}

// LoopMovesOperation reports whether a loop hands the operation a
// different item on each iteration through variables: the arguments are
// built from the item ranged over or indexed (req from url), or the
// operation's receiver is pointed at the next item (nc.current =
// nc.srvPool[i] before nc.connect()).
func (m *Rules) LoopMovesOperation(loop ast.Stmt, g *Group, varying map[*types.Var]bool) bool {
	call := g.Calls[0]
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
			_, isMap := t.Underlying().(*types.Map)
			return !isMap && typesx.UsesAny(m.info, e.Index, typesx.AssignedVars(m.info, loop))
		}
		return false
	}
	items := m.resultVars(loop, isItem)
	// Waits and deadlines that grow with the attempt are not items.
	for v := range items {
		if typesx.IsNamed(v.Type(), "context", "Context") || typesx.IsNamed(v.Type(), "time", "Duration") || interp.IsIntegerOrBool(v.Type()) {
			delete(items, v)
		}
	}
	for v := range varying {
		items[v] = true
	}
	maps.Copy(items, m.listWalks(loop))
	if slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return typesx.UsesAny(m.info, a, items) }) {
		return true
	}
	// The receiver's state: nc.current = nc.srvPool[i] before nc.connect().
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	rv, ok := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
	if !ok {
		return false
	}
	if items[rv] {
		return true // the next node of a list: ldr = ldr.Next, then ldr.Fn(path)
	}
	moved := false
	return typesx.InspectUntil(&moved, loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if s, ok := ast.Unparen(l).(*ast.SelectorExpr); !ok || m.info.Uses[typesx.IdentOf(s.X)] != rv {
				continue
			}
			typesx.InspectUntil(&moved, as.Rhs[i], func(n ast.Node) bool {
				e, ok := n.(ast.Expr)
				moved = ok && isItem(e)
				return true
			})
		}
		return true
	})
}

// OpWaitsInside reports whether an operation of g is a function of this
// package, or a function literal called where it is written, whose body
// waits (time.Sleep, a timer, a Sleep helper given a duration): the loop
// around it then waits in a way it does not show.
func (m *Rules) OpWaitsInside(g *Group) bool {
	for _, call := range g.Calls {
		var body *ast.BlockStmt
		if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
			body = lit.Body
		} else if fn := typesx.Callee(m.info, call); fn != nil && fn.Pkg() == m.pkg {
			if decl := m.host.FuncDecl(fn); decl != nil {
				body = decl.Body
			}
		}
		if body != nil && m.bodyWaits(body) {
			return true
		}
	}
	return false
}

// bodyWaits reports whether body calls a wait of package time or a
// Sleep or Wait given a duration.
func (m *Rules) bodyWaits(body *ast.BlockStmt) bool {
	waits := false
	return typesx.InspectUntil(&waits, body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch callee := typesx.Callee(m.info, c); {
		case callee == nil:
		case callee.Pkg() != nil && callee.Pkg().Path() == "time":
			waits = slices.Contains([]string{"Sleep", "After", "NewTimer", "Reset", "Tick"}, callee.Name())
		case slices.Contains([]string{"Sleep", "sleep", "Wait", "wait"}, callee.Name()):
			waits = slices.ContainsFunc(c.Args, func(a ast.Expr) bool {
				return typesx.IsNamed(m.info.TypeOf(a), "time", "Duration")
			})
		}
		return true
	})
}

// shrinksInput reports whether a self call hands a parameter a part of
// itself: a slice of it (path[:len(path)-1], items[1:]), for a path, its
// directory (path.Dir(p), filepath.Dir(p)), or, for a reflect.Value or
// reflect.Type, a field, element or entry of it (v.Field(i), t.Elem(),
// through locals: a reflective walk of a struct, convertStruct(ft,
// field)). The recursion walks to a smaller input (a path's parents, a
// list's tail, a struct's fields), as creating parent directories does;
// it does not run the same operation again.
func shrinksInput(info *types.Info, body *ast.BlockStmt, params *types.Tuple, selfCalls []*ast.CallExpr) bool {
	for _, call := range selfCalls {
		for i, a := range call.Args {
			if i >= params.Len() {
				break
			}
			p := params.At(i)
			if reflectPart(info, body, a, params, map[*types.Var]bool{}) {
				return true
			}
			switch a := ast.Unparen(a).(type) {
			case *ast.SliceExpr:
				if typesx.VarOf(info, ast.Unparen(a.X)) == p && (a.Low != nil || a.High != nil) {
					return true
				}
			case *ast.CallExpr:
				fn := typesx.Callee(info, a)
				if fn != nil && fn.Pkg() != nil && fn.Name() == "Dir" && len(a.Args) == 1 &&
					(fn.Pkg().Path() == "path" || fn.Pkg().Path() == "path/filepath") &&
					typesx.VarOf(info, ast.Unparen(a.Args[0])) == p {
					return true
				}
			}
		}
	}
	return false
}

// reflectParts are the methods of reflect.Value and reflect.Type that
// return a part of what they are called on.
var reflectParts = map[string]bool{"Field": true, "FieldByName": true, "FieldByIndex": true, "Elem": true, "Index": true, "MapIndex": true}

// reflectPart reports whether x, in body, is a part of one of the
// function's reflect.Value or reflect.Type parameters: a reflectParts
// method called on one, or on such a part (reflect.Indirect of a part and
// the Type of a part are parts too), directly or through a local every
// assignment of body gives such a value.
func reflectPart(info *types.Info, body *ast.BlockStmt, x ast.Expr, params *types.Tuple, seen map[*types.Var]bool) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := typesx.Callee(info, x)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
			return false
		}
		if fn.Name() == "Indirect" && len(x.Args) == 1 {
			return reflectPart(info, body, x.Args[0], params, seen)
		}
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if reflectParts[fn.Name()] {
			if v := typesx.VarOf(info, sel.X); v != nil {
				for p := range params.Variables() {
					if p == v {
						return true
					}
				}
			}
		}
		if reflectParts[fn.Name()] || fn.Name() == "Type" {
			return reflectPart(info, body, sel.X, params, seen)
		}
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return false
		}
		if seen[v] {
			return true // its other assignments decide (v = v.Elem())
		}
		seen[v] = true
		n := 0
		all := true
		ast.Inspect(body, func(nd ast.Node) bool {
			switch nd := nd.(type) {
			case *ast.AssignStmt:
				for i, l := range nd.Lhs {
					if typesx.VarOf(info, l) == v {
						n++
						all = all && len(nd.Lhs) == len(nd.Rhs) && reflectPart(info, body, nd.Rhs[i], params, seen)
					}
				}
			case *ast.UnaryExpr:
				if nd.Op == token.AND && typesx.VarOf(info, nd.X) == v {
					all = false
				}
			}
			return all
		})
		return all && n > 0
	}
	return false
}

// listWalks returns the variables the loop moves along a linked list:
// assigned a field of themselves of their own type (ldr = ldr.Next, in
// the loop's post statement or its body). Each iteration reaches another
// node: an operation called on or with it is another item's.
func (m *Rules) listWalks(loop ast.Stmt) map[*types.Var]bool {
	walks := make(map[*types.Var]bool)
	typesx.InspectNoLits(loop, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			v := typesx.VarOf(m.info, l)
			sel, ok := ast.Unparen(as.Rhs[i]).(*ast.SelectorExpr)
			if v == nil || !ok || typesx.VarOf(m.info, sel.X) != v {
				continue
			}
			if s, ok := m.info.Selections[sel]; ok && s.Kind() == types.FieldVal && types.Identical(s.Type(), v.Type()) {
				walks[v] = true
			}
		}
		return true
	})
	return walks
}

// anotherItem reports whether every call of the function to itself gives
// each parameter that names what to do (not a number, a flag, a context,
// an error or a func) a value that none of the calling function's
// parameters reaches: the next waiter popped from a queue (w :=
// q.popFront(); go c.dialConnFor(w)), the next address of a pool
// (c.connect(c.nextAddr())). Each call works on another item: a hand-off
// or a failover, not a retry of the same input.
func (m *Rules) anotherItem(params *types.Tuple, selfCalls []*ast.CallExpr) bool {
	if len(selfCalls) == 0 {
		return false
	}
	for _, call := range selfCalls {
		decl := typesx.FuncDeclAt(m.pass.Files, call.Pos())
		if decl == nil {
			return false
		}
		own := make(map[*types.Var]bool)
		for _, v := range typesx.DeclParams(m.info, decl) {
			own[v] = v != nil
		}
		what := 0
		for i, a := range call.Args {
			if i >= params.Len() {
				break
			}
			t := params.At(i).Type()
			if _, isFunc := t.Underlying().(*types.Signature); isFunc || interp.IsIntegerOrBool(t) || typesx.IsErrorType(t) || typesx.IsNamed(t, "context", "Context") {
				continue
			}
			what++
			if m.reaches(decl, a, own, 0) {
				return false // the same input, passed on
			}
		}
		if what == 0 {
			return false
		}
	}
	return true
}

// reaches reports whether x uses one of vars, directly or through the
// values body gives the locals it uses; a variable it cannot follow (a
// package variable, one captured from outside body, a local with no value
// in sight) counts as reaching. The receiver is the object, not the item.
func (m *Rules) reaches(decl *ast.FuncDecl, x ast.Expr, vars map[*types.Var]bool, depth int) bool {
	if depth > 4 {
		return true
	}
	body := decl.Body
	recv := typesx.RecvVar(m.info, decl)
	found := false
	return typesx.InspectUntil(&found, x, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := m.info.Uses[id].(*types.Var)
		switch {
		case !ok || v.IsField() || v == recv:
		case vars[v]:
			found = true
		case v.Pos() < body.Pos() || v.Pos() >= body.End():
			found = true
		default:
			defined := false
			ast.Inspect(body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if typesx.VarOf(m.info, l) == v {
							defined = true
							found = found || m.reaches(decl, n.Rhs[min(i, len(n.Rhs)-1)], vars, depth+1)
						}
					}
				case *ast.ValueSpec:
					for i, name := range n.Names {
						if m.info.Defs[name] == v && i < len(n.Values) {
							defined = true
							found = found || m.reaches(decl, n.Values[i], vars, depth+1)
						}
					}
				case *ast.RangeStmt:
					if typesx.VarOf(m.info, n.Key) == v || n.Value != nil && typesx.VarOf(m.info, n.Value) == v {
						defined = true
						found = found || m.reaches(decl, n.X, vars, depth+1)
					}
				}
				return true
			})
			found = found || !defined
		}
		return !found
	})
}
