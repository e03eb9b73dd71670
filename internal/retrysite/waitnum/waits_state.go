package waitnum

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// This file lets the wait interpreter (waits_num.go) follow a backoff
// object of the package: a local variable of a struct type of the
// package (or of another package of the module, whose methods are read
// from its source: methodOf, xpkg.go) whose method returns the next wait
// and keeps its state in the receiver's fields between calls,
//
//	b := &backoff{base: time.Second}
//	for { ...; time.Sleep(b.next()) }
//	func (b *backoff) next() time.Duration { d := b.base << b.n; b.n++; return d }
//
// The interpreter keeps the object's fields (objState) from one attempt
// to the next and runs the method's body on them, so the wait's shape is
// read from the values it returns as for any other wait: a field doubled
// on each call is exponential, a field never changed is a fixed
// interval, a random draw over the whole value is full jitter, one added
// to a base partial jitter.
//
// The object is followed only when the model sees everything done to it:
// it is built in the function from a composite literal (or the zero
// value, or a same-package constructor that returns one), never has its
// address taken, is never passed, copied or assigned whole, and every
// method called on it is a method of the package whose body writes
// nothing but its receiver's fields (atomic.AddUint64(&b.n, 1) is a
// write of b.n: atomicCall) and its own locals, called where the
// interpreter evaluates it (a statement, an assignment, the wait). Else
// the object is not followed and the wait is what it was before: an
// unknown call, and the rules stay silent.

// objState is the abstract value of a followed object: its fields.
type objState struct {
	fields map[*types.Var]waitshape.Num
	// lost: something the interpreter could not follow changed the
	// object; every field is unknown.
	lost bool
	// typ is the object's type when its variable is declared with
	// another (an interface a constructor returns: waits_closure.go).
	typ types.Type
	// recv: the object is the running method's receiver, its fields
	// stand-ins (waits_recv.go).
	recv bool
}

func (st *objState) copyState() *objState {
	c := *st
	c.fields = maps.Clone(st.fields)
	return &c
}

// litState returns the state of an object of the struct s that lit
// builds, each element's value given by eval; fields lit omits are zero,
// and so is every field when lit is nil. nil when an element names no
// field of s.
func litState(info *types.Info, s *types.Struct, lit *ast.CompositeLit, eval func(ast.Expr) waitshape.Num) *objState {
	st := &objState{fields: make(map[*types.Var]waitshape.Num)}
	for f := range s.Fields() {
		st.fields[f] = zeroOf(f.Type())
	}
	if lit == nil {
		return st
	}
	for i, e := range lit.Elts {
		f, val := typesx.LitElt(info, s, i, e)
		if f == nil {
			return nil
		}
		st.fields[f] = eval(val)
	}
	return st
}

