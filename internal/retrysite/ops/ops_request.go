package ops

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file follows a request: where it is built (its method) and where
// headers are set on it (its Idempotency-Key).

// bound returns the caller's argument a helper parameter is bound to.
func (f *frame) bound(v *types.Var) (argRef, bool) {
	if f == nil || f.binds == nil {
		return argRef{}, false
	}
	a, ok := f.binds[v]
	return a, ok
}

// origin follows the expression a request comes from. idx is the result
// index when x is a multi-value call.
func (d *describer) origin(x ast.Expr, f *frame, t *reqTrace, idx int) {
	if x == nil {
		t.originUnknown = true
		return
	}
	x = ast.Unparen(x)
	if d.seenNode[x] {
		return // a cycle: x is being traced
	}
	d.seenNode[x] = true
	defer delete(d.seenNode, x) // another target may reach it again (targetsCall)
	info := d.m.info
	switch x := x.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			d.origin(x.X, f, t, 0)
			return
		}
		t.originUnknown = true
	case *ast.StarExpr:
		d.origin(x.X, f, t, 0)
	case *ast.CompositeLit:
		if !typesx.IsNamed(info.TypeOf(x), pkgHTTP, "Request") {
			t.originUnknown = true
			return
		}
		methodSet := false
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			switch {
			case ok && typesx.IsIdent(kv.Key, "Method"):
				methodSet = true
				d.addMethod(kv.Value, f, t)
			case ok && typesx.IsIdent(kv.Key, "Header"):
				d.headerOrigin(kv.Value, f, t)
			}
		}
		if !methodSet {
			t.addOrigin(http.MethodGet, x.Pos()) // an empty Method means GET
		}
	case *ast.Ident:
		if _, isNil := info.Uses[x].(*types.Nil); isNil {
			return // return nil, err
		}
		v := typesx.VarOf(info, x)
		if v == nil {
			t.originUnknown = true
			return
		}
		d.varRequest(v, f, t, false)
	case *ast.CallExpr:
		d.callOrigin(x, f, t, idx)
	case *ast.SelectorExpr:
		d.fieldOrigin(x, t) // methods.go
	default:
		t.originUnknown, t.opaque = true, true
	}
}

// addMethod records the method x holds in f, or that it is unknown.
func (d *describer) addMethod(x ast.Expr, f *frame, t *reqTrace) {
	if s, pos, ok := d.str(x, f); ok {
		t.addOrigin(s, pos)
	} else if refs, ok := d.methodSet(x, f); ok { // methods.go
		t.origins = append(t.origins, refs...)
	} else {
		t.originUnknown = true
	}
}

// callOrigin follows a call that returns a request.
func (d *describer) callOrigin(x *ast.CallExpr, f *frame, t *reqTrace, idx int) {
	fn := typesx.Callee(d.m.info, x)
	if fn == nil || fn.Pkg() == nil {
		t.originUnknown, t.opaque = true, true
		return
	}
	key := knowledge.EntryKey(fn.Origin())
	if o, ok := knowledge.OriginOf(key); ok {
		if o.MethodArg >= 0 {
			d.addMethod(argAt(x, o.MethodArg), f, t) // none: unknown
			t.urls = append(t.urls, argRef{argAt(x, o.URLArg()), f})
		} else {
			d.origin(argAt(x, o.From), f, t, 0)
		}
		return
	}
	if p := fn.Pkg().Path(); knowledge.IsBuilderPackage(p) {
		sig, _ := fn.Type().(*types.Signature)
		if sig == nil || sig.Recv() == nil {
			t.originUnknown = true
			return
		}
		switch {
		case isBuilderMethod(fn):
			d.builderMethod(x, fn, f, t)
			d.origin(callRecv(x), f, t, 0)
		case knowledge.IsNewRequest(key):
			d.builderClient(callRecv(x), f, t, 0)
		default:
			t.originUnknown = true
		}
		return
	}
	if fn.Pkg() == d.m.pkg {
		if d.followReturns(fn, x, f, idx, func(r ast.Expr, hf *frame, i int) { d.origin(r, hf, t, i) }) {
			return
		}
	} else if d.elsewhereBuilt(x, fn, t) {
		return
	}
	t.originUnknown, t.opaque = true, true
}

