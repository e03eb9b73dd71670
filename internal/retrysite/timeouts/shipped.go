package timeouts

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file decides the one case where a hand-written retry under the
// caller's context is reported for having no total duration cap although
// nothing says the caller set no deadline: the package's own code decides
// that nothing but that deadline can stop it (callerOnly). Every attempt
// is sent through an HTTP client the package builds or defaults to with
// no Timeout (http.DefaultClient, an http.Client literal without one), as
// the package ships it (Model.ShippedValues: the user's client, given
// through an option or a setter, is the user's choice, and the defaults
// the package gives in its place are what it ships), and neither the loop
// nor anything an attempt runs through sets a time limit of its own, but
// for limits behind a `f != 0` test of a field the package itself never
// sets (Model.ShippedOff: named in the message, "unless f is set"). Then
// a hung attempt, and the loop, end only when the caller's deadline does.
//
// An attempt is followed to the client it sends through: an HTTP call on
// a client, a function of the package that sends (up to two calls deep),
// and a func value the function builds from a client's Do method value
// (handler := client.Do), possibly wrapped by functions of the package
// (handler = wrap(handler)) or returned by one (handler :=
// cfg.handler()). A definition under `if f != nil` of such a field (a
// custom doer the user may configure) and an element of such a slice
// field (the user's middlewares) are the user's, not the default path.
// A value the package gives the client field only under `if f != nil`
// of a field it never sets itself (a decoder's, from the user's
// configuration: credentials) is the user's opt-in, not the default. An
// operation given the attempt's response and no context only reads it.
// Anything else the model cannot follow (a client parameter, an
// interface, a func field) leaves the answer no: the rule stays silent.

// maxShipDepth bounds the functions of the package followed from an
// attempt to the client it sends through.
const maxShipDepth = 2

// shipWalk follows the attempts of one site to their clients.
type shipWalk struct {
	r       *tres
	clients []clientFact
	// bodies are the functions and literals an attempt runs through,
	// searched for time limits.
	bodies   []ast.Node
	seen     map[ast.Node]bool
	visiting map[*types.Var]bool
}

// callerOnly reports whether only the caller's deadline can stop s (see
// above), with the evidence for the message.
func (r *tres) callerOnly(s *site.Site) (string, bool) {
	if s.Func == nil || len(s.Ops) == 0 || s.Bound.Kind == site.BoundKnown && s.Bound.Retries == 0 {
		return "", false // no retry as the package ships it
	}
	w := &shipWalk{r: r, seen: map[ast.Node]bool{}, visiting: map[*types.Var]bool{}}
	for _, op := range s.Ops {
		if op.Call != nil && r.readsResponse(op.Call) {
			continue // the attempt's response, read under its client
		}
		if op.Call == nil || !w.call(op.Call, 0) {
			return "", false
		}
	}
	if len(w.clients) == 0 {
		return "", false
	}
	for _, c := range w.clients {
		if c.kind != clientNoTimeout || c.via == "" {
			return "", false
		}
	}
	c := joinClients(w.clients)

	unless, ok := r.ownLimits(append([]ast.Node{s.Func}, w.bodies...))
	if !ok {
		return "", false
	}
	why := "attempts via " + c.via + " have no timeout"
	var notes []string
	if c.holder != "" {
		notes = append(notes, c.holder+"'s default")
	}
	if unless != "" {
		notes = append(notes, unless+" is 0")
	}
	if len(notes) > 0 {
		why = "by default, " + why + " (" + strings.Join(notes, ", ") + ")"
	}
	return why + "; only the caller's deadline stops it", true
}

// call follows one call an attempt makes to the clients it sends
// through; false when some way it may send cannot be followed.
func (w *shipWalk) call(call *ast.CallExpr, depth int) bool {
	r := w.r
	name := r.callee(call)
	switch {
	case httpHelpers[name]:
		// A request with no context: not even the caller's deadline
		// stops a hung attempt; that is the attempt's own finding.
		return false
	case netHTTPRoundTrip(r.m.info, call):
		return w.roundTrip(call)
	case httpClientMethods[name]:
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !strings.HasSuffix(name, ".Do") || len(call.Args) != 1 {
			return false
		}
		if c := r.request(call.Args[0]); c.kind != ctxCaller || c.attempt || !r.carriesContext(call.Args[0], 0) {
			return false // no context, or a deadline of its own
		}
		w.clients = append(w.clients, r.shippedClient(sel.X, 0))
		return true
	}
	if fn := typesx.Callee(r.m.info, call); fn != nil {
		b := r.pkgBody(fn)
		return b != nil && depth < maxShipDepth && w.body(b, depth+1)
	}
	// A call through a local func value, given the request.
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && w.requestArg(call) && w.funcValue(id, depth)
}