// stateStruct returns the struct of the package that values of t (a
// named struct type or a pointer to one) are.
func (m *model) stateStruct(t types.Type) (*types.Named, *types.Struct) {
	n, ok := types.Unalias(typesx.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() != m.pkg && !m.ModuleObj(n.Obj()) {
		// A type of another package of the module is followed from
		// that package's source (methodOf, xpkg.go).
		return nil, nil
	}
	s, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	return n, s
}

// objVar returns the followed (or followable) local variable x names.
func (ip *winterp) objVar(x ast.Expr) *types.Var {
	if st, ok := ast.Unparen(x).(*ast.StarExpr); ok {
		x = st.X
	}
	v, _ := ip.m.info.Uses[typesx.IdentOf(x)].(*types.Var)
	if _, ok := ip.objs[v]; ok && v != nil {
		return v
	}
	return nil
}

// obj returns the state of the object x names, creating it from the
// object's one definition when the variable is declared before the
// region; nil when x is not a followable object.
func (ip *winterp) obj(x ast.Expr) (*types.Var, *objState) {
	if v := ip.objVar(x); v != nil {
		return v, ip.objs[v]
	}
	v, _ := ip.m.info.Uses[typesx.IdentOf(x)].(*types.Var)
	if v == nil || ip.body == nil || v.IsField() || v.Pkg() != ip.m.pkg && !ip.m.ModuleObj(v) || v.Parent() == ip.m.pkg.Scope() || ip.noObj[v] {
		return nil, nil
	}
	if ip.noObj == nil {
		ip.noObj = make(map[*types.Var]bool)
	}
	ip.noObj[v] = true // until built below
	if ip.inRegion(v.Pos()) || v.Pos() < ip.body.Pos() || v.Pos() >= ip.body.End() {
		// Declared in the region: its definition, run by the
		// interpreter, creates the state (defineObj). A parameter
		// or a captured variable: built out of sight, but the
		// method's own receiver is followed from stand-ins
		// (waits_recv.go).
		return ip.keepObj(v, ip.recvObj(v))
	}
	if ip.closure != nil {
		if st := ip.closureObj(v); st != nil { // waits_closure.go
			return ip.storeObj(v, st)
		}
		return nil, nil
	}
	if _, s := ip.m.stateStruct(v.Type()); s == nil {
		return nil, nil
	}
	def := typesx.SoleAssigned(ip.m.info, ip.body, v)
	if def == nil {
		if !declaredZero(ip.m.info, ip.body, v) {
			return nil, nil
		}
	} else if !ip.mayBuild(def) {
		return nil, nil
	}
	if !ip.m.followable(ip.body, v) {
		return nil, nil
	}
	return ip.keepObj(v, ip.buildObj(v, def))
}

// keepObj applies to st, the state built for v, what the region does to
// v before the loop, and keeps it as v's object; nil when either fails.
func (ip *winterp) keepObj(v *types.Var, st *objState) (*types.Var, *objState) {
	if st == nil || !ip.applyBefore(v, st) {
		return nil, nil
	}
	return ip.storeObj(v, st)
}

// storeObj keeps st as v's object.
func (ip *winterp) storeObj(v *types.Var, st *objState) (*types.Var, *objState) {
	if ip.objs == nil {
		ip.objs = make(map[*types.Var]*objState)
	}
	ip.objs[v] = st
	delete(ip.noObj, v)
	return v, st
}

// declaredZero reports whether v is declared without a value (var b T)
// and never assigned under root.
func declaredZero(info *types.Info, root ast.Node, v *types.Var) bool {
	zero := false
	ast.Inspect(root, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 0 {
			for _, name := range vs.Names {
				if info.Defs[name] == v {
					zero = true
				}
			}
		}
		return true
	})
	return zero
}

// buildObj makes the state of a new object from its definition: a
// composite literal of the struct (or its address), a same-package
// function returning one, or nil for the zero value. Fields the literal
// omits are zero.
func (ip *winterp) buildObj(v *types.Var, def ast.Expr) *objState {
	_, s := ip.m.stateStruct(v.Type())
	if s == nil {
		return nil
	}
	if def == nil {
		return litState(ip.m.info, s, nil, nil)
	}
	lit, sub := ip.objLiteral(def)
	if lit == nil {
		return nil
	}
	return litState(ip.m.info, s, lit, sub.eval)
}

// objLiteral returns the composite literal def builds, with the
// interpreter that evaluates its fields (a constructor's, with its
// parameters bound to the call's arguments).
func (ip *winterp) objLiteral(def ast.Expr) (*ast.CompositeLit, *winterp) {
	x, ctor, call := ip.objDef(def)
	if x == nil {
		return nil, nil
	}
	if ctor == nil {
		lit, _ := ip.objLiteralOnly(x)
		return lit, ip
	}
	s := ip.sub(ctor.Body, ctor.Type, call)
	if s == nil {
		return nil, nil
	}
	if _, prelude, _ := ctorReturn(ip.m.info, ctor); len(prelude) > 0 {
		s.stmts(prelude) // the defaults it fills in
	}
	lit, _ := ip.objLiteralOnly(x)
	if lit == nil {
		return nil, nil
	}
	return lit, s
}

