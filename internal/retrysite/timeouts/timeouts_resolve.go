package timeouts

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file resolves, for the timeouts aspect, where a context, an HTTP
// request and an HTTP client come from: a context with or without a
// deadline, a deadline per attempt or around the whole retry, a client
// with or without a Timeout. Whatever the model cannot see (a parameter,
// a struct field, a value from another package) resolves to "caller":
// the caller may have set a deadline or a timeout, and rules stay silent.

// A ctxKind says what is known of a context's deadline.
type ctxKind int

const (
	ctxNone     ctxKind = iota // no context at all
	ctxBack                    // context.Background/TODO: no deadline
	ctxCaller                  // from the caller or unseen code: may have one
	ctxDeadline                // a deadline set around the retry
)

// ctxFact is what the model knows of one context (or request) value.
type ctxFact struct {
	kind ctxKind
	// desc names where a deadline-less context comes from, for
	// messages ("context.Background()", "http.NewRequest").
	desc string
	pos  token.Pos
	// cap is the deadline's duration when kind is ctxDeadline and it is
	// a constant; capKnown says so.
	cap      time.Duration
	capKnown bool
	capPos   token.Pos
	// attempt is true when a deadline is set per attempt (inside the
	// retry), attemptDur its duration when constant.
	attempt      bool
	attemptDur   time.Duration
	attemptKnown bool
	// attemptSome is true when only some paths set that deadline.
	attemptSome bool
	// field is true for a deadline-less context read from a field of
	// the package (ctxfield.go).
	field bool
	// implicit is true for a request made with no context at all
	// (http.NewRequest, http.Get): only a client known to have no
	// Timeout makes that a retry with no cap.
	implicit bool
	// param is the parameter of the enclosing function a caller's
	// context comes from, when it is one (unwatched.go).
	param *types.Var
	// name is the variable the context was read from, for messages.
	name string
}

// mergeCtx joins the facts of two definitions of one value: the model
// claims "no deadline" only when every definition has none.
func mergeCtx(a, b ctxFact) ctxFact {
	r := a
	if b.kind > a.kind {
		r = b
	}
	if a.kind == b.kind {
		r.implicit, r.field = a.implicit && b.implicit, a.field || b.field
		if a.param != b.param {
			r.param = nil
		}
	}
	if a.kind == ctxDeadline && b.kind == ctxDeadline {
		r.cap, r.capKnown = max(a.cap, b.cap), a.capKnown && b.capKnown
	}
	switch {
	case a.attempt && b.attempt:
		r.attempt, r.attemptDur, r.attemptKnown = true, max(a.attemptDur, b.attemptDur), a.attemptKnown && b.attemptKnown
		r.attemptSome = a.attemptSome || b.attemptSome
	case a.attempt || b.attempt:
		// Some paths have a per-attempt deadline, some not: claim
		// neither that every attempt is bounded nor that none is.
		r.attempt, r.attemptKnown, r.attemptSome = true, false, true
	}
	return r
}

// mergeAll merges the facts of of over xs (mergeCtx), in order; no
// context for none.
func mergeAll[T any](xs []T, of func(T) ctxFact) ctxFact {
	f := ctxFact{kind: ctxNone}
	for i, x := range xs {
		g := of(x)
		if i > 0 {
			g = mergeCtx(f, g)
		}
		f = g
	}
	return f
}

// A clientKind says what is known of an HTTP client's Timeout.
type clientKind int

const (
	clientUnknown clientKind = iota // a parameter, a field, unseen code
	clientNoTimeout
	clientTimeout
)

type clientFact struct {
	kind clientKind
	// why says what has no timeout ("http.DefaultClient has no Timeout").
	why string
	pos token.Pos
	// dur is the Timeout when constant; durKnown says so.
	dur      time.Duration
	durKnown bool
	// via names the client for messages ("http.DefaultClient") and
	// holder the field or variable the package ships it in
	// ("api.httpClient", shipped.go).
	via, holder string
}