// body follows the sends of a function or literal an attempt runs: at
// least one, and every one followed. Calls of the package's functions
// are followed when they send; a call through an interface's Do or
// RoundTrip or a func value returning an *http.Response sends through
// something the model cannot see, unless the user's configuration alone
// reaches it.
func (w *shipWalk) body(b *ast.BlockStmt, depth int) bool {
	if !w.add(b) {
		return true
	}
	r := w.r
	sends, ok := 0, true
	ast.Inspect(b, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !ok || !isCall {
			return ok
		}
		name := r.callee(call)
		switch {
		case httpHelpers[name] || httpClientMethods[name] || netHTTPRoundTrip(r.m.info, call):
			sends++
			ok = w.call(call, depth)
			return true
		case !returnsResponse(r.m.info, call):
			return true
		}
		if r.offGuarded(call.Pos(), b) {
			return true // a custom doer the user may configure
		}
		if b := r.pkgBody(typesx.Callee(r.m.info, call)); b != nil && depth < maxShipDepth {
			sends++
			ok = w.body(b, depth+1)
			return true
		}
		ok = false
		return false
	})
	return ok && sends > 0
}

// A RoundTripper that retries sends through a transport: net/http's
// DefaultTransport, which bounds the dial and the TLS handshake but not
// the wait for the response, has no timeout; a transport kept in a field
// the package leaves to its users (Base, given to NewTransport) is the
// user's, not the default path.

// netHTTPRoundTrip reports whether call is a RoundTrip of net/http's
// RoundTripper or Transport.
func netHTTPRoundTrip(info *types.Info, call *ast.CallExpr) bool {
	fn := typesx.Callee(info, call)
	return fn != nil && fn.Name() == "RoundTrip" && fn.Pkg() != nil && fn.Pkg().Path() == "net/http"
}

// roundTrip follows a RoundTrip an attempt makes with the caller's
// request.
func (w *shipWalk) roundTrip(call *ast.CallExpr) bool {
	r := w.r
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if c := r.request(call.Args[0]); c.kind != ctxCaller || c.attempt {
		return false // a deadline of its own
	}
	if x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
		if r.m.isHTTPVar(x.Sel, "DefaultTransport") {
			w.clients = append(w.clients, clientFact{kind: clientNoTimeout, why: "http.DefaultTransport has no response timeout", pos: sel.Pos(), via: "http.DefaultTransport"})
			return true
		}
		if _, off := r.m.ShippedOff(x); off {
			return true // the user's transport
		}
	}
	return false
}

// untimedClients returns, for a retry in the RoundTrip method of a type
// of the package, the http.Client literals of the package that install
// a value of that type as their Transport and set no Timeout
// (&http.Client{Transport: NewTransport(nil)}): where the cap its
// callers lack goes.
func (r *tres) untimedClients(s *site.Site) []token.Pos {
	fd, _ := r.declOf(s.Pos).(*ast.FuncDecl)
	if fd == nil || fd.Recv == nil || fd.Name.Name != "RoundTrip" || len(fd.Recv.List) != 1 {
		return nil
	}
	rt := typesx.Deref(r.m.info.TypeOf(fd.Recv.List[0].Type))
	var at []token.Pos
	typesx.Preorder(r.m.pass, []ast.Node{(*ast.CompositeLit)(nil)}, func(n ast.Node) {
		lit := n.(*ast.CompositeLit)
		if !typesx.IsNamed(r.m.info.TypeOf(lit), "net/http", "Client") {
			return
		}
		installs, timed := false, false
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return
			}
			switch typesx.IdentOf(kv.Key).Name {
			case "Timeout":
				timed = true
			case "Transport":
				installs = types.Identical(typesx.Deref(r.m.info.TypeOf(kv.Value)), rt)
			}
		}
		if installs && !timed {
			at = append(at, lit.Pos())
		}
	})
	return at
}