// objDef returns the expression that builds the object def defines: a
// composite literal written in place (or its address), or the one result
// of a same-package constructor def calls, with the constructor and the
// call; nil when def is neither.
func (ip *winterp) objDef(def ast.Expr) (x ast.Expr, ctor *ast.FuncDecl, call *ast.CallExpr) {
	if lit, ok := ip.objLiteralOnly(def); ok {
		return lit, nil, nil
	}
	call, ok := ast.Unparen(def).(*ast.CallExpr)
	if !ok {
		return nil, nil, nil
	}
	fn := typesx.Callee(ip.m.info, call)
	if fn == nil || fn.Pkg() != ip.m.pkg {
		return nil, nil, nil
	}
	decl := ip.m.FuncDecl(fn)
	if decl == nil || decl.Body == nil || decl.Recv != nil {
		return nil, nil, nil
	}
	res, _, _ := ctorReturn(ip.m.info, decl)
	if res == nil {
		return nil, nil, nil
	}
	return res, decl, call
}

// mayBuild reports whether def has a form objLiteral accepts, read
// without running anything: the test made before followable, which may
// load another package's source.
func (ip *winterp) mayBuild(def ast.Expr) bool {
	x, _, _ := ip.objDef(def)
	if x == nil {
		return false
	}
	_, ok := ip.objLiteralOnly(x)
	return ok
}

func (ip *winterp) objLiteralOnly(x ast.Expr) (*ast.CompositeLit, bool) {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	lit, ok := x.(*ast.CompositeLit)
	return lit, ok
}

// zeroOf is the zero value of a number or bool; other types are unknown.
func zeroOf(t types.Type) waitshape.Num {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return waitshape.Unknown()
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return waitshape.Bool(false)
	case b.Info()&types.IsNumeric != 0:
		return waitshape.Known(0)
	}
	return waitshape.Unknown()
}

// followable reports whether every use of v in body is a field read or
// write, or a call of a method that stateMethod accepts in a position
// the interpreter evaluates.
func (m *model) followable(body *ast.BlockStmt, v *types.Var) bool {
	// The interpreter asks at each definition it runs, on every path
	// and attempt: the body is read once per object.
	return typesx.Cached(&m.followed, followKey{body, v}, func() bool { return m.followableRead(body, v) })
}

// followKey is the key of followable's cache.
type followKey struct {
	body *ast.BlockStmt
	v    *types.Var
}

// followableRead is followable, worked out.
func (m *model) followableRead(body *ast.BlockStmt, v *types.Var) bool {
	ok := true
	allowed := make(map[*ast.Ident]bool)
	evaluated := make(map[*ast.CallExpr]bool)
	type call struct {
		n  *ast.CallExpr
		fn *types.Func
	}
	var methods []call // v's methods called, checked last
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			// A closure may act on the object at any time.
			ast.Inspect(n.Body, func(x ast.Node) bool {
				if id, isID := x.(*ast.Ident); isID && m.info.Uses[id] == v {
					ok = false
				}
				return ok
			})
			return false
		case *ast.ExprStmt:
			if c, isCall := ast.Unparen(n.X).(*ast.CallExpr); isCall {
				evaluated[c] = true
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && (m.info.Defs[id] == v || m.info.Uses[id] == v) {
					allowed[id] = true
				}
			}
			for _, r := range n.Rhs {
				markCalls(r, evaluated)
			}
		case *ast.ValueSpec:
			for _, r := range n.Values {
				markCalls(r, evaluated)
			}
		case *ast.SelectorExpr:
			id, isID := ast.Unparen(n.X).(*ast.Ident)
			if !isID || m.info.Uses[id] != v {
				return true
			}
			sel := m.info.Selections[n]
			if sel == nil {
				ok = false
				return false
			}
			// A method value is checked with its call below.
			if sel.Kind() == types.FieldVal && len(sel.Index()) == 1 {
				allowed[id] = true
			}
		case *ast.CallExpr:
			if fn := typesx.Callee(m.info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				// The duration of a wait is evaluated.
				for _, a := range n.Args {
					markCalls(a, evaluated)
				}
			}
			if sel := methodOn(m.info, n, v); sel != nil {
				fn, _ := m.info.Uses[sel.Sel].(*types.Func)
				methods = append(methods, call{n, fn})
				allowed[typesx.IdentOf(sel.X)] = true
			}
		}
		return ok
	})
	if !ok {
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && m.info.Uses[id] == v && !allowed[id] {
			ok = false
		}
		return ok
	})
	// The methods last: a method of another package's type loads that
	// package (methodOf), which the checks above often make needless.
	for _, c := range methods {
		if !ok {
			break
		}
		d, dm := m.methodOf(c.fn)
		switch {
		case d == nil || d.Body == nil:
			ok = false
		case !dm.Pure(d.Body, nil):
			ok = dm.stateMethod(d) && evaluated[c.n]
		}
	}
	return ok
}