// varFacts is what a scan of a variable's scope finds about it.
type varFacts struct {
	param bool
	// defs are the values assigned to it (the call for a
	// multi-value assignment).
	defs []ast.Expr
	// fields are the values assigned to its fields, by field name
	// (c.Timeout = 5 * time.Second), through any selector chain.
	fields map[string][]ast.Expr
	// escapes is true when it is passed to a call, has its address
	// taken or is stored elsewhere: unseen code may change it. addr is
	// the &v when that is its only escape, taken once: a client stored
	// by address where it is used (retryable.HTTPClient = &c) is read
	// there (client).
	escapes     bool
	otherEscape bool
	addr        *ast.UnaryExpr
	addrs       int
	// nestedDef is true when some assignment to it is not a statement
	// of its function's body itself (under an if, in a loop or a
	// function literal): it may not happen.
	nestedDef bool
}

// tres resolves values for the timeouts of one site.
type tres struct {
	m *model
	// resolvingAddr is the &v client is resolving, if any (onlyAddr).
	resolvingAddr *ast.UnaryExpr
	// region holds the nodes that run once per attempt: the loop
	// statement, the function literal a library retries.
	region []ast.Node
	// paramCtx maps function-literal parameters that stand for the
	// library's context (sethvargo passes Do's ctx to the operation).
	paramCtx map[*types.Var]ast.Expr
	vars     map[*types.Var]*varFacts
	visiting map[ast.Node]bool
	// depth counts the functions of the package followed from the
	// site's attempt to the region (helperbound.go).
	depth int
}

func (m *model) newTres(region []ast.Node) *tres {
	r := &tres{m: m, region: region, paramCtx: map[*types.Var]ast.Expr{}, vars: map[*types.Var]*varFacts{}, visiting: map[ast.Node]bool{}}
	for v, e := range m.BoundParams() { // another package's helper (retrysite's xpkg.go)
		if IsContextType(v.Type()) {
			r.paramCtx[v] = e
		}
	}
	return r
}

func (r *tres) inRegion(pos token.Pos) bool {
	return slices.ContainsFunc(r.region, func(n ast.Node) bool { return n != nil && n.Pos() <= pos && pos < n.End() })
}

// enter unparenthesizes x and marks it as being resolved; false for nil
// and for an x already being resolved (a cycle).
func (r *tres) enter(x ast.Expr) (ast.Expr, bool) {
	if x == nil || r.visiting[ast.Unparen(x)] {
		return nil, false
	}
	x = ast.Unparen(x)
	r.visiting[x] = true
	return x, true
}

// funcPath returns the package path and name of a package-level
// function, or of a method as path.Type.Method.
func funcPath(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	return knowledge.EntryKey(fn.Origin())
}

func (r *tres) callee(call *ast.CallExpr) string {
	return funcPath(typesx.Callee(r.m.info, call))
}

// varOf returns the variable an identifier uses.
func (r *tres) varOf(x ast.Expr) *types.Var {
	v, _ := r.m.info.Uses[typesx.IdentOf(x)].(*types.Var)
	return v
}

// isHTTPVar reports whether id names net/http's package variable name.
func (m *model) isHTTPVar(id *ast.Ident, name string) bool {
	v, _ := m.info.Uses[id].(*types.Var)
	return v != nil && v.Pkg() != nil && v.Pkg().Path() == "net/http" && v.Name() == name
}

// factsOf is facts of the variable x uses, nil if none.
func (r *tres) factsOf(x ast.Expr) *varFacts {
	if v := r.varOf(x); v != nil {
		return r.facts(v)
	}
	return nil
}