// nilFallback returns D, the value the package gives the parameter v
// where the caller gave nil, `if v == nil { v = D }` (typesx.NilAssigned),
// after any fallbacks to fields the user sets (if client == nil { client
// = cli.ExternalClient }): the one such D the package itself ships; nil
// when v is assigned in any other way, or falls back to two.
func (r *tres) nilFallback(v *types.Var) ast.Expr {
	fd, _ := r.declOf(v.Pos()).(*ast.FuncDecl)
	if fd == nil || fd.Body == nil {
		return nil
	}
	var d ast.Expr
	bad := false
	typesx.InspectNoLitsUntil(&bad, fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			as := typesx.NilAssigned(r.m.info, n, v)
			if as == nil {
				return true
			}
			if sel, isSel := ast.Unparen(as.Rhs[0]).(*ast.SelectorExpr); isSel {
				if _, off := r.m.ShippedOff(sel); off {
					return false // a field only the user sets
				}
			}
			bad = d != nil // two fallbacks of the package's
			d = as.Rhs[0]
			return false // its assignment is read
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if typesx.VarOf(r.m.info, l) == v {
					bad = true // assigned other than as a fallback
				}
			}
		}
		return true
	})
	if bad {
		return nil
	}
	return d
}

// readsResponse reports whether call, an operation of the loop, is
// given an *http.Response and no context, and returns none: it reads
// the attempt's response (its body is timed by the attempt's client).
func (r *tres) readsResponse(call *ast.CallExpr) bool {
	n := 0
	for _, a := range call.Args {
		if IsContextType(r.m.info.TypeOf(a)) {
			return false
		}
		if isResponse(r.m.info.TypeOf(a)) {
			n++
		}
	}
	return n > 0 && !returnsResponse(r.m.info, call)
}

// returnsResponse reports whether call returns an *http.Response.
func returnsResponse(info *types.Info, call *ast.CallExpr) bool {
	return typesx.ResultIndex(info.TypeOf(call), isResponse) >= 0
}

func isResponse(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && typesx.IsNamed(p.Elem(), "net/http", "Response")
}

// funcValue follows a func value an attempt calls or wraps to the
// clients it sends through.
func (w *shipWalk) funcValue(x ast.Expr, depth int) bool {
	r := w.r
	info := r.m.info
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		if v == nil || v.Parent() == r.m.pkg.Scope() {
			return false
		}
		if w.visiting[v] {
			return true // handler = wrap(handler): the earlier values
		}
		vf := r.facts(v)
		if vf.param || len(vf.defs) == 0 {
			return false
		}
		w.visiting[v] = true
		defer delete(w.visiting, v)
		root := r.declOf(v.Pos())
		for _, d := range vf.defs {
			if root != nil && r.offGuarded(d.Pos(), root) {
				continue // the user's doer, configured or not
			}
			if !w.funcValue(d, depth) {
				return false
			}
		}
		return true
	case *ast.SelectorExpr:
		sel, ok := info.Selections[x]
		if !ok || sel.Kind() != types.MethodVal {
			return false
		}
		fn, _ := sel.Obj().(*types.Func)
		if fn == nil || !httpClientMethods[funcPath(fn)] {
			return false
		}
		w.clients = append(w.clients, r.shippedClient(x.X, 0))
		return true
	case *ast.FuncLit:
		return w.body(x.Body, depth)
	case *ast.CallExpr:
		body := r.pkgBody(typesx.Callee(info, x))
		if body == nil || depth >= maxShipDepth {
			return false
		}
		w.add(body)
		// A wrapper is given what it wraps; a factory returns it.
		wraps := false
		for _, a := range x.Args {
			if !isFuncLike(info.TypeOf(a)) {
				continue
			}
			wraps = true
			if w.middleware(a) {
				continue // the user's middlewares, or the package's that pass the request on
			}
			if !w.funcValue(a, depth+1) {
				return false
			}
		}
		if wraps {
			return true
		}
		rets := firstResults(body)
		return len(rets) > 0 && every(rets, func(x ast.Expr) bool { return w.funcValue(x, depth+1) })
	}
	return false
}