// markCalls marks the calls in x, outside function literals.
func markCalls(x ast.Expr, evaluated map[*ast.CallExpr]bool) {
	typesx.InspectNoLits(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			evaluated[n] = true
		}
		return true
	})
}

// methodOn returns the selector of n when n is a call of a method (or a
// func field) of the variable v (v.next()), else nil.
func methodOn(info *types.Info, n ast.Node, v *types.Var) *ast.SelectorExpr {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || info.Uses[typesx.IdentOf(sel.X)] != v {
		return nil
	}
	return sel
}

// stateMethod reports whether a method of the package writes nothing
// but its receiver's own fields (r.f = ..., r.f++, r.f *= 2) and its
// locals, calls no method on its receiver but pure ones, and does not
// let its receiver escape: the interpreter can run it on an objState.
func (m *model) stateMethod(d *ast.FuncDecl) bool {
	r := typesx.RecvVar(m.info, d)
	if r == nil || d.Body == nil {
		return false
	}
	if _, s := m.stateStruct(r.Type()); s == nil {
		return false
	}
	start, end := d.Body.Pos(), d.Body.End()
	ok := true
	atomicArg := make(map[*ast.UnaryExpr]bool)
	target := func(l ast.Expr) {
		switch y := ast.Unparen(l).(type) {
		case *ast.Ident:
			if y.Name == "_" {
				return
			}
			if v, isVar := m.info.Uses[y].(*types.Var); isVar && (v.Pos() < start || v.Pos() >= end) {
				if v.Parent() == nil || pkgLevel(v) || v == r {
					ok = false
				}
			}
		case *ast.SelectorExpr:
			id, isID := ast.Unparen(y.X).(*ast.Ident)
			sel := m.info.Selections[y]
			if !isID || m.info.Uses[id] != r || sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
				ok = false
			}
		default:
			ok = false
		}
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			ok = false
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					target(l)
				}
			}
			for _, x := range n.Rhs {
				if id, isID := ast.Unparen(x).(*ast.Ident); isID && m.info.Uses[id] == r {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			target(n.X)
		case *ast.UnaryExpr:
			if n.Op == token.AND && !atomicArg[n] {
				ok = false
			}
		case *ast.CallExpr:
			if u, _ := atomicOp(m.info, n); u != nil {
				target(u.X)
				atomicArg[u] = true
			}
			for _, a := range n.Args {
				if id, isID := ast.Unparen(a).(*ast.Ident); isID && m.info.Uses[id] == r {
					ok = false
				}
			}
			if sel := methodOn(m.info, n, r); sel != nil {
				fn, _ := m.info.Uses[sel.Sel].(*types.Func)
				if cd, cm := m.methodOf(fn); cd == nil || cd.Body == nil || !cm.Pure(cd.Body, nil) {
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}

// stateCall runs a method that keeps state in its receiver on the
// followed object it is called on: a method of the package, or of a type
// of another package of the module, run from that package's source by
// its model (methodOf), on the object's fields matched by position. ok
// is false when the call is not such a call.
func (ip *winterp) stateCall(x *ast.CallExpr, fn *types.Func) (waitshape.Num, bool) {
	sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !isSel {
		return waitshape.Num{}, false
	}
	_, st := ip.obj(sel.X)
	if st == nil {
		return waitshape.Num{}, false
	}
	fn = ip.concreteOf(sel.X, fn) // waits_closure.go
	d, dm := ip.m.methodOf(fn)
	if d == nil || d.Body == nil {
		st.lost = true
		return waitshape.Unknown(), true
	}
	if dm.Pure(d.Body, nil) && !dm.readsRecvFields(d) {
		return waitshape.Num{}, false
	}
	if !dm.Pure(d.Body, nil) && !dm.stateMethod(d) {
		st.lost = true
		return waitshape.Unknown(), true
	}
	r := typesx.RecvVar(dm.info, d)
	s := ip.subIn(dm, d.Body, d.Type, x)
	if s == nil || r == nil {
		st.lost = true
		return waitshape.Unknown(), true
	}
	recvT := ip.m.info.TypeOf(sel.X)
	if st.typ != nil {
		recvT = st.typ
	}
	_, cs := ip.m.stateStruct(recvT)
	_, ss := dm.stateStruct(r.Type())
	if cs == nil || ss == nil || !sameFields(cs, ss) {
		st.lost = true
		return waitshape.Unknown(), true
	}
	bound := st.as(cs, ss)
	if _, isPtr := r.Type().(*types.Pointer); !isPtr && bound == st {
		// A value receiver works on a copy.
		bound = st.copyState()
	}
	s.objs = map[*types.Var]*objState{r: bound}
	c := s.stmts(d.Body.List)
	if _, isPtr := r.Type().(*types.Pointer); isPtr && bound != st {
		*st = *bound.as(ss, cs)
	}
	if c == ctrlStop {
		st.lost = true
	}
	if c != ctrlReturn {
		return waitshape.Unknown(), true
	}
	return s.ret, true
}

// sameFields reports whether two views of one struct (the analysed
// package's, from export data, and its source's) have the same fields.
func sameFields(a, b *types.Struct) bool {
	if a == b {
		return true
	}
	if a.NumFields() != b.NumFields() {
		return false
	}
	for i := 0; i < a.NumFields(); i++ {
		if a.Field(i).Name() != b.Field(i).Name() {
			return false
		}
	}
	return true
}

// as returns the state keyed by the fields of to, the same struct as
// from seen by another type check; st itself when they are one.
func (st *objState) as(from, to *types.Struct) *objState {
	if from == to {
		return st
	}
	c := &objState{fields: make(map[*types.Var]waitshape.Num, len(st.fields)), lost: st.lost, typ: st.typ, recv: st.recv}
	for i := 0; i < from.NumFields(); i++ {
		if x, ok := st.fields[from.Field(i)]; ok {
			c.fields[to.Field(i)] = x
		}
	}
	return c
}

// readsRecvFields reports whether a method reads its receiver's fields
// (a pure method that only reads them needs the object's state too).
func (m *model) readsRecvFields(d *ast.FuncDecl) bool {
	r := typesx.RecvVar(m.info, d)
	return r != nil && typesx.UsesAny(m.info, d.Body, map[*types.Var]bool{r: true})
}

// objField returns the value of a field of a followed object.
func (ip *winterp) objField(x *ast.SelectorExpr, f *types.Var) (waitshape.Num, bool) {
	_, st := ip.obj(x.X)
	if st == nil {
		return waitshape.Num{}, false
	}
	if st.lost {
		return waitshape.Unknown(), true
	}
	val, ok := st.fields[f]
	if !ok {
		return waitshape.Unknown(), true
	}
	return val, true
}

// setField writes a field of a followed object, when l is one.
func (ip *winterp) setField(l ast.Expr, val waitshape.Num) {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	if !ok || ip.objVar(sel.X) == nil {
		return
	}
	st := ip.objs[ip.objVar(sel.X)]
	if f, _ := ip.m.info.Uses[sel.Sel].(*types.Var); f != nil {
		st.fields[f] = val
	} else {
		st.lost = true
	}
}

// atomicOp returns x of a sync/atomic call given &x first (a counter
// kept in a field: atomic.AddUint64(&b.attempt, 1)) and the call's name
// without its type (Add, Load, Store, Swap, CompareAndSwap).
func atomicOp(info *types.Info, call *ast.CallExpr) (*ast.UnaryExpr, string) {
	fn := typesx.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync/atomic" || len(call.Args) == 0 {
		return nil, ""
	}
	u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil, ""
	}
	name := fn.Name()
	for _, t := range []string{"Int", "Uint", "Pointer"} {
		if i := strings.Index(name, t); i > 0 {
			return u, name[:i]
		}
	}
	return u, name
}

// atomicCall runs a sync/atomic call on a field of a followed object or
// a local as the plain read or write it is when one goroutine runs it;
// ok is false when call is no such call.
func (ip *winterp) atomicCall(call *ast.CallExpr) (waitshape.Num, bool) {
	u, name := atomicOp(ip.m.info, call)
	if u == nil {
		return waitshape.Num{}, false
	}
	old, val := ip.eval(u.X), waitshape.Unknown()
	switch {
	case name == "Load":
		return old, true
	case name == "Add" && len(call.Args) == 2:
		val = ip.binary(token.ADD, old, ip.eval(call.Args[1]), true)
	case (name == "Store" || name == "Swap") && len(call.Args) == 2:
		val = ip.eval(call.Args[1])
	}
	if v := ip.localVar(u.X); v != nil {
		ip.env[v] = val
	} else {
		ip.setField(u.X, val)
	}
	if name == "Swap" {
		return old, true
	}
	return val, true // Add's new value; Store and CompareAndSwap: not read
}

// defineObj starts the state of an object defined in the region: each
// definition makes a new object.
func (ip *winterp) defineObj(v *types.Var, rhs ast.Expr) {
	if ip.objs != nil {
		delete(ip.objs, v)
	}
	if ip.body == nil || !ip.inRegion(v.Pos()) {
		return
	}
	if _, s := ip.m.stateStruct(v.Type()); s == nil || rhs != nil && !ip.mayBuild(rhs) || !ip.m.followable(ip.body, v) {
		return
	}
	if st := ip.buildObj(v, rhs); st != nil {
		if ip.objs == nil {
			ip.objs = make(map[*types.Var]*objState)
		}
		ip.objs[v] = st
	}
}

// loseObjs marks the followed objects that calls in n act on as lost:
// n is code the interpreter skips.
func (ip *winterp) loseObjs(n ast.Node) {
	if len(ip.objs) == 0 {
		return
	}
	lose := func(x ast.Expr) {
		if v := ip.objVar(x); v != nil {
			ip.objs[v].lost = true
		}
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && ip.objVar(sel.X) != nil {
				if f, isVar := ip.m.info.Uses[sel.Sel].(*types.Var); isVar && f.IsField() {
					// A func the object keeps in a field: the one
					// the package stores there changes nothing.
					if body, _, lit, _, ok := ip.m.IndexedFunc(x.Fun); !ok || !ip.m.Pure(body, lit) {
						lose(sel.X)
					}
					break
				}
				d, dm := ip.m.methodOf(typesx.Callee(ip.m.info, x))
				if d == nil || d.Body == nil || !dm.Pure(d.Body, nil) {
					lose(sel.X)
				}
			}
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
					lose(sel.X)
				}
				lose(l)
			}
		case *ast.IncDecStmt:
			if sel, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok {
				lose(sel.X)
			}
		}
		return true
	})
}