// followReturns calls visit with each expression a same-package function
// returns as its idx'th result, in a frame bound to call. It reports
// whether it could follow the function.
func (d *describer) followReturns(fn *types.Func, call *ast.CallExpr, f *frame, idx int, visit func(ast.Expr, *frame, int)) bool {
	decl := d.m.FuncDecl(fn)
	if decl == nil || decl.Body == nil || f.depth >= maxDepth || d.seenNode[decl] {
		return false
	}
	d.seenNode[decl] = true
	defer delete(d.seenNode, decl)
	hf := d.helperFrame(decl, call, f)
	sig := fn.Type().(*types.Signature)
	var named *ast.Ident
	if decl.Type.Results != nil {
		k := 0
		for _, fl := range decl.Type.Results.List {
			for _, n := range fl.Names {
				if k == idx {
					named = n
				}
				k++
			}
		}
	}
	for _, n := range typesx.Returns(decl.Body) {
		switch {
		case len(n.Results) == 0 && named != nil:
			visit(named, hf, 0)
		case len(n.Results) == 1 && sig.Results().Len() > 1:
			visit(n.Results[0], hf, idx)
		case idx < len(n.Results):
			visit(n.Results[idx], hf, 0)
		}
	}
	return true
}

// varRequest follows a variable that holds a request (with header, a
// header map): its definitions and what is done to it.
func (d *describer) varRequest(v *types.Var, f *frame, t *reqTrace, header bool) {
	if d.seenVar[v] {
		return // a cycle: the variable is being followed
	}
	d.seenVar[v] = true
	defer delete(d.seenVar, v) // another target may reach it again (targetsCall)
	origin := func(x ast.Expr, f *frame, idx int) { d.origin(x, f, t, idx) }
	use, unknown := d.reqExprUse, &t.originUnknown
	if header {
		origin = func(x ast.Expr, f *frame, _ int) { d.headerOrigin(x, f, t) }
		use, unknown = d.headerExprUse, &t.opaque
	}
	a, bound := f.bound(v)
	if bound {
		origin(a.x, a.f, 0)
	}
	handed := !header && !bound && d.handedRequest(v) // handed.go
	if handed {
		t.origins = append(t.origins, methodRef{site.MethodAny, token.NoPos})
	}
	for _, u := range d.usesOf(v) {
		if !isDefUse(u) && !d.afterSend(u) {
			use(u.id, u.path, f, t)
		}
	}
	ds := d.defs(v)
	for _, df := range ds {
		if df.rhs != nil {
			origin(df.rhs, f, df.idx)
		} else {
			*unknown = true
		}
	}
	switch {
	case len(ds) > 0 || bound || handed:
	case !header && t.fieldHeld && d.paramArgs(v, func(x ast.Expr) { d.origin(x, &frame{}, t, 0) }):
		// A parameter of the function that stores the request in a
		// field: what the package's callers give it (methods.go).
	case !header:
		// A parameter or a variable the model cannot see defined: its
		// method and headers were decided elsewhere.
		t.originUnknown, t.opaque = true, true
	case !d.isReceiver(v):
		t.opaque = true
	}
}