// every reports whether ok holds of each of xs.
func every(xs []ast.Expr, ok func(ast.Expr) bool) bool {
	return !slices.ContainsFunc(xs, func(x ast.Expr) bool { return !ok(x) })
}

// isFuncLike reports whether t is a func type (a handler, a
// middleware).
func isFuncLike(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// middleware reports whether x, a func value a wrapper is given beside
// the handler, is an element of a slice field (cfg.Middlewares[i]) that
// holds, as the package ships it, only middlewares that pass the request
// on: none (only the user's options append to it), or function literals
// of the package whose sends are calls of their own func parameters (the
// next handler), with no time limit (their bodies join the walk's).
func (w *shipWalk) middleware(x ast.Expr) bool {
	r := w.r
	ix, ok := ast.Unparen(x).(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v := r.fieldOf(sel)
	if v == nil {
		return false
	}
	if _, off := r.m.ShippedOff(sel); off {
		return true
	}
	xs, ok := r.m.ShippedValues(v)
	return ok && every(xs, func(x ast.Expr) bool { return x != nil && w.passElems(x, v, 0) })
}

// passElems checks the elements of a value written to slice field v:
// append(...) and slice literals of passing middlewares, nil, and v's
// own elements.
func (w *shipWalk) passElems(x ast.Expr, v *types.Var, depth int) bool {
	r := w.r
	switch {
	case depth > 3:
		return false
	case typesx.IsNil(r.m.info, x):
		return true
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		return r.fieldOf(x) == v
	case *ast.CallExpr:
		if tv, ok := r.m.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return w.passElems(x.Args[0], v, depth+1) // []middleware(nil)
		}
		b, ok := r.m.info.Uses[typesx.IdentOf(x.Fun)].(*types.Builtin)
		return ok && b.Name() == "append" && every(x.Args, func(a ast.Expr) bool { return w.passElems(a, v, depth+1) })
	case *ast.CompositeLit:
		return every(x.Elts, func(el ast.Expr) bool {
			lit, ok := ast.Unparen(el).(*ast.FuncLit)
			return ok && w.passes(lit)
		})
	}
	return false
}

// passes reports whether lit, a middleware, sends only through its own
// func parameters.
func (w *shipWalk) passes(lit *ast.FuncLit) bool {
	r := w.r
	params := typesx.FuncParams(r.m.info, lit.Type)
	ok := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !ok || !isCall || !returnsResponse(r.m.info, call) {
			return ok
		}
		v := typesx.VarOf(r.m.info, call.Fun)
		ok = v != nil && slices.Contains(params, v)
		return ok
	})
	if ok {
		w.add(lit.Body)
	}
	return ok
}

// add adds b to the bodies searched for time limits; false when it was
// there already.
func (w *shipWalk) add(b *ast.BlockStmt) bool {
	if w.seen[b] {
		return false
	}
	w.seen[b] = true
	w.bodies = append(w.bodies, b)
	return true
}

// offGuarded reports whether pos is in the body of an if statement in
// root whose condition asks whether a field the package never sets is
// set (`if cfg.CustomHTTPDoer != nil`): with the package's defaults, that
// code does not run.
func (r *tres) offGuarded(pos token.Pos, root ast.Node) bool {
	return r.guardField(pos, root) != ""
}

// offField returns the field a condition's conjunct tests as set when the
// package itself never sets it (ShippedOff), "" if none.
func (r *tres) offField(cond ast.Expr) string {
	for _, c := range typesx.Operands(cond, token.LAND) {
		if sel, v := r.setTest(c); v != nil {
			if _, off := r.m.ShippedOff(sel); off {
				return types.ExprString(sel)
			}
		}
	}
	return ""
}

// declOf returns the top-level declaration holding pos.
func (r *tres) declOf(pos token.Pos) ast.Node {
	f := typesx.FileOf(r.m.pass.Files, pos)
	if f == nil {
		return nil
	}
	for _, d := range f.Decls {
		if d.Pos() <= pos && pos < d.End() {
			return d
		}
	}
	return nil
}