// objStmt runs a method called as a statement on a followed object
// (b.reset()), for its effect on the object.
func (ip *winterp) objStmt(x ast.Expr) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return
	}
	if _, ok := ip.atomicCall(call); ok || ip.holds(call) {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	_, st := ip.obj(sel.X)
	if st == nil {
		return
	}
	if fn := typesx.Callee(ip.m.info, call); fn == nil {
		st.lost = true
	} else if _, ok := ip.stateCall(call, fn); !ok {
		st.lost = true
	}
}

// applyBefore applies to the state of v, built from its definition
// before the region, the writes of its fields between the definition and
// the region (b.base = time.Second). A method called on it there, or a
// write the interpreter cannot compute, makes it not followable.
func (ip *winterp) applyBefore(v *types.Var, st *objState) bool {
	if ip.region == nil {
		return true
	}
	ok := true
	start := ip.region.Pos()
	ast.Inspect(ip.body, func(n ast.Node) bool {
		if !ok || n == nil || n.Pos() >= start {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if methodOn(ip.m.info, n, v) != nil {
				d, dm := ip.m.methodOf(typesx.Callee(ip.m.info, n))
				if d == nil || d.Body == nil || !dm.Pure(d.Body, nil) {
					ok = false
				}
			}
		case *ast.IncDecStmt:
			if sel, isSel := ast.Unparen(n.X).(*ast.SelectorExpr); isSel && ip.m.info.Uses[typesx.IdentOf(sel.X)] == v {
				ok = false
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, isSel := ast.Unparen(l).(*ast.SelectorExpr)
				if !isSel || ip.m.info.Uses[typesx.IdentOf(sel.X)] != v {
					continue
				}
				f, _ := ip.m.info.Uses[sel.Sel].(*types.Var)
				if f == nil || n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
					ok = false
					return false
				}
				val := ip.eval(n.Rhs[i])
				if ip.enclosedBranch(n) {
					if st.recv && keepsStandin(n.Tok, st.fields[f], val) {
						continue // waits_recv.go
					}
					ok = false
					return false
				}
				st.fields[f] = val
			}
		}
		return true
	})
	return ok
}