// facts scans the scope of v: the top-level declaration that declares it,
// or every file for a package-level variable.
func (r *tres) facts(v *types.Var) *varFacts {
	if f, ok := r.vars[v]; ok {
		return f
	}
	vf := &varFacts{fields: map[string][]ast.Expr{}}
	r.vars[v] = vf
	info := r.m.info
	var roots []ast.Node
	if v.Parent() == r.m.pkg.Scope() {
		for _, f := range r.m.pass.Files {
			roots = append(roots, f)
		}
	} else if d := r.declOf(v.Pos()); d != nil {
		roots = append(roots, d)
	}
	if len(roots) == 0 {
		vf.escapes, vf.param, vf.otherEscape = true, true, true
		return vf
	}
	isV := typesx.VarIs(info, v)
	for _, root := range roots {
		ast.PreorderStack(root, nil, func(n ast.Node, stack []ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncType:
				vf.param = vf.param || slices.Contains(typesx.FuncParams(info, n), v)
			case *ast.FuncDecl: // its receiver
				vf.param = vf.param || typesx.RecvVar(info, n) == v
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						rhs = n.Rhs[i]
					} else if len(n.Rhs) == 1 {
						rhs = n.Rhs[0]
					}
					if isV(l) {
						if rhs != nil {
							vf.defs = append(vf.defs, rhs)
						}
						if !funcLevel(stack, v) {
							vf.nestedDef = true
						}
						continue
					}
					// c.Timeout = x, c.HTTPClient.Timeout = x.
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && isV(typesx.ChainRoot(sel.X, false)) && rhs != nil {
						vf.fields[sel.Sel.Name] = append(vf.fields[sel.Sel.Name], rhs)
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if info.Defs[name] != v {
						continue
					}
					switch {
					case i < len(n.Values) && len(n.Values) == len(n.Names):
						vf.defs = append(vf.defs, n.Values[i])
					case len(n.Values) == 1:
						vf.defs = append(vf.defs, n.Values[0])
					}
				}
			case *ast.RangeStmt:
				if n.Key != nil && isV(n.Key) || n.Value != nil && isV(n.Value) {
					vf.param = true // a range variable: unknown
				}
			case *ast.Ident:
				if info.Uses[n] != v || len(stack) == 0 {
					return true
				}
				switch p := stack[len(stack)-1].(type) {
				case *ast.SelectorExpr:
					// v.Field or v.Method(...): not an escape.
				case *ast.AssignStmt:
					if !slices.Contains(p.Lhs, ast.Expr(n)) { // stored in another variable
						vf.escapes, vf.otherEscape = true, true
					}
				case *ast.ParenExpr, *ast.StarExpr:
				case *ast.UnaryExpr:
					vf.escapes = true
					if p.Op == token.AND {
						vf.addr, vf.addrs = p, vf.addrs+1
					}
				case *ast.CallExpr:
					if !r.leavesTimeout(p, n) {
						vf.escapes, vf.otherEscape = true, true
					}
				case *ast.ReturnStmt:
					// Handed back to the caller, whose use of it
					// is the caller's (a constructor read through
					// its returns).
				case *ast.BinaryExpr:
					if p.Op != token.EQL && p.Op != token.NEQ {
						vf.escapes, vf.otherEscape = true, true
					} // compared (client == nil): read, not handed on
				default:
					vf.escapes, vf.otherEscape = true, true
				}
			}
			return true
		})
	}
	return vf
}

// setsTimeout reports whether a field named like a timeout
// (ResponseHeaderTimeout, a dialer's Timeout) is assigned.
func (vf *varFacts) setsTimeout() bool {
	return slices.ContainsFunc(slices.Collect(maps.Keys(vf.fields)), func(name string) bool { return strings.Contains(name, "Timeout") })
}

// isTimeoutKey reports whether a literal's element sets a field named
// like a timeout.
func isTimeoutKey(kv *ast.KeyValueExpr) bool {
	id, ok := kv.Key.(*ast.Ident)
	return ok && strings.Contains(id.Name, "Timeout")
}