// ownLimits finds the time limits in nodes: a deadline or timeout on a
// context, a timer that fires a function, a deadline on a connection.
// ok is false when one runs with the package's defaults; unless names
// the fields that switch on those that do not ("cfg.RequestTimeout").
func (r *tres) ownLimits(nodes []ast.Node) (unless string, ok bool) {
	ok = true
	var names []string
	for _, root := range nodes {
		ast.Inspect(root, func(n ast.Node) bool {
			call, isCall := n.(*ast.CallExpr)
			if !ok || !isCall {
				return ok
			}
			if !r.timeLimit(call) {
				return true
			}
			f := r.guardField(call.Pos(), root)
			if f == "" {
				ok = false
				return false
			}
			if !slices.Contains(names, f) {
				names = append(names, f)
			}
			return true
		})
	}
	return strings.Join(names, " or "), ok
}

// timeLimit reports whether call sets up a time limit.
func (r *tres) timeLimit(call *ast.CallExpr) bool {
	switch r.callee(call) {
	case "context.WithTimeout", "context.WithDeadline", "context.WithTimeoutCause", "context.WithDeadlineCause",
		"time.AfterFunc", "net/http.TimeoutHandler":
		return true
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		switch sel.Sel.Name {
		case "SetDeadline", "SetReadDeadline", "SetWriteDeadline":
			return true
		}
	}
	return false
}

// guardField returns the field whose `!= 0` test, of a field the package
// never sets, guards pos in root; "" if none.
func (r *tres) guardField(pos token.Pos, root ast.Node) string {
	name := ""
	ast.Inspect(root, func(n ast.Node) bool {
		if name != "" || n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if is, ok := n.(*ast.IfStmt); ok && is.Body.Pos() <= pos && pos < is.Body.End() {
			name = r.offField(is.Cond)
		}
		return name == ""
	})
	return name
}

// shippedClient resolves an *http.Client expression to the client the
// package ships there: a local, a field or a package variable is what
// the package itself gives it (ShippedValues), the user's left out. The
// fact's via names the client for messages ("api.httpClient
// (http.DefaultClient by default)").
func (r *tres) shippedClient(x ast.Expr, depth int) clientFact {
	if depth > 4 {
		return clientFact{}
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.StarExpr:
		return r.shippedClient(x.X, depth+1)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.shippedClient(x.X, depth+1)
		}
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && typesx.IsIdent(kv.Key, "Transport") && !r.plainTransport(kv.Value, nil, 0) {
				return clientFact{} // a transport with timeouts of its own
			}
		}
		f := r.client(x)
		f.via = "an http.Client literal"
		return f
	case *ast.SelectorExpr, *ast.CallExpr:
		if f := r.client(x); f.kind != clientUnknown {
			return f // http.DefaultClient, new(http.Client)
		}
		if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 0 {
			if fn := typesx.Callee(r.m.info, call); fn != nil && fn.Pkg() == r.m.pkg {
				return r.accessorClient(r.funcDecl(fn), depth)
			}
		}
		if sel, ok := x.(*ast.SelectorExpr); ok {
			if v := r.fieldOf(sel); v != nil {
				return r.shippedObj(v, sel, depth)
			}
		}
	case *ast.Ident:
		v := r.varOf(x)
		if v == nil {
			return clientFact{}
		}
		if v.Parent() == r.m.pkg.Scope() {
			if v.Exported() {
				return clientFact{} // other packages may change it
			}
			return r.shippedObj(v, x, depth)
		}
		vf := r.facts(v)
		if vf.param && !vf.escapes && len(vf.fields["Timeout"]) == 0 {
			// The caller's client, or when it gives none the
			// package's fallback (if client == nil { client =
			// http.DefaultClient }): the default path.
			if d := r.nilFallback(v); d != nil {
				return r.shippedClient(d, depth+1)
			}
		}
		if vf.param || vf.escapes || len(vf.defs) == 0 || len(vf.fields["Timeout"]) > 0 ||
			!every(vf.fields["Transport"], func(t ast.Expr) bool { return r.plainTransport(t, v, 0) }) {
			return clientFact{}
		}
		var fs []clientFact
		for _, d := range vf.defs {
			fs = append(fs, r.shippedClient(d, depth+1))
		}
		return joinClients(fs)
	}
	return clientFact{}
}