// afterSend reports whether u comes after the send being described, in
// the same function declaration, with no loop or function literal around
// both and no way back to the send (a goto, a call of the function
// itself): a hook given the request once it is sent
// (c.onRequestCompleted(req, res)) cannot change what went out.
func (d *describer) afterSend(u use) bool {
	s := d.sending
	if s == nil || len(u.path) == 0 || u.id.Pos() < s.End() {
		return false
	}
	decl, ok := u.path[0].(*ast.FuncDecl)
	if !ok || decl.Body == nil || s.Pos() < decl.Body.Pos() || s.End() > decl.Body.End() {
		return false
	}
	for _, n := range u.path {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			if n.Pos() <= s.Pos() && s.End() <= n.End() {
				return false
			}
		}
	}
	fn, _ := d.m.info.Defs[decl.Name].(*types.Func)
	back := fn == nil || typesx.CallsFunc(d.m.info, decl.Body, fn)
	return !typesx.InspectUntil(&back, decl.Body, func(n ast.Node) bool {
		b, ok := n.(*ast.BranchStmt)
		back = ok && b.Tok == token.GOTO
		return true
	})
}

// isDefUse reports whether a use defines the variable (the left side of
// an assignment, a declaration, a range variable).
func isDefUse(u use) bool {
	switch p := u.parent().(type) {
	case *ast.AssignStmt:
		return slices.Contains(p.Lhs, ast.Expr(u.id))
	case *ast.ValueSpec:
		return slices.Contains(p.Names, u.id)
	case *ast.RangeStmt:
		return p.Key == u.id || p.Value == u.id
	case *ast.Field:
		return true
	}
	return false
}

// reqExprUse looks at what is done with an expression e that denotes the
// request; path holds its ancestors.
func (d *describer) reqExprUse(e ast.Expr, path []ast.Node, f *frame, t *reqTrace) {
	if len(path) == 0 {
		return
	}
	parent, rest := path[len(path)-1], path[:len(path)-1]
	switch p := parent.(type) {
	case *ast.ParenExpr, *ast.StarExpr:
		d.reqExprUse(p.(ast.Expr), rest, f, t)
	case *ast.SelectorExpr:
		if p.X != e {
			return
		}
		if sel := d.m.info.Selections[p]; sel != nil && sel.Kind() == types.MethodVal {
			call, crest := parentCall(p, rest)
			if call == nil {
				return
			}
			fn, _ := sel.Obj().(*types.Func)
			if fn != nil && fn.Pkg() != nil && isBuilderMethod(fn) {
				d.builderMethod(call, fn, f, t)
				if isBuilderType(d.m.info.TypeOf(call)) {
					d.reqExprUse(call, crest, f, t)
				}
			}
			return
		}
		switch p.Sel.Name {
		case "Header":
			d.headerExprUse(p, rest, f, t)
		case "Request", "RawRequest":
			if typesx.IsNamed(d.m.info.TypeOf(p), pkgHTTP, "Request") {
				d.reqExprUse(p, rest, f, t)
			}
		case "Method":
			if as, ok := parentAssign(p, rest); ok {
				if s, pos, ok := d.str(as, f); ok {
					t.assigned = append(t.assigned, methodRef{strings.ToUpper(s), pos})
				} else {
					t.assigned = append(t.assigned, methodRef{"?", p.Pos()})
				}
			}
		}
	case *ast.CallExpr:
		if p == d.sending {
			return // the send itself (its library's own body, self-analysed)
		}
		for i, a := range p.Args {
			if a == e {
				d.passedTo(p, i, rest, f, t, false)
			}
		}
	case *ast.AssignStmt, *ast.ValueSpec:
		if w := d.assignedTo(p, e); w != nil {
			d.varRequest(w, f, t, false)
		}
	}
}

// assignedTo returns the variable parent, an assignment or a
// declaration, gives the value e, or nil.
func (d *describer) assignedTo(parent ast.Node, e ast.Expr) *types.Var {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		if i := slices.Index(p.Rhs, e); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			return typesx.VarOf(d.m.info, p.Lhs[i])
		}
	case *ast.ValueSpec:
		if i := slices.Index(p.Values, e); i >= 0 && i < len(p.Names) {
			return typesx.VarOf(d.m.info, p.Names[i])
		}
	}
	return nil
}

// parentCall returns the call whose function is sel, and its ancestors.
func parentCall(sel *ast.SelectorExpr, rest []ast.Node) (*ast.CallExpr, []ast.Node) {
	if len(rest) == 0 {
		return nil, nil
	}
	if c, ok := rest[len(rest)-1].(*ast.CallExpr); ok && ast.Unparen(c.Fun) == sel {
		return c, rest[:len(rest)-1]
	}
	return nil, nil
}