// lastDefBefore returns the value last given to a parameter before pos,
// when every assignment to it is a statement of its function's body
// itself (nil otherwise, or with none before pos).
func lastDefBefore(vf *varFacts, pos token.Pos) ast.Expr {
	if !vf.param || vf.nestedDef {
		return nil
	}
	var last ast.Expr
	for _, d := range vf.defs {
		if d.End() <= pos && (last == nil || d.Pos() > last.Pos()) {
			last = d
		}
	}
	return last
}

// funcLevel reports whether the node under stack's top is a statement
// of the body itself of the function that declares v.
func funcLevel(stack []ast.Node, v *types.Var) bool {
	if len(stack) < 2 {
		return false
	}
	if _, ok := stack[len(stack)-1].(*ast.BlockStmt); !ok {
		return false
	}
	var ft *ast.FuncType
	switch fn := stack[len(stack)-2].(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	default:
		return false
	}
	return ft.Pos() <= v.Pos() && v.Pos() < ft.End()
}

// IsContextType reports whether t is context.Context.
func IsContextType(t types.Type) bool {
	return t != nil && typesx.IsNamed(t, "context", "Context")
}

// ctx resolves a context expression.
func (r *tres) ctx(x ast.Expr) ctxFact {
	x, ok := r.enter(x)
	if !ok {
		return ctxFact{kind: ctxCaller}
	}
	defer delete(r.visiting, x)
	switch x := x.(type) {
	case *ast.CallExpr:
		switch name := r.callee(x); name {
		case "context.Background", "context.TODO":
			return ctxFact{kind: ctxBack, desc: name + "()", pos: x.Pos()}
		case "context.WithoutCancel":
			return ctxFact{kind: ctxBack, desc: name + "(...)", pos: x.Pos()}
		case "context.WithCancel", "context.WithCancelCause", "context.WithValue":
			if len(x.Args) > 0 {
				return r.ctx(x.Args[0])
			}
		case "context.WithTimeout", "context.WithTimeoutCause", "context.WithDeadline", "context.WithDeadlineCause":
			if len(x.Args) < 2 {
				break
			}
			parent := r.ctx(x.Args[0])
			d, known := r.deadlineDur(x.Args[1], name == "context.WithTimeout" || name == "context.WithTimeoutCause")
			if r.inRegion(x.Pos()) {
				// A deadline per attempt: the retry as a whole is
				// still what the parent makes it.
				f := parent
				if f.attempt && f.attemptKnown && known {
					f.attemptDur = min(f.attemptDur, d)
				} else if !f.attempt {
					f.attemptDur, f.attemptKnown = d, known
				} else {
					f.attemptKnown = false
				}
				f.attempt = true
				return f
			}
			f := ctxFact{kind: ctxDeadline, cap: d, capKnown: known, capPos: x.Pos(), attempt: parent.attempt, attemptDur: parent.attemptDur, attemptKnown: parent.attemptKnown}
			if parent.kind == ctxDeadline && parent.capKnown && known {
				f.cap = min(parent.cap, d)
			}
			return f
		}
		if a, ok := r.derivedCtx(x); ok {
			return r.ctx(a)
		}
		return ctxFact{kind: ctxCaller}
	case *ast.Ident:
		v := r.varOf(x)
		if v == nil {
			return ctxFact{kind: ctxCaller}
		}
		if e, ok := r.paramCtx[v]; ok {
			return r.ctx(e)
		}
		f := r.identCtx(x, v)
		f.name = cmp.Or(f.name, v.Name()) // the variable it was read from, if it has none
		return f
	case *ast.SelectorExpr:
		if f, ok := r.fieldCtx(x); ok { // ctxfield.go
			return f
		}
	}
	return ctxFact{kind: ctxCaller}
}