// accessorClient resolves a function of the package that returns the
// client to use: `if c.HTTPClient == nil { return http.DefaultClient };
// return c.HTTPClient` ships http.DefaultClient; the field it falls back
// from is the user's (as a definition under `if f != nil` is).
func (r *tres) accessorClient(fd *ast.FuncDecl, depth int) clientFact {
	if fd == nil || fd.Body == nil {
		return clientFact{}
	}
	users := make(map[*types.Var]bool)
	var rets []ast.Expr
	ok := true
	typesx.InspectNoLits(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			if b, isBin := ast.Unparen(n.Cond).(*ast.BinaryExpr); isBin && b.Op == token.EQL {
				for _, x := range []ast.Expr{b.X, b.Y} {
					if sel, isSel := ast.Unparen(x).(*ast.SelectorExpr); isSel && (r.zeroOrNil(b.X) || r.zeroOrNil(b.Y)) {
						if v := r.fieldOf(sel); v != nil {
							users[v] = true
						}
					}
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
			} else {
				rets = append(rets, n.Results[0])
			}
		}
		return ok
	})
	var fs []clientFact
	for _, x := range rets {
		if sel, isSel := ast.Unparen(x).(*ast.SelectorExpr); isSel && users[r.fieldOf(sel)] {
			continue // the user's client, when set
		}
		fs = append(fs, r.shippedClient(x, depth+1))
	}
	if !ok {
		return clientFact{}
	}
	return joinClients(fs)
}

// shippedObj resolves a field or package variable holding a client
// through the values the package gives it.
func (r *tres) shippedObj(v *types.Var, x ast.Expr, depth int) clientFact {
	if r.m.setsTimeoutOf(v) {
		return clientFact{}
	}
	xs, ok := r.m.ShippedValues(v)
	if !ok || len(xs) == 0 {
		return clientFact{}
	}
	var fs []clientFact
	for _, w := range xs {
		if w == nil {
			return clientFact{}
		}
		if d := r.declOf(w.Pos()); d != nil && r.offGuarded(w.Pos(), d) {
			continue // the client a configuration the user opts into builds
		}
		fs = append(fs, r.shippedClient(w, depth+1))
	}
	if len(fs) == 0 {
		return clientFact{}
	}
	f := joinClients(fs)
	f.holder = types.ExprString(x)
	return f
}

// sameClient joins two values of one client: unknown unless they agree.
func sameClient(a, b clientFact) clientFact {
	if a.kind != b.kind || a.kind == clientUnknown {
		return clientFact{}
	}
	if a.dur != b.dur || !b.durKnown {
		a.durKnown = false
	}
	if a.via != b.via {
		a.via = "clients with no Timeout"
	}
	if a.holder != b.holder {
		a.holder = ""
	}
	return a
}

// joinClients joins the facts of every value of one client (sameClient):
// unknown for none.
func joinClients(fs []clientFact) clientFact {
	if len(fs) == 0 {
		return clientFact{}
	}
	f := fs[0]
	for _, g := range fs[1:] {
		f = sameClient(f, g)
	}
	return f
}

// setsTimeoutOf reports whether the package assigns the Timeout of the
// client held in v anywhere (c.httpClient.Timeout = d): the model does
// not follow what such a write gives, so the client is unknown.
func (m *model) setsTimeoutOf(v *types.Var) bool {
	if m.timeoutSet == nil {
		// Every such assignment of the package, in one walk: each
		// client asked about would otherwise walk the files again.
		m.timeoutSet = make(map[types.Object]bool)
		for _, f := range m.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok {
					return true
				}
				for _, l := range as.Lhs {
					sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
					if !ok || sel.Sel.Name != "Timeout" {
						continue
					}
					if obj := m.info.Uses[typesx.NameIdent(sel.X)]; obj != nil {
						m.timeoutSet[obj] = true
					}
				}
				return true
			})
		}
	}
	return m.timeoutSet[v]
}