// parentAssign returns the value assigned to x when x is the target of a
// plain assignment.
func parentAssign(x ast.Expr, rest []ast.Node) (ast.Expr, bool) {
	if len(rest) == 0 {
		return nil, false
	}
	as, ok := rest[len(rest)-1].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return nil, false
	}
	if i := slices.Index(as.Lhs, x); i >= 0 {
		return as.Rhs[i], true
	}
	return nil, false
}

// headerExprUse looks at what is done with an expression h that denotes
// a request's headers.
func (d *describer) headerExprUse(h ast.Expr, path []ast.Node, f *frame, t *reqTrace) {
	if len(path) == 0 {
		return
	}
	parent, rest := path[len(path)-1], path[:len(path)-1]
	switch p := parent.(type) {
	case *ast.ParenExpr:
		d.headerExprUse(p, rest, f, t)
	case *ast.SelectorExpr:
		if p.X != h {
			return
		}
		call, _ := parentCall(p, rest)
		if call == nil {
			return
		}
		switch p.Sel.Name {
		case "Set", "Add":
			if len(call.Args) == 2 {
				d.keyOp(call.Args[0], call.Args[1], call.Pos(), f, t)
			}
		}
	case *ast.IndexExpr:
		if p.X != h {
			return
		}
		if val, ok := parentAssign(p, rest); ok {
			d.keyOp(p.Index, firstElem(val), p.Pos(), f, t)
		}
	case *ast.AssignStmt, *ast.ValueSpec:
		if val, ok := parentAssign(h, path); ok {
			d.headerOrigin(val, f, t) // req.Header = h
		}
		if w := d.assignedTo(p, h); w != nil {
			d.varRequest(w, f, t, true)
		}
	case *ast.CallExpr:
		for i, a := range p.Args {
			if a == h {
				d.passedTo(p, i, rest, f, t, true)
			}
		}
	}
}

// firstElem returns the first element of a []string literal, or x.
func firstElem(x ast.Expr) ast.Expr {
	if cl, ok := ast.Unparen(x).(*ast.CompositeLit); ok && len(cl.Elts) > 0 {
		return cl.Elts[0]
	}
	return x
}

// keyOp records a header set: when the name is the key header, the key.
func (d *describer) keyOp(name, val ast.Expr, pos token.Pos, f *frame, t *reqTrace) {
	s, _, ok := d.str(name, f)
	if !ok {
		// Headers copied from another header map, by a range loop.
		if src, ok := d.rangeSource(name); ok {
			d.headerOrigin(src, f, t)
			return
		}
		t.opaque = true
		return
	}
	if d.isKeyHeader(s) {
		t.keys = append(t.keys, keySet{val: val, f: f, pos: pos})
	}
}

// rangeSource returns X when name is the key of `for name := range X`.
func (d *describer) rangeSource(name ast.Expr) (ast.Expr, bool) {
	v := typesx.VarOf(d.m.info, name)
	if v == nil {
		return nil, false
	}
	ds := d.defs(v)
	if len(ds) == 1 && ds[0].rangeX != nil && ds[0].isKey {
		return ds[0].rangeX, true
	}
	return nil, false
}

