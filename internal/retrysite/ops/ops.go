package ops

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/policy"
)

// This file describes the operations a site repeats: whether an
// operation sends an HTTP request, with which method, and what it does
// with the Idempotency-Key header.
//
// The description follows values through the function that holds the
// operation and through same-package helpers that build, prepare or send
// the request (their parameters bound to the caller's arguments). Each
// function it walks is a frame; a frame knows which of its code runs again
// on every attempt (the retried code): the loop body, the closure given to
// a retry library, a whole helper called from the retried code. A key
// generated in the retried code changes on every attempt; one generated
// anywhere else (before the loop, by the caller) is reused.

// describeOpIn describes an operation call in frame f.
func (m *model) describeOpIn(call *ast.CallExpr, f *frame) *site.Op {
	op := &site.Op{Call: call, Callee: typesx.Callee(m.info, call)}
	if r := newDescriber(m).call(call, f, 0); r != nil {
		op.HTTP, op.Method, op.MethodPos, op.Request, op.Key, op.PlainHTTP = true, r.method, r.methodPos, r.request, r.key, r.plain
		if op.Method == "" {
			if c := m.callerBound(call, f); c != nil { // ops_callers.go
				op.Method, op.MethodPos, op.Key = c.method, c.methodPos, c.key
			}
		}
	}
	return op
}

// A frame is one function body the description walks.
type frame struct {
	body *ast.BlockStmt
	// lo and hi bound the retried code of this body; all says that the
	// whole body runs again on every attempt (a helper called from the
	// retried code).
	lo, hi token.Pos
	all    bool
	// binds maps a helper's parameters (and receiver) to the caller's
	// arguments.
	binds map[*types.Var]argRef
	depth int
}

type argRef struct {
	x ast.Expr
	f *frame
}

// retried reports whether code at pos runs again on every attempt.
func (f *frame) retried(pos token.Pos) bool {
	if f == nil || !pos.IsValid() {
		return false
	}
	return f.all && f.body != nil && f.body.Pos() <= pos && pos < f.body.End() || f.lo.IsValid() && f.lo <= pos && pos < f.hi
}

// fileOf returns the file of the package that holds pos.
func (m *model) fileOf(pos token.Pos) *ast.File { return typesx.FileOf(m.pass.Files, pos) }

// opFrame infers the frame of an operation call from its position.
func (m *model) opFrame(call *ast.CallExpr) *frame {
	file := m.fileOf(call.Pos())
	if file == nil {
		return &frame{}
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	var loop ast.Node
	var body *ast.BlockStmt
outer:
	for _, n := range path {
		switch n := n.(type) {
		case *ast.ForStmt:
			if loop == nil && !(n.Init != nil && n.Init.Pos() <= call.Pos() && call.End() <= n.Init.End()) {
				loop = n
			}
		case *ast.RangeStmt:
			if loop == nil && n.Body.Pos() <= call.Pos() {
				loop = n
			}
		case *ast.FuncLit:
			body = n.Body
			break outer
		case *ast.FuncDecl:
			body = n.Body
			break outer
		}
	}
	f := &frame{body: body}
	switch l := loop.(type) {
	case *ast.ForStmt:
		f.lo, f.hi = l.For, l.End()
		if l.Init != nil {
			f.lo = l.Init.End()
		}
	case *ast.RangeStmt:
		f.lo, f.hi = l.X.End(), l.End()
	default:
		if body == nil {
			return f
		}
		f.lo, f.hi = body.Pos(), body.End()
		if lab := labelBefore(body, call); lab != nil {
			f.lo = lab.Pos()
		}
	}
	return f
}

// labelBefore returns the last goto target before call in body, outside
// function literals.
func labelBefore(body *ast.BlockStmt, call *ast.CallExpr) *ast.LabeledStmt {
	targets := make(map[string]bool)
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil {
			targets[b.Label.Name] = true
		}
		return true
	})
	var best *ast.LabeledStmt
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok && targets[l.Label.Name] && l.Pos() <= call.Pos() {
			best = l
		}
		return true
	})
	return best
}