// enclosedBranch reports whether statement s is not at the top level of
// the function body (it may or may not run).
func (ip *winterp) enclosedBranch(s ast.Stmt) bool {
	return !slices.Contains(ip.body.List, s)
}

// ifaceCall runs a method called through an interface (a policy or
// handler: c.policy.GetInterval(i)) when the value is a field or package
// variable the package writes once, with a composite literal of one of
// its own types or a constructor of the package that takes nothing and
// returns one (the default NewConfig ships, Syncer: NewDefaultSyncer()):
// the concrete method runs on the literal's fields. Only a method that
// changes nothing is run: the value's state between calls is not
// followed. ok is false otherwise.
func (ip *winterp) ifaceCall(x *ast.CallExpr, fn *types.Func, recv ast.Expr) (waitshape.Num, bool) {
	sub, d := ip.ifaceSub(x, fn, recv)
	if sub == nil {
		return waitshape.Num{}, false
	}
	return sub.result(d.Body), true
}

// ifaceSub returns the interpreter of the concrete method ifaceCall runs,
// with its receiver bound to the literal, and the method.
func (ip *winterp) ifaceSub(x *ast.CallExpr, fn *types.Func, recv ast.Expr) (*winterp, *ast.FuncDecl) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || recv == nil {
		return nil, nil
	}
	lit, ctor := ip.soleLiteral(recv, 0)
	var built *objState
	if ctor != nil {
		// A constructor of constants builds the value
		// (NewBackOffRetryPolicy(3, 20000, 300)): its fields are what
		// it makes of them (waits_closure.go's ctorObj).
		if built = ip.ctorObj(ctor); built == nil || built.typ == nil {
			return ip.implSub(x, fn)
		}
	} else if lit == nil {
		return ip.implSub(x, fn) // waits_impl.go
	}
	var t types.Type
	if built != nil {
		t = typesx.Deref(built.typ)
	} else {
		t = ip.m.info.TypeOf(lit)
	}
	if t == nil {
		return nil, nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, ip.m.pkg, fn.Name())
	mfn, _ := obj.(*types.Func)
	if mfn == nil || mfn.Pkg() != ip.m.pkg {
		return nil, nil
	}
	d := ip.m.FuncDecl(mfn)
	r := (*types.Var)(nil)
	if d != nil {
		r = typesx.RecvVar(ip.m.info, d)
	}
	if d == nil || d.Body == nil || r == nil || !ip.m.Pure(d.Body, nil) {
		return nil, nil
	}
	if ip.m.impl == nil && ip.m.unseen == nil && returnsDuration(sig) {
		// The package's default: the method that computes the wait is
		// where the fix goes (waits_impl.go), not its retry decision.
		ip.m.unseen, ip.m.viaDefault = fn, mfn
	}
	st := built
	if st == nil {
		_, s := ip.m.stateStruct(t)
		if s == nil {
			return nil, nil
		}
		// The literal is written elsewhere: its values are constants
		// or stand-ins, the same on every call.
		fresh := func(x ast.Expr) waitshape.Num { return ip.subInterp(ip.m, nil, nil).eval(x) }
		if st = litState(ip.m.info, s, lit, fresh); st == nil {
			return nil, nil
		}
	}
	sub := ip.sub(d.Body, d.Type, x)
	if sub == nil {
		return nil, nil
	}
	if typesx.UsesAny(ip.m.info, d.Body, map[*types.Var]bool{r: true}) {
		sub.objs = map[*types.Var]*objState{r: st}
	}
	return sub, d
}