// headerOrigin follows an expression that holds a header map.
func (d *describer) headerOrigin(x ast.Expr, f *frame, t *reqTrace) {
	if x == nil {
		return
	}
	x = ast.Unparen(x)
	if d.seenNode[x] {
		return
	}
	d.seenNode[x] = true
	info := d.m.info
	switch x := x.(type) {
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				d.keyOp(kv.Key, firstElem(kv.Value), kv.Pos(), f, t)
			}
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
			d.headerOrigin(argAt(x, 0), f, t)
			return
		}
		if b, ok := info.Uses[typesx.IdentOf(x.Fun)].(*types.Builtin); ok && b.Name() == "make" {
			return
		}
		fn := typesx.Callee(info, x)
		if fn == nil {
			t.opaque = true
			return
		}
		if knowledge.EntryKey(fn.Origin()) == pkgHTTP+".Header.Clone" {
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				d.headerOrigin(sel.X, f, t)
			}
			return
		}
		if fn.Pkg() == d.m.pkg && d.followReturns(fn, x, f, 0, func(r ast.Expr, hf *frame, _ int) { d.headerOrigin(r, hf, t) }) {
			return
		}
		t.opaque = true
	case *ast.Ident:
		if v := typesx.VarOf(info, x); v != nil {
			d.varRequest(v, f, t, true)
		}
	case *ast.SelectorExpr:
		if x.Sel.Name == "Header" && isRequestType(info.TypeOf(x.X)) {
			sub := &reqTrace{}
			d.origin(x.X, f, sub, 0)
			t.keys = append(t.keys, sub.keys...)
			t.opaque = t.opaque || sub.opaque
			return
		}
		// A field: the client's default headers are shared by every
		// operation and hold no per-operation key; per-call options
		// (a parameter's field) may.
		if root := typesx.RootVar(info, x); root != nil {
			if _, ok := f.bound(root); ok {
				// A receiver handed down from the caller's receiver
				// is still the client (ops_callers.go); anything else
				// may be a per-call value.
				if r, _ := d.boundRoot(root, f); r == nil || !d.isReceiver(r) {
					t.opaque = true
				}
				return
			}
			if isParam, isRecv := d.paramKind(root); isParam && !isRecv {
				t.opaque = true
			}
		}
	default:
		t.opaque = true
	}
}

// isRequestType reports whether t is an HTTP request the model follows.
func isRequestType(t types.Type) bool {
	p, n, ok := namedType(t)
	return ok && knowledge.IsRequestType(p, n)
}

// isBuilderType reports whether t is a request builder (a type whose
// methods set and send the request).
func isBuilderType(t types.Type) bool {
	p, n, ok := namedType(t)
	return ok && knowledge.IsBuilderType(p, n)
}

// isBuilderMethod reports whether fn is a method of a request builder.
func isBuilderMethod(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil && isBuilderType(sig.Recv().Type())
}

// namedType is the package path and name of t or of what it points to.
func namedType(t types.Type) (path, name string, ok bool) {
	if t == nil {
		return "", "", false
	}
	n, isNamed := types.Unalias(typesx.Deref(t)).(*types.Named)
	if !isNamed || n.Obj().Pkg() == nil {
		return "", "", false
	}
	return n.Obj().Pkg().Path(), n.Obj().Name(), true
}

// paramKind reports whether v is a parameter (or receiver) of its
// function, and whether it is the receiver.
func (d *describer) paramKind(v *types.Var) (isParam, isRecv bool) {
	for _, u := range d.usesOf(v) {
		if u.id.Pos() != v.Pos() {
			continue
		}
		for i, n := range u.path {
			fl, ok := n.(*ast.FieldList)
			if !ok {
				continue
			}
			if i > 0 {
				if fd, ok := u.path[i-1].(*ast.FuncDecl); ok && fd.Recv == fl {
					return true, true
				}
			}
			return true, false
		}
	}
	return false, false
}