// identCtx resolves a context variable x uses.
func (r *tres) identCtx(x *ast.Ident, v *types.Var) ctxFact {
	vf := r.facts(v)
	if vf.param || len(vf.defs) == 0 {
		f := ctxFact{kind: ctxCaller}
		if vf.param {
			f.param = v // a parameter (unwatched.go finds whose)
		}
		// A parameter the function's body itself reassigns (ctx,
		// cancel := context.WithTimeout(ctx, d)) holds, after, the
		// last value it was given.
		if last := lastDefBefore(vf, x.Pos()); last != nil {
			return r.ctx(last)
		}
		return f
	}
	return mergeAll(vf.defs, r.ctx)
}

// deadlineDur returns the duration of a WithTimeout argument, or of a
// WithDeadline argument written time.Now().Add(d).
func (r *tres) deadlineDur(x ast.Expr, isTimeout bool) (time.Duration, bool) {
	if isTimeout {
		return r.m.DurationValue(x)
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && r.callee(call) == "time.Time.Add" && len(call.Args) == 1 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if now, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok && r.callee(now) == "time.Now" {
				return r.m.DurationValue(call.Args[0])
			}
		}
	}
	return 0, false
}

// request resolves the context of an HTTP request expression
// (*http.Request or *retryablehttp.Request).
func (r *tres) request(x ast.Expr) ctxFact {
	x, ok := r.enter(x)
	if !ok {
		return ctxFact{kind: ctxCaller}
	}
	defer delete(r.visiting, x)
	switch x := x.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.request(x.X)
		}
	case *ast.StarExpr:
		return r.request(x.X)
	case *ast.CallExpr:
		// The request constructors and rewinders of the tables.
		switch rf := knowledge.RequestFuncOf(r.callee(x)); {
		case rf.Kind == knowledge.RequestNoContext:
			return ctxFact{kind: ctxBack, desc: "its request (" + rf.Short + ") has no context", pos: x.Pos(), implicit: true}
		case rf.Kind == knowledge.RequestContextArg && len(x.Args) > 0:
			return r.ctx(x.Args[0])
		case rf.Kind == knowledge.RequestFrom && len(x.Args) > 0:
			return r.request(x.Args[0])
		}
	case *ast.Ident:
		vf := r.factsOf(x)
		if vf == nil || vf.param || len(vf.defs) == 0 {
			break
		}
		return mergeAll(vf.defs, r.request)
	}
	return ctxFact{kind: ctxCaller}
}