// A describer describes one operation. It holds the state of one
// description only.
type describer struct {
	m          *model
	keyHeaders []string
	seenVar    map[*types.Var]bool
	seenNode   map[ast.Node]bool
	uses       map[*types.Var][]use
	// sending is the send being described: the request it is given
	// is what goes out, so its own body is not a use of the request.
	sending *ast.CallExpr
}

func newDescriber(m *model) *describer {
	return &describer{m: m, keyHeaders: append([]string{policy.IdempotencyKeyHeader}, m.keyHeaders...),
		seenVar: make(map[*types.Var]bool), seenNode: make(map[ast.Node]bool), uses: make(map[*types.Var][]use)}
}

// isKeyHeader reports whether a header name names an idempotency key,
// compared the way net/http canonicalises header names.
func (d *describer) isKeyHeader(name string) bool {
	c := http.CanonicalHeaderKey(name)
	return slices.ContainsFunc(d.keyHeaders, func(h string) bool { return strings.EqualFold(c, h) })
}

// sendDesc is what the description finds of one HTTP send.
type sendDesc struct {
	method    string
	methodPos token.Pos
	request   ast.Expr
	key       *site.IdemKey
	// plain: every request goes to an http:// URL (plainurl.go).
	plain bool
}

const maxDepth = 4

// call describes a call: a direct HTTP send, a same-package helper
// whose body sends, or another package's function read alone. It returns nil when the call sends no HTTP request
// the model can see.
func (d *describer) call(call *ast.CallExpr, f *frame, depth int) *sendDesc {
	if s := d.directSend(call, f); s != nil {
		return d.describeSend(s, f)
	}
	fn := typesx.Callee(d.m.info, call)
	if fn == nil && depth < maxDepth {
		return d.heldCall(call, f, depth) // forms.go
	}
	if fn != nil && fn.Pkg() != nil && fn.Pkg() != d.m.pkg {
		return d.elsewhereSend(fn, call, f) // ops_elsewhere.go
	}
	if fn == nil || fn.Pkg() != d.m.pkg || depth >= maxDepth {
		return nil
	}
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		// An interface of the package: its implementations in the
		// package (a Caller whose HTTPCaller POSTs) are what it runs.
		decls := d.m.assignedImpls(fn, call)
		if decls == nil {
			decls = d.m.implementations(fn)
		}
		var sends []*sendDesc
		for _, decl := range decls {
			if s := d.declCall(decl, call, f, depth); s != nil {
				sends = append(sends, s)
			}
		}
		return mergeAltSends(sends)
	}
	return d.declCall(d.m.FuncDecl(fn), call, f, depth)
}

// declCall describes a call that runs the same-package function decl.
func (d *describer) declCall(decl *ast.FuncDecl, call *ast.CallExpr, f *frame, depth int) *sendDesc {
	if decl == nil || decl.Body == nil || d.seenNode[decl] {
		return nil
	}
	d.seenNode[decl] = true
	defer delete(d.seenNode, decl)
	hf := d.helperFrame(decl, call, f)
	return d.bodySends(decl.Body, hf, depth)
}

// bodySends describes what a helper's body sends: the sends of the calls
// it makes (outside function literals), in frame hf, merged.
func (d *describer) bodySends(body *ast.BlockStmt, hf *frame, depth int) *sendDesc {
	var sends []*sendDesc
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if r := d.call(call, hf, depth+1); r != nil {
				sends = append(sends, r)
				return false
			}
		}
		return true
	})
	return mergeSends(sends)
}

// mergeSends combines the sends of a helper: it describes them when they
// all use the same method (the worst key first); else by a POST or PATCH
// among them that carries no key it should (the helper re-sends it on
// every run: R-6), and otherwise only says that the helper sends HTTP.
func mergeSends(sends []*sendDesc) *sendDesc {
	if len(sends) == 0 {
		return nil
	}
	r := *mergedMethod(sends)
	r.plain = !slices.ContainsFunc(sends, func(s *sendDesc) bool { return !s.plain })
	return &r
}