// passedTo looks at a call that is given the request (or its headers,
// when header is true) as its i'th argument: a same-package helper is
// followed; a function value or an interface method may set anything.
func (d *describer) passedTo(call *ast.CallExpr, i int, rest []ast.Node, f *frame, t *reqTrace, header bool) {
	info := d.m.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		// A conversion (propagation.HeaderCarrier(req.Header)): follow
		// the converted value.
		if header {
			d.headerExprUse(call, rest, f, t)
		} else {
			d.reqExprUse(call, rest, f, t)
		}
		return
	}
	if _, ok := info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); ok {
		return
	}
	fn := typesx.Callee(info, call)
	if fn == nil {
		t.opaque = true // a function value: a request option
		return
	}
	if fn.Pkg() == nil {
		return
	}
	path := fn.Pkg().Path()
	sig, _ := fn.Type().(*types.Signature)
	if fn.Pkg() == d.m.pkg {
		// An interface of the package's own: each of its implementations
		// in the package (an authenticator that sets Authorization).
		decls := []*ast.FuncDecl{d.m.FuncDecl(fn)}
		if sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
			decls = d.m.implementations(fn)
		}
		if len(decls) == 0 || f.depth >= maxDepth || sig == nil || sig.Variadic() && i >= sig.Params().Len()-1 {
			t.opaque = true
			return
		}
		for _, decl := range decls {
			p := (*types.Var)(nil)
			if decl != nil && decl.Body != nil {
				p = declParam(info, decl, i)
			}
			if p == nil {
				t.opaque = true
			} else {
				d.varRequest(p, d.helperFrame(decl, call, f), t, header)
			}
		}
		return
	}
	if sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		if !typesx.IsStd(path) && !knowledge.IsHeaderNeutral(path) {
			t.opaque = true
		}
		return
	}
	if typesx.IsStd(path) {
		if header && path == "maps" && fn.Name() == "Copy" && i == 0 && len(call.Args) == 2 {
			d.headerOrigin(call.Args[1], f, t)
		}
		return
	}
	name := strings.ToLower(fn.Name())
	if strings.Contains(name, "header") || strings.Contains(name, "idempot") {
		t.opaque = true
	}
}

// builderMethod records what a request builder's or its client's method
// sets (knowledge.SetOf).
func (d *describer) builderMethod(call *ast.CallExpr, fn *types.Func, f *frame, t *reqTrace) {
	switch knowledge.SetOf(fn.Pkg().Path(), fn.Name()) {
	case knowledge.SetsHeader:
		if len(call.Args) == 2 {
			d.keyOp(call.Args[0], call.Args[1], call.Pos(), f, t)
		}
	case knowledge.SetsHeaders:
		d.headerOrigin(argAt(call, 0), f, t)
	case knowledge.SetsMethod:
		if s, pos, ok := d.str(argAt(call, 0), f); ok {
			t.assigned = append(t.assigned, methodRef{strings.ToUpper(s), pos})
		}
	case knowledge.SetsHook:
		t.opaque = true
	}
}

// builderClient records the headers a request builder's client sets on
// every request it makes.
func (d *describer) builderClient(x ast.Expr, f *frame, t *reqTrace, depth int) {
	if x == nil || depth > 6 {
		return
	}
	info := d.m.info
	switch y := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := typesx.Callee(info, y)
		if fn == nil || fn.Pkg() == nil {
			return
		}
		if knowledge.IsBuilderPackage(fn.Pkg().Path()) {
			d.builderMethod(y, fn, f, t)
			if sel, ok := ast.Unparen(y.Fun).(*ast.SelectorExpr); ok {
				if _, isMethod := info.Selections[sel]; isMethod {
					d.builderClient(sel.X, f, t, depth+1)
				}
			}
		}
	case *ast.Ident:
		v, _ := info.Uses[y].(*types.Var)
		if v == nil || d.seenVar[v] {
			return
		}
		d.seenVar[v] = true
		for _, u := range d.usesOf(v) {
			if sel, ok := u.parent().(*ast.SelectorExpr); ok && sel.X == u.id {
				if call, _ := parentCall(sel, u.path[:len(u.path)-1]); call != nil {
					if fn := typesx.Callee(info, call); fn != nil && fn.Pkg() != nil && knowledge.IsBuilderPackage(fn.Pkg().Path()) {
						d.builderMethod(call, fn, f, t)
					}
				}
			}
		}
		for _, df := range d.defs(v) {
			d.builderClient(df.rhs, f, t, depth+1)
		}
	}
}