// client resolves an *http.Client (or http.Client) expression.
func (r *tres) client(x ast.Expr) clientFact {
	x, ok := r.enter(x)
	if !ok {
		return clientFact{}
	}
	defer delete(r.visiting, x)
	info := r.m.info
	switch x := x.(type) {
	case *ast.SelectorExpr:
		if r.m.isHTTPVar(x.Sel, "DefaultClient") {
			if r.m.setsDefaultClientTimeout() {
				return clientFact{kind: clientTimeout}
			}
			return clientFact{kind: clientNoTimeout, why: "http.DefaultClient has no Timeout", pos: x.Pos(), via: "http.DefaultClient"}
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			outer := r.resolvingAddr
			r.resolvingAddr = x
			defer func() { r.resolvingAddr = outer }()
			return r.client(x.X)
		}
	case *ast.StarExpr:
		return r.client(x.X)
	case *ast.CompositeLit:
		if !typesx.IsNamed(info.TypeOf(x), "net/http", "Client") {
			break
		}
		var transport ast.Expr
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return clientFact{} // positional fields: not worth the risk
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Timeout" {
				return r.timeoutValue(kv.Value, x.Pos())
			} else if ok && k.Name == "Transport" {
				transport = kv.Value
			}
		}
		// A transport's dial, TLS handshake or response-header timeout
		// bounds the exchange it waits on: the attempt may be timed.
		switch {
		case transport != nil && r.transportTimed(transport, 0):
			return clientFact{}
		case transport != nil && r.plainTransport(transport, nil, 0):
			return clientFact{kind: clientNoTimeout, why: "the http.Client literal has no Timeout nor its Transport a timeout", pos: x.Pos()}
		}
		return clientFact{kind: clientNoTimeout, why: "the http.Client literal has no Timeout", pos: x.Pos()}
	case *ast.CallExpr:
		if b, ok := info.Uses[typesx.IdentOf(x.Fun)].(*types.Builtin); ok && b.Name() == "new" && len(x.Args) == 1 && typesx.IsNamed(info.TypeOf(x.Args[0]), "net/http", "Client") {
			return clientFact{kind: clientNoTimeout, why: "new(http.Client) has no Timeout", pos: x.Pos()}
		}
		if why, ok := knowledge.UntimedClients[r.callee(x)]; ok {
			return clientFact{kind: clientNoTimeout, why: why, pos: x.Pos()}
		}
		// A constructor of the package (DefaultHTTPClient()): the
		// clients its returns give, when they agree.
		if d := r.funcDecl(typesx.Callee(info, x)); d != nil && d.Body != nil && len(x.Args) == 0 {
			var fs []clientFact
			typesx.InspectNoLits(d.Body, func(n ast.Node) bool {
				if rs, ok := n.(*ast.ReturnStmt); ok && len(rs.Results) == 1 {
					fs = append(fs, r.client(rs.Results[0]))
				}
				return true
			})
			if f := joinClients(fs); f.kind == clientNoTimeout {
				f.pos = x.Pos()
				return f
			}
		}
	case *ast.Ident:
		v := r.varOf(x)
		if v == nil {
			break
		}
		vf := r.facts(v)
		if vf.param || vf.escapes && !r.onlyAddr(vf) || len(vf.defs) == 0 {
			break
		}
		if v.Parent() == r.m.pkg.Scope() && v.Exported() {
			break // other packages may set its Timeout
		}
		ts := vf.fields["Timeout"]
		if own := slices.DeleteFunc(slices.Clone(ts), func(t ast.Expr) bool { return r.m.UserValue(t, 0) }); len(own) == 0 && len(ts) > 0 {
			// Only the user's values (if cfg.Timeout != nil { c.Timeout =
			// *cfg.Timeout }): the package's own, its literal's, holds
			// until the user gives one.
			ts = nil
		}
		if len(ts) > 0 {
			f := r.timeoutValue(ts[0], ts[0].Pos())
			for _, t := range ts[1:] {
				g := r.timeoutValue(t, t.Pos())
				if g.kind != f.kind || g.dur != f.dur || !g.durKnown {
					f.durKnown = false
				}
			}
			if f.kind == clientNoTimeout {
				return clientFact{} // c.Timeout = 0 after all: odd, stay silent
			}
			return f
		}
		var fs []clientFact
		for _, d := range vf.defs {
			fs = append(fs, r.client(d))
		}
		return joinClients(fs) // unknown unless they agree
	}
	return clientFact{}
}

// timeoutValue makes a fact of a Timeout value.
func (r *tres) timeoutValue(x ast.Expr, pos token.Pos) clientFact {
	d, ok := r.m.DurationValue(x)
	switch {
	case ok && d <= 0:
		return clientFact{kind: clientNoTimeout, why: "the http.Client's Timeout is 0", pos: pos}
	case ok:
		return clientFact{kind: clientTimeout, dur: d, durKnown: true}
	}
	return clientFact{kind: clientTimeout}
}

// setsDefaultClientTimeout reports whether the package assigns
// http.DefaultClient.Timeout (or replaces http.DefaultClient).
func (m *model) setsDefaultClientTimeout() bool {
	found := false
	for _, f := range m.pass.Files {
		typesx.InspectUntil(&found, f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			for i := 0; ok && i < len(as.Lhs); i++ {
				typesx.InspectUntil(&found, as.Lhs[i], func(n ast.Node) bool {
					if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "DefaultClient" {
						found = m.isHTTPVar(sel.Sel, "DefaultClient")
					}
					return true
				})
			}
			return true
		})
	}
	return found
}