// mergedMethod picks the send that describes the method and key of all
// of sends (see mergeSends).
func mergedMethod(sends []*sendDesc) *sendDesc {
	best := sends[0]
	for _, s := range sends[1:] {
		if s.method == "" || s.method != best.method {
			for _, k := range sends {
				if policy.RequiresIdempotencyKey(k.method) && k.key != nil && keyRank(k.key) > keyRank(&site.IdemKey{State: site.KeyStable}) {
					return k
				}
			}
			return &sendDesc{}
		}
		if keyRank(s.key) > keyRank(best.key) {
			best = s
		}
	}
	return best
}

// mergeAltSends combines the sends of alternatives only one of which
// runs (the implementations of an interface method, chosen by settings
// the model cannot see): as mergeSends, but the key is what every
// alternative does with it, unknown when they differ. One that makes a
// new key on every attempt beside one that copies headers from a map is
// no evidence of either.
func mergeAltSends(sends []*sendDesc) *sendDesc {
	best := mergeSends(sends)
	if best == nil || best.key == nil {
		return best
	}
	for _, s := range sends {
		if s.key == nil || s.key.State != best.key.State {
			alt := *best
			alt.key = &site.IdemKey{State: site.KeyUnknown}
			return &alt
		}
	}
	return best
}

// assignedImpls returns the methods a call of fn, an interface method,
// runs when its receiver is an unexported field of the package that the
// package only ever sets to values of its own concrete types (w.t =
// &plain{c}): those types' methods, not every implementation's. nil when
// the field is exported, never set, or set to anything else.
func (m *model) assignedImpls(fn *types.Func, call *ast.CallExpr) []*ast.FuncDecl {
	v := typesx.OwnerField(m.info, call.Fun)
	if v == nil || !v.IsField() || v.Exported() || v.Pkg() != m.pkg {
		return nil
	}
	vals := m.valuesOf(v)
	if len(vals) == 0 {
		return nil
	}
	var decls []*ast.FuncDecl
	for _, x := range vals {
		t := m.info.TypeOf(x)
		if t == nil || types.IsInterface(t) {
			return nil
		}
		named, _ := types.Unalias(typesx.Deref(t)).(*types.Named)
		if named == nil || named.Obj().Pkg() != m.pkg {
			return nil
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, m.pkg, fn.Name())
		impl, _ := obj.(*types.Func)
		d := m.FuncDecl(impl) // nil for nil
		if d == nil {
			return nil
		}
		if !slices.Contains(decls, d) {
			decls = append(decls, d)
		}
	}
	return decls
}

// keyRank orders key states from compliant to worst (unknown as none).
func keyRank(k *site.IdemKey) int {
	if k == nil {
		return 0
	}
	return keyRanks[k.State]
}

var keyRanks = map[site.IdemKeyState]int{site.KeyStable: 1, site.KeyConstant: 2, site.KeyPerAttempt: 3, site.KeyMissing: 4}

// helperFrame binds a same-package function's parameters to a call's
// arguments. Its whole body is retried when the call is.
func (d *describer) helperFrame(decl *ast.FuncDecl, call *ast.CallExpr, f *frame) *frame {
	hf := &frame{body: decl.Body, all: f.retried(call.Pos()), binds: make(map[*types.Var]argRef), depth: f.depth + 1}
	bindArgs(d.m.info, decl, call, hf.binds, f)
	return hf
}