// clientAddsKey reports whether a client's transport adds an
// Idempotency-Key by itself: github.com/retrylint/retrylint/retry's
// transport gives every POST and PATCH one.
func (d *describer) clientAddsKey(x ast.Expr, f *frame, depth int) (token.Pos, bool) {
	if x == nil || depth > 6 {
		return token.NoPos, false
	}
	info := d.m.info
	in := func(xs []ast.Expr, f *frame) (token.Pos, bool) {
		return firstPos(xs, func(x ast.Expr) (token.Pos, bool) { return d.clientAddsKey(x, f, depth+1) })
	}
	transport := func(x ast.Expr) (token.Pos, bool) { return d.transportAddsKey(x, depth+1) }
	switch y := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return d.clientAddsKey(y.X, f, depth+1)
	case *ast.StarExpr:
		return d.clientAddsKey(y.X, f, depth+1)
	case *ast.CompositeLit:
		if !typesx.IsNamed(info.TypeOf(y), pkgHTTP, "Client") {
			return token.NoPos, false
		}
		for _, el := range y.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && typesx.IsIdent(kv.Key, "Transport") {
				return transport(kv.Value)
			}
		}
	case *ast.Ident:
		v, _ := info.Uses[y].(*types.Var)
		if v == nil {
			return token.NoPos, false
		}
		if a, ok := f.bound(v); ok {
			if pos, ok := d.clientAddsKey(a.x, a.f, depth+1); ok {
				return pos, true
			}
		}
		if v.Parent() == d.m.pkg.Scope() {
			return in(d.m.valuesOf(v), nil)
		}
		for _, u := range d.usesOf(v) {
			if sel, ok := u.parent().(*ast.SelectorExpr); ok && sel.X == u.id && sel.Sel.Name == "Transport" {
				if val, ok := parentAssign(sel, u.path[:len(u.path)-1]); ok {
					if pos, ok := transport(val); ok {
						return pos, true
					}
				}
			}
		}
		return in(defRHS(d.defs(v)), f)
	case *ast.SelectorExpr:
		if fld, ok := info.Uses[y.Sel].(*types.Var); ok {
			if pos, ok := in(d.m.valuesOf(fld), nil); ok || !fld.IsField() {
				return pos, ok
			}
			return firstPos(d.m.fieldTransports(fld), transport)
		}
	case *ast.CallExpr:
		fn := typesx.Callee(info, y)
		if fn != nil && fn.Pkg() == d.m.pkg {
			if f == nil {
				f = &frame{}
			}
			var pos token.Pos
			found := false
			d.followReturns(fn, y, f, 0, func(r ast.Expr, hf *frame, _ int) {
				if p, ok := d.clientAddsKey(r, hf, depth+1); ok && !found {
					pos, found = p, true
				}
			})
			return pos, found
		}
	}
	return token.NoPos, false
}

// firstPos returns the first position f finds in xs, in order.
func firstPos(xs []ast.Expr, f func(ast.Expr) (token.Pos, bool)) (token.Pos, bool) {
	for _, x := range xs {
		if pos, ok := f(x); ok {
			return pos, true
		}
	}
	return token.NoPos, false
}

// defRHS returns the values of defs (nil for one with none).
func defRHS(defs []def) []ast.Expr {
	xs := make([]ast.Expr, len(defs))
	for i, df := range defs {
		xs[i] = df.rhs
	}
	return xs
}

// transportAddsKey reports whether a transport adds an Idempotency-Key:
// one of the tables' KeyTransports (retry.NewTransport), or a wrapper
// around it.
func (d *describer) transportAddsKey(x ast.Expr, depth int) (token.Pos, bool) {
	if x == nil || depth > 8 {
		return token.NoPos, false
	}
	info := d.m.info
	sub := func(x ast.Expr) (token.Pos, bool) { return d.transportAddsKey(x, depth+1) }
	switch y := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if fn := typesx.Callee(info, y); fn != nil && knowledge.IsKeyTransport(knowledge.EntryKey(fn.Origin())) {
			return y.Pos(), true
		}
		return firstPos(y.Args, sub)
	case *ast.UnaryExpr:
		return sub(y.X)
	case *ast.CompositeLit:
		for _, el := range y.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if pos, ok := sub(el); ok {
				return pos, true
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		v, _ := info.Uses[typesx.NameIdent(y)].(*types.Var)
		switch {
		case v == nil:
		case v.IsField() || v.Parent() == d.m.pkg.Scope():
			return firstPos(d.m.valuesOf(v), sub)
		default:
			return firstPos(defRHS(d.defs(v)), sub)
		}
	}
	return token.NoPos, false
}