// plainTransport reports whether x, a client's Transport, sets no
// timeout of its own: http.DefaultTransport, nil, a literal that sets no
// field named like a timeout (ResponseHeaderTimeout, a dialer's Timeout),
// a variable holding only such values, or the Transport of self, the
// client being resolved, as shipped (a wrapper around it). A literal of
// a type of the package is plain when its RoundTrip sets no time limit
// either. A transport the model cannot see (a call, a parameter) may
// bound an attempt: not plain.
func (r *tres) plainTransport(x ast.Expr, self *types.Var, depth int) bool {
	switch {
	case depth > 3:
		return false
	case typesx.IsNil(r.m.info, x):
		return true
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND && r.plainTransport(x.X, self, depth+1)
	case *ast.SelectorExpr:
		if x.Sel.Name == "Transport" && self != nil && r.varOf(x.X) == self {
			return true
		}
		return r.m.isHTTPVar(x.Sel, "DefaultTransport")
	case *ast.CompositeLit:
		plain := true
		ast.Inspect(x, func(n ast.Node) bool {
			if kv, ok := n.(*ast.KeyValueExpr); ok {
				plain = plain && !isTimeoutKey(kv) && r.plainTransportField(kv.Value, self, depth)
			}
			return plain
		})
		return plain && r.roundTripPlain(r.m.info.TypeOf(x))
	case *ast.Ident:
		v := r.varOf(x)
		if v == nil {
			return false
		}
		vf := r.facts(v)
		if vf.param || vf.escapes && !types.IsInterface(v.Type()) || len(vf.defs) == 0 {
			return false // a pointer handed on may be changed
		}
		return !vf.setsTimeout() && every(vf.defs, func(d ast.Expr) bool { return r.plainTransport(d, self, depth+1) })
	}
	return false
}

// plainTransportField checks a field of a transport literal that holds
// another transport (a wrapper's next): it must be plain too. Values of
// other types are left alone.
func (r *tres) plainTransportField(x ast.Expr, self *types.Var, depth int) bool {
	t := r.m.info.TypeOf(x)
	return t == nil || !types.IsInterface(t) || !typesx.IsNamed(t, "net/http", "RoundTripper") || r.plainTransport(x, self, depth+1)
}

// roundTripPlain reports whether t, a transport type, sets no time
// limit in its RoundTrip: a type of another package is plain only when
// it is net/http's Transport (whose literal's fields were read); a type
// of the package when its RoundTrip method's body sets none.
func (r *tres) roundTripPlain(t types.Type) bool {
	t = typesx.Deref(t)
	named, ok := t.(*types.Named)
	if !ok {
		return false
	}
	if typesx.IsNamed(named, "net/http", "Transport") {
		return true
	}
	if named.Obj().Pkg() != r.m.pkg {
		return false
	}
	for m := range named.Methods() {
		if m.Name() == "RoundTrip" {
			d := r.funcDecl(m)
			return d != nil && d.Body != nil && !r.hasLimit(d.Body) // none, guarded or not
		}
	}
	return false
}

// hasLimit reports whether n sets up any time limit, guarded or not.
func (r *tres) hasLimit(n ast.Node) bool {
	found := false
	return typesx.InspectUntil(&found, n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		found = ok && r.timeLimit(call)
		return true
	})
}

// requestArg reports whether call passes an *http.Request that visibly
// carries a context (carriesContext), and no other request.
func (w *shipWalk) requestArg(call *ast.CallExpr) bool {
	n := 0
	for _, a := range call.Args {
		if p, ok := w.r.m.info.TypeOf(a).(*types.Pointer); ok && typesx.IsNamed(p.Elem(), "net/http", "Request") {
			if !w.r.carriesContext(a, 0) {
				return false
			}
			n++
		}
	}
	return n == 1
}