// bindArgs binds decl's receiver and parameters to call's receiver and
// arguments, evaluated in f; a variadic parameter only when the call
// passes a slice for it (xs...).
func bindArgs(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr, binds map[*types.Var]argRef, f *frame) {
	if v, x := typesx.RecvVar(info, decl), callRecv(call); v != nil && x != nil {
		binds[v] = argRef{x, f}
	}
	i := 0
	variadic := call.Ellipsis.IsValid()
	for _, field := range decl.Type.Params.List {
		if _, isEll := field.Type.(*ast.Ellipsis); isEll && !variadic {
			break
		}
		for _, name := range field.Names {
			if i < len(call.Args) {
				if v, ok := info.Defs[name].(*types.Var); ok {
					binds[v] = argRef{call.Args[i], f}
				}
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
}

// A send is a call that sends an HTTP request.
type send struct {
	call *ast.CallExpr
	// method is the method when the call decides it (http.Post, resty
	// Post); methodFrom the expression that holds it (Execute's
	// argument).
	method     string
	methodFrom ast.Expr
	methodPos  token.Pos
	// req is the request expression, when there is one (nil for
	// http.Post, which sets no headers).
	req ast.Expr
	// client is the client (or transport) expression.
	client ast.Expr
	// mayKey is true when the sender's body, not read, may set a key
	// header: its package's source names one.
	mayKey bool
	// url is the URL the call requests, when the call takes it (http.Get).
	url ast.Expr
}

const pkgHTTP = "net/http"

// directSend recognises the calls that send an HTTP request, from the
// request vocabularies of the tables (knowledge/requestmodels.go).
func (d *describer) directSend(call *ast.CallExpr, f *frame) *send {
	fn := typesx.Callee(d.m.info, call)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	s := &send{call: call}
	key := knowledge.EntryKey(fn.Origin())
	if sf, ok := knowledge.SendOf(key); ok {
		if sf.Unwrap {
			if call, sf = d.wrappedRequest(callRecv(call)); call == nil {
				return &send{call: s.call} // a send the model cannot describe
			}
		}
		s.req, s.client = argAt(call, sf.Req), argAt(call, sf.Client)
		if sf.Method != "" {
			s.method, s.methodPos = sf.Method, s.call.Pos()
		}
		if sf.URLFirst {
			s.url = argAt(call, 0)
		}
		return s
	}
	if at := d.doer(fn); at >= 0 {
		s.req, s.client = argAt(call, at), callRecv(call)
		if _, iface := fn.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface); !iface {
			s.mayKey = d.m.SourceMentions(fn.Origin(), d.keyWords())
		}
		return s
	}
	if bs, ok := knowledge.BuilderSendOf(key); ok {
		s.req = callRecv(call)
		switch {
		case bs.Method != "":
			s.method, s.methodPos = bs.Method, call.Pos()
		case bs.MethodArg >= 0:
			s.methodFrom = argAt(call, bs.MethodArg)
		}
		return s
	}
	return nil
}

// doer reports whether fn is a method that sends the request it is given
// and whose body is not at hand: func([ctx,] *http.Request)
// (*http.Response, error) of an interface (an SDK's HTTPClient, a Doer)
// or of another package's type (an SDK core's Call(ctx, request), the
// module's wrapper in another package). It returns the request's
// argument index, or -1.
func (d *describer) doer(fn *types.Func) int {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() != 2 {
		return -1
	}
	at := sig.Params().Len() - 1
	if at < 0 || at > 1 || at == 1 && !typesx.IsContextLike(sig.Params().At(0).Type()) {
		return -1
	}
	if _, iface := sig.Recv().Type().Underlying().(*types.Interface); !iface && fn.Pkg() == d.m.pkg {
		return -1 // its body is read (declCall)
	}
	if !isPtrTo(sig.Params().At(at).Type(), "Request") ||
		!isPtrTo(sig.Results().At(0).Type(), "Response") ||
		!typesx.IsErrorType(sig.Results().At(1).Type()) {
		return -1
	}
	return at
}

// callRecv is the receiver expression of a method call.
func callRecv(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// argAt is the call's expression at a SendFunc position: an argument,
// the receiver (knowledge.RecvArg) or none.
func argAt(call *ast.CallExpr, i int) ast.Expr {
	switch {
	case i == knowledge.RecvArg:
		return callRecv(call)
	case i >= 0 && i < len(call.Args):
		return call.Args[i]
	}
	return nil
}

// wrappedRequest finds the call that wrapped the request x holds (a
// SendFunc's Wrap, wrapping a request and its client) and how it does,
// for a send of its Unwrap method; a nil call when none.
func (d *describer) wrappedRequest(x ast.Expr) (*ast.CallExpr, knowledge.SendFunc) {
	for range 4 {
		switch y := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			if fn := typesx.Callee(d.m.info, y); fn != nil {
				if sf, ok := knowledge.SendOf(knowledge.EntryKey(fn.Origin())); ok && sf.Wrap {
					return y, sf
				}
			}
			return nil, knowledge.SendFunc{}
		case *ast.Ident:
			v, _ := d.m.info.Uses[y].(*types.Var)
			if v == nil {
				return nil, knowledge.SendFunc{}
			}
			defs := d.defs(v)
			if len(defs) != 1 {
				return nil, knowledge.SendFunc{}
			}
			x = defs[0].rhs
		default:
			return nil, knowledge.SendFunc{}
		}
	}
	return nil, knowledge.SendFunc{}
}

// describeSend describes one send: its method and its key.
func (d *describer) describeSend(s *send, f *frame) *sendDesc {
	r := &sendDesc{request: s.req, method: s.method, methodPos: s.methodPos}
	outer := d.sending
	d.sending = s.call
	defer func() { d.sending = outer }()
	t := &reqTrace{}
	if s.methodFrom != nil {
		d.addMethod(s.methodFrom, f, t)
	}
	t.opaque = s.mayKey
	if s.req != nil {
		d.origin(s.req, f, t, 0)
	} else if s.method == "" && s.methodFrom == nil {
		return r // a send the model cannot describe
	}
	if r.method == "" {
		r.method, r.methodPos = t.finalMethod()
	}
	if s.url != nil {
		t.urls = append(t.urls, argRef{s.url, f})
	}
	r.plain = d.plainURLs(t)
	r.key = d.key(t)
	if pos, ok := d.clientAddsKey(s.client, f, 0); ok {
		r.key = &site.IdemKey{State: site.KeyStable, Set: pos}
	}
	return r
}

// reqTrace accumulates what the description finds of a request: where
// its method is decided and where headers are set.
type reqTrace struct {
	origins, assigned []methodRef
	originUnknown     bool
	keys              []keySet
	// opaque is true when headers may be set where the model cannot see
	// (a request option called through a function value, headers copied
	// from a parameter).
	opaque bool
	// urls are the URLs the request's constructors were given.
	urls []argRef
	// fieldHeld is true while the trace follows a request kept in a
	// field (methods.go): the parameters of the functions that store
	// it are followed to the package's calls.
	fieldHeld bool
}

type methodRef struct {
	m   string
	pos token.Pos
}

type keySet struct {
	val ast.Expr
	f   *frame
	pos token.Pos
}

func (t *reqTrace) addOrigin(m string, pos token.Pos) {
	t.origins = append(t.origins, methodRef{strings.ToUpper(m), pos})
}

// finalMethod returns the method the request is sent with, if the model
// knows it: an explicit assignment of req.Method wins over the
// constructors' methods, which must agree.
func (t *reqTrace) finalMethod() (string, token.Pos) {
	refs := t.assigned
	if len(refs) == 0 {
		if t.originUnknown {
			return "", token.NoPos
		}
		refs = t.origins
	}
	if len(refs) == 0 {
		return "", token.NoPos
	}
	if slices.ContainsFunc(refs[1:], func(r methodRef) bool { return r.m != refs[0].m }) {
		// Several methods (methods.go): a request that may be a POST
		// or PATCH is retried as one.
		if i := slices.IndexFunc(refs, needsKey); i >= 0 {
			return refs[i].m, refs[i].pos
		}
		return "", token.NoPos
	}
	return refs[0].m, refs[0].pos
}

// str evaluates a string expression in frame f: a constant, a bound
// parameter, a local whose definitions all agree.
func (d *describer) str(x ast.Expr, f *frame) (string, token.Pos, bool) {
	for range 8 {
		if x == nil {
			return "", token.NoPos, false
		}
		if tv, ok := d.m.info.Types[x]; ok && tv.Value != nil {
			if tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), x.Pos(), true
			}
			return "", token.NoPos, false
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return "", token.NoPos, false
		}
		v, _ := d.m.info.Uses[id].(*types.Var)
		if v == nil {
			return "", token.NoPos, false
		}
		if a, ok := f.bound(v); ok {
			x, f = a.x, a.f
			continue
		}
		defs := d.defs(v)
		if len(defs) == 0 {
			return "", token.NoPos, false
		}
		s0, p0, ok := d.str(defs[0].rhs, f)
		if !ok {
			return "", token.NoPos, false
		}
		for _, df := range defs[1:] {
			if s, _, ok := d.str(df.rhs, f); !ok || s != s0 {
				return "", token.NoPos, false
			}
		}
		return s0, p0, true
	}
	return "", token.NoPos, false
}