// returnsDuration reports whether sig has a numeric result (a
// time.Duration, milliseconds): a wait's, not a decision's bool.
func returnsDuration(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if b, ok := sig.Results().At(i).Type().Underlying().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 {
			return true
		}
	}
	return false
}

// soleLiteral returns the composite literal of a struct type of the
// package that x holds: a local defined once from a field or package
// variable, a field or package variable the package writes only once,
// with that literal (or its address), or with a package variable that
// holds one. When a constructor given constants makes the literal from
// its parameters, it returns the constructor's call instead (ctor).
func (ip *winterp) soleLiteral(x ast.Expr, depth int) (lit *ast.CompositeLit, ctor *ast.CallExpr) {
	if depth > 2 {
		return nil, nil
	}
	v, _ := ip.m.info.Uses[typesx.NameIdent(x)].(*types.Var)
	if v == nil {
		return nil, nil
	}
	if !ip.m.IndexedVar(v) {
		if ip.body == nil || v.Pos() < ip.body.Pos() || v.Pos() >= ip.body.End() {
			return nil, nil
		}
		def := typesx.SoleAssigned(ip.m.info, ip.body, v)
		if def == nil {
			return nil, nil
		}
		if call, ok := ast.Unparen(def).(*ast.CallExpr); ok {
			// A getter of the package's default where the
			// setting is nil (waits_nildefault.go): the default.
			if d := ip.getterDefault(call); d != nil {
				return ip.soleLiteral(d, depth+1)
			}
		}
		return ip.soleLiteral(def, depth+1)
	}
	ws, ok := ip.m.Reaching(v)
	if !ok || len(ws) != 1 || ws[0].Zero || ws[0].X == nil {
		return nil, nil
	}
	note := func() {
		if v.Exported() && types.IsInterface(v.Type()) {
			ip.m.NoteLocalDefault(v, ws[0].X) // the user may install another
		}
	}
	if id, isID := ast.Unparen(ws[0].X).(*ast.Ident); isID {
		// A package variable holding the default (DEFAULT_POLICY).
		if pv, _ := ip.m.info.Uses[id].(*types.Var); pv != nil && pkgLevel(pv) {
			if lit, ctor = ip.soleLiteral(id, depth+1); lit != nil || ctor != nil {
				note()
			}
			return lit, ctor
		}
	}
	x, _, call := ip.objDef(ws[0].X)
	lit, _ = ip.objLiteralOnly(x)
	if lit == nil {
		return nil, nil
	}
	if _, s := ip.m.stateStruct(ip.m.info.TypeOf(lit)); s == nil {
		return nil, nil
	}
	note()
	if call != nil && len(call.Args) != 0 {
		return nil, call
	}
	return lit, nil
}