// carriesContext reports whether the request x is visibly made with a
// context by the package: http.NewRequestWithContext, WithContext or
// Clone given a context, a local holding only such requests, a function
// of the package returning only such requests (r.newRequest(ctx, ...)),
// or a parameter of an unexported function every call of which in the
// package passes one. A request made without a context (http.NewRequest:
// not even the caller's deadline reaches it), a field, or the parameter
// of an exported function (the user's request) is not: then the caller's
// deadline may not be what stops the retry.
func (r *tres) carriesContext(x ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		switch r.callee(x) {
		case "net/http.NewRequestWithContext", "net/http.Request.WithContext", "net/http.Request.Clone":
			return len(x.Args) > 0 && IsContextType(r.m.info.TypeOf(x.Args[0]))
		}
		body := r.pkgBody(typesx.Callee(r.m.info, x))
		if body == nil {
			return false
		}
		n := 0
		for _, res := range firstResults(body) {
			if typesx.IsNil(r.m.info, res) {
				continue // the failed build's nil request
			}
			if !r.carriesContext(res, depth+1) {
				return false
			}
			n++
		}
		return n > 0
	case *ast.Ident:
		v := r.varOf(x)
		if v == nil || v.Parent() == r.m.pkg.Scope() {
			return false
		}
		vf := r.facts(v)
		if vf.param {
			return r.paramCarries(v, depth)
		}
		return len(vf.defs) > 0 && (r.rewrapped(v, x, vf.defs) || every(vf.defs, func(d ast.Expr) bool { return r.carriesContext(d, depth+1) }))
	}
	return false
}

// paramCarries reports whether every call in the package of the
// unexported function declaring parameter v passes a request that
// carries a context.
func (r *tres) paramCarries(v *types.Var, depth int) bool {
	d, idx := typesx.ParamDecl(r.m.pass.Files, r.m.info, v)
	if d == nil {
		return false
	}
	fn, _ := r.m.info.Defs[d.Name].(*types.Func)
	if fn == nil || fn.Exported() {
		return false
	}
	// Every use of the function must be a call: a method value handed
	// on is called out of sight.
	calls, uses, ok := 0, 0, true
	for _, f := range r.m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if r.m.info.Uses[n] == fn {
					uses++
				}
			case *ast.CallExpr:
				if !ok || typesx.Callee(r.m.info, n) != fn {
					return ok
				}
				if idx >= len(n.Args) || n.Ellipsis.IsValid() {
					ok = false
					return false
				}
				calls++
				ok = r.carriesContext(n.Args[idx], depth+1)
			}
			return ok
		})
	}
	return ok && calls > 0 && calls == uses
}

// firstResults returns the first result of each return statement of
// body, outside the function literals in it; nil when some return has
// none (a naked return: the results are out of sight).
func firstResults(body *ast.BlockStmt) []ast.Expr {
	var xs []ast.Expr
	for _, ret := range typesx.Returns(body) {
		if len(ret.Results) == 0 {
			return nil
		}
		xs = append(xs, ret.Results[0])
	}
	return xs
}

// rewrapped reports whether the request v, read at use, was last given
// the context of a parameter by rewrapping itself (req =
// req.WithContext(ctx)) before use, unconditionally or under `ctx !=
// nil` alone: whatever v held before, it carries that context now.
func (r *tres) rewrapped(v *types.Var, use *ast.Ident, defs []ast.Expr) bool {
	last := slices.MaxFunc(defs, func(a, b ast.Expr) int { return cmp.Compare(a.Pos(), b.Pos()) })
	call, ok := ast.Unparen(last).(*ast.CallExpr)
	if !ok || last.End() >= use.Pos() || len(call.Args) == 0 || !slices.Contains([]string{"net/http.Request.WithContext", "net/http.Request.Clone"}, r.callee(call)) {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	ctx, isID := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok || !isID || r.varOf(sel.X) != v || r.varOf(ctx) == nil || !r.facts(r.varOf(ctx)).param {
		return false
	}
	d, isFn := r.declOf(last.Pos()).(*ast.FuncDecl)
	if !isFn || d.Body == nil {
		return false
	}
	// Every statement holding the rewrap is a block, its assignment, or
	// an if testing ctx != nil; the use comes after it in the function.
	ok = true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if !ok || n == nil || last.Pos() < n.Pos() || last.End() > n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.BlockStmt, *ast.AssignStmt, *ast.CallExpr, *ast.SelectorExpr, *ast.Ident:
		case *ast.IfStmt:
			b, isBin := ast.Unparen(n.Cond).(*ast.BinaryExpr)
			ok = n.Init == nil && isBin && b.Op == token.NEQ && r.varOf(b.X) == r.varOf(ctx) && typesx.IsNil(r.m.info, b.Y) &&
				n.Body.Pos() <= last.Pos()
		default:
			ok = false
		}
		return ok
	})
	return ok && use.Pos() > d.Body.Pos() && use.End() <= d.Body.End()
}