// A use is one occurrence of a variable with its ancestors (innermost
// last).
type use struct {
	id   *ast.Ident
	path []ast.Node
}

func (u use) parent() ast.Node {
	if len(u.path) == 0 {
		return nil
	}
	return u.path[len(u.path)-1]
}

// usesOf returns the occurrences of a local variable (parameters
// included) in the declaration that holds it.
func (d *describer) usesOf(v *types.Var) []use {
	if us, ok := d.uses[v]; ok {
		return us
	}
	var us []use
	file := d.m.fileOf(v.Pos())
	if file != nil && v.Parent() != nil && v.Parent() != d.m.pkg.Scope() {
		holds := func(dc ast.Decl) bool { return dc.Pos() <= v.Pos() && v.Pos() < dc.End() }
		if i := slices.IndexFunc(file.Decls, holds); i >= 0 {
			walkPaths(file.Decls[i], func(n ast.Node, path []ast.Node) {
				if id, ok := n.(*ast.Ident); ok && (d.m.info.Uses[id] == v || d.m.info.Defs[id] == v) {
					us = append(us, use{id: id, path: slices.Clone(path)})
				}
			})
		}
	}
	d.uses[v] = us
	return us
}

// A def is one definition of a variable: the expression assigned to it
// (rhs, with idx the result index when rhs is a multi-value call).
type def struct {
	rhs    ast.Expr
	idx    int
	rangeX ast.Expr // for range variables: the ranged expression
	isKey  bool     // ... and whether it is the key
}