// transportTimed reports whether x, a client's Transport, visibly sets a
// timeout: a literal (or a variable holding one) with a field named like
// a timeout (ResponseHeaderTimeout, TLSHandshakeTimeout, a dialer's
// Timeout), or such a field assigned later.
func (r *tres) transportTimed(x ast.Expr, depth int) bool {
	if depth > 3 {
		return false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND && r.transportTimed(x.X, depth+1)
	case *ast.CompositeLit:
		timed := false
		return typesx.InspectUntil(&timed, x, func(n ast.Node) bool {
			kv, ok := n.(*ast.KeyValueExpr)
			timed = ok && isTimeoutKey(kv)
			return true
		})
	case *ast.Ident:
		vf := r.factsOf(x)
		return vf != nil && (vf.setsTimeout() || slices.ContainsFunc(vf.defs, func(d ast.Expr) bool { return r.transportTimed(d, depth+1) }))
	}
	return false
}

// derivedCtx finds, for a call of a function of the package whose context
// result is, on every return, its context parameter or one derived from
// it with no deadline (ctx, cancel := context.WithCancel(ctx); return
// ctx, cancel, nil), the call's argument for that parameter: the
// caller's context comes back.
func (r *tres) derivedCtx(call *ast.CallExpr) (ast.Expr, bool) {
	fn := typesx.Callee(r.m.info, call)
	if fn == nil || fn.Pkg() != r.m.pkg || r.depth >= maxHelperDepth {
		return nil, false
	}
	sig := fn.Signature()
	k, d := ctxResult(sig), r.funcDecl(fn)
	if k < 0 || d == nil || d.Body == nil || sig.Variadic() {
		return nil, false
	}
	hr := r.m.newTres([]ast.Node{d.Body})
	hr.depth = r.depth + 1
	var p *types.Var
	for _, ret := range typesx.Returns(d.Body) {
		if len(ret.Results) != sig.Results().Len() {
			return nil, false
		}
		if typesx.IsIdent(ret.Results[k], "nil") {
			continue
		}
		f := hr.ctx(ret.Results[k])
		if f.kind != ctxCaller || f.attempt || f.param == nil || p != nil && p != f.param {
			return nil, false
		}
		p = f.param
	}
	if p == nil {
		return nil, false
	}
	for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
		if sig.Params().At(i) == p {
			return call.Args[i], true
		}
	}
	return nil, false
}

// onlyAddr reports whether the one escape of the variable vf describes
// is the &v being resolved: a client built in a local and handed by
// address to the retrying client whose timeouts are read (r.HTTPClient =
// &c) is that client, with the writes seen of the local.
func (r *tres) onlyAddr(vf *varFacts) bool {
	return vf.addrs == 1 && vf.addr == r.resolvingAddr && r.resolvingAddr != nil && !vf.otherEscape
}

// leavesTimeout reports whether call, a call of a function of the
// package given the client arg (setMinimumTLSVersion(client)), leaves
// its Timeout alone: its body assigns no Timeout through that parameter,
// nor the parameter itself or what it points to, and hands it nowhere.
func (r *tres) leavesTimeout(call *ast.CallExpr, arg *ast.Ident) bool {
	d, p := r.argParam(call, arg)
	if p == nil {
		return false
	}
	leaves := true
	ast.PreorderStack(d.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || r.m.info.Uses[id] != p || !leaves || len(stack) == 0 {
			return leaves
		}
		switch q := stack[len(stack)-1].(type) {
		case *ast.SelectorExpr:
			// p.Transport, p.Timeout: a write of Timeout is the one
			// that matters.
			if q.Sel.Name == "Timeout" && len(stack) > 1 {
				if as, ok := stack[len(stack)-2].(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(q)) {
					leaves = false
				}
			}
		default:
			leaves = false // stored, handed on, dereferenced
		}
		return leaves
	})
	return leaves
}