// valuesOf returns the values assigned anywhere in the package to a
// struct field or a package-level variable: composite literal fields,
// assignments, declarations.
func (m *model) valuesOf(v *types.Var) []ast.Expr {
	if m.values == nil {
		m.indexValues()
	}
	return m.values[v]
}

// indexValues records, once per package, every value assigned to each
// variable or field: keyed fields of composite literals, assignments,
// and declarations.
func (m *model) indexValues() {
	m.values = make(map[*types.Var][]ast.Expr)
	add := func(obj types.Object, x ast.Expr) {
		if v, ok := obj.(*types.Var); ok {
			m.values[v] = append(m.values[v], x)
		}
	}
	typesx.Preorder(m.pass, valueNodes, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok {
				add(m.info.Uses[k], n.Value)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) > 1 && len(n.Rhs) == 1 {
				// r.req, err = build(): the call's first result.
				if l, ok := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr); ok {
					add(m.info.Uses[l.Sel], n.Rhs[0])
				}
				return
			}
			if len(n.Lhs) != len(n.Rhs) {
				return
			}
			for i, l := range n.Lhs {
				switch l := ast.Unparen(l).(type) {
				case *ast.SelectorExpr:
					add(m.info.Uses[l.Sel], n.Rhs[i])
				case *ast.Ident:
					add(m.info.Uses[l], n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					add(m.info.Defs[name], n.Values[i])
				}
			}
		}
	})
}

// valueNodes are the nodes indexValues reads.
var valueNodes = []ast.Node{(*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)}

// fieldTransports returns the transports assigned to the Transport of a
// client held in a struct field: s.hc.Transport = t. They are indexed by
// field on first use, in one walk of the package's assignments (a walk
// per field asked was as long).
func (m *model) fieldTransports(fld *types.Var) []ast.Expr {
	if m.transports == nil {
		m.transports = make(map[*types.Var][]ast.Expr)
		typesx.Preorder(m.pass, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) {
			as := n.(*ast.AssignStmt)
			if len(as.Lhs) != len(as.Rhs) {
				return
			}
			for i, l := range as.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Transport" {
					continue
				}
				if inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
					if f, ok := m.info.Uses[inner.Sel].(*types.Var); ok {
						m.transports[f] = append(m.transports[f], as.Rhs[i])
					}
				}
			}
		})
	}
	return m.transports[fld]
}

// declParam returns the i'th parameter of a function declaration.
func declParam(info *types.Info, decl *ast.FuncDecl, i int) *types.Var {
	if ps := typesx.DeclParams(info, decl); i < len(ps) {
		return ps[i]
	}
	return nil
}

// implementations returns the methods of the package's types that
// implement the interface method fn, or nil when a type of the package
// implements it with a method declared elsewhere.
func (m *model) implementations(fn *types.Func) []*ast.FuncDecl {
	return typesx.Cached(&m.impls, fn, func() []*ast.FuncDecl {
		iface, _ := fn.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
		if iface == nil {
			return nil
		}
		var out []*ast.FuncDecl
		for _, named := range typesx.Implementers(m.pkg, iface) {
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), false, m.pkg, fn.Name())
			mfn, _ := obj.(*types.Func)
			if mfn == nil || m.FuncDecl(mfn) == nil {
				return nil
			}
			out = append(out, m.FuncDecl(mfn))
		}
		return out
	})
}