// defs returns the definitions of a local variable.
func (d *describer) defs(v *types.Var) []def {
	var ds []def
	for _, u := range d.usesOf(v) {
		switch p := u.parent().(type) {
		case *ast.AssignStmt:
			switch i := slices.Index(p.Lhs, ast.Expr(u.id)); {
			case i < 0:
			case p.Tok != token.ASSIGN && p.Tok != token.DEFINE:
				ds = append(ds, def{}) // x += ...
			default:
				ds = appendDef(ds, i, len(p.Lhs), p.Rhs)
			}
		case *ast.ValueSpec:
			if i := slices.Index(p.Names, u.id); i >= 0 {
				ds = appendDef(ds, i, len(p.Names), p.Values)
			}
		case *ast.RangeStmt:
			if p.Key == u.id || p.Value == u.id {
				ds = append(ds, def{rangeX: p.X, isKey: p.Key == u.id})
			}
		}
	}
	return ds
}

// appendDef appends to ds the definition of the i'th of n names given
// values: one value each, or the i'th result of one multi-value call.
func appendDef(ds []def, i, n int, values []ast.Expr) []def {
	switch {
	case len(values) == n:
		return append(ds, def{rhs: values[i]})
	case len(values) == 1:
		return append(ds, def{rhs: values[0], idx: i})
	}
	return ds
}

// isPtrTo reports whether t is *net/http.name.
func isPtrTo(t types.Type, name string) bool {
	_, ok := t.(*types.Pointer)
	return ok && typesx.IsNamed(t, pkgHTTP, name)
}
