package ops

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// This file gives the method of a request that the retry's function takes
// as a parameter the values its callers in the package pass (a generated
// SDK's request loop, `func (c *API) makeRequest(ctx, method, uri string,
// ...)`, called through unexported forwarders by every endpoint with
// http.MethodGet, http.MethodPost...). The loop's own description cannot
// tell the method; each caller's can. A POST or PATCH that one caller
// sends through the loop, with no Idempotency-Key on that caller's path
// (its headers followed to the caller's arguments), is retried without
// one: that caller is named as the place the method is set.
//
// The retry's function may take the request itself (`func (c *Client)
// do(req *http.Request)`, its operation in a loop or in a closure given to
// a retry library): a caller that builds the request in a local with a
// call given the method (`req, err := c.NewRequest(ctx, http.MethodPost,
// ...)`) passes that method as surely as one that passes it alone, and so
// does a forwarder that builds it from a method parameter of its own, or
// a request description compiled by a method of its own (`req, err :=
// params.compileRequest(ctx)`, the caller writing `FullRequest{Method:
// http.MethodPost, ...}`).
//
// Only calls in the package count (never a guess about users of an
// exported function), a forwarder's own parameters are followed to its
// callers up to callerDepth functions, and the retry's function must not
// look at the method itself (`if method != http.MethodGet { return }`
// may be what keeps POSTs from being retried).

const (
	// callerDepth is how many functions above the retry's function the
	// method is followed through forwarders.
	callerDepth = 4
	// maxCallerContexts bounds the callers described per operation.
	maxCallerContexts = 64
	// maxCallVisits bounds the calls looked at per operation, however
	// many callers the forwarders have.
	maxCallVisits = 4096
)

// callerBound describes call again in frames binding the parameters of
// its function to the arguments of its callers in the package, and
// returns the first description in which the method needs a key that the
// request does not carry, or nil.
func (m *model) callerBound(call *ast.CallExpr, f *frame) *sendDesc {
	if f == nil || f.body == nil || f.binds != nil || m.pkg != m.pass.Pkg {
		return nil
	}
	// The function whose parameters the operation reads: the one whose
	// body the frame is, or the one around a closure given to a retry
	// library.
	decl := typesx.FuncDeclAt(m.pass.Files, f.body.Pos())
	if decl == nil {
		return nil
	}
	fn, _ := m.info.Defs[decl.Name].(*types.Func)
	if fn == nil || m.readsMethod(decl) {
		return nil
	}
	contexts := m.chains(decl, fn, f)
	for _, fr := range contexts[:min(len(contexts), maxCallerContexts)] {
		d := newDescriber(m)
		if r := d.call(call, fr, 0); r != nil && policy.RequiresIdempotencyKey(r.method) && r.key != nil {
			switch r.key.State {
			case site.KeyMissing, site.KeyPerAttempt, site.KeyConstant:
				return r
			}
		}
	}
	return nil
}

// A callAt is one call of a function of the package, in the declaration
// that holds it.
type callAt struct {
	call *ast.CallExpr
	decl *ast.FuncDecl
}

// callIndex returns the calls of the package's functions in its non-test
// files, by callee, in source order.
func (m *model) callIndex() map[*types.Func][]callAt {
	if m.calls != nil {
		return m.calls
	}
	m.calls = make(map[*types.Func][]callAt)
	add := func(n ast.Node, fd *ast.FuncDecl) {
		c := n.(*ast.CallExpr)
		if fn := typesx.Callee(m.info, c); fn != nil && fn.Pkg() == m.pkg {
			fn = fn.Origin()
			m.calls[fn] = append(m.calls[fn], callAt{call: c, decl: fd})
		}
	}
	// The inspector (the retrysite Analyzer requires it) skips what
	// holds no call.
	insp := m.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for fc := range insp.Root().Children() {
		file, ok := fc.Node().(*ast.File)
		if !ok || strings.HasSuffix(m.pass.Fset.File(file.Pos()).Name(), "_test.go") {
			continue
		}
		for dc := range fc.Children() {
			if fd, ok := dc.Node().(*ast.FuncDecl); ok && fd.Body != nil {
				typesx.PreorderIn(dc.ChildAt(edge.FuncDecl_Body, -1), true, fd.Body, callNodes, func(n ast.Node) { add(n, fd) })
			}
		}
	}
	return m.calls
}

// callNodes are the nodes callIndex reads.
var callNodes = []ast.Node{(*ast.CallExpr)(nil)}

// readsMethod reports whether a function compares a string parameter or
// a request's Method field, or gives one to a predicate: it may decide by
// the method what it retries.
func (m *model) readsMethod(decl *ast.FuncDecl) bool {
	params := make(map[types.Object]bool)
	for _, v := range typesx.DeclParams(m.info, decl) {
		if v != nil {
			params[v] = typesx.BasicIs(v.Type(), types.IsString)
		}
	}
	isMethod := func(x ast.Expr) bool {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			return params[m.info.Uses[x]]
		case *ast.SelectorExpr:
			return x.Sel.Name == "Method" && isRequestType(m.info.TypeOf(x.X))
		}
		return false
	}
	return typesx.TestsValue(m.info, decl.Body, isMethod)
}

// chains returns frames for the retry's function decl, one per chain of
// calls in the package through which a constant POST or PATCH reaches
// one of its parameters, in source order of the outermost call.
func (m *model) chains(decl *ast.FuncDecl, fn *types.Func, f *frame) []*frame {
	idx := m.callIndex()
	type link struct {
		c    callAt
		next *link // the call one level down, towards decl
	}
	var out []*frame
	var found []*link
	visits := 0
	var walk func(fn *types.Func, below *link, onPath map[*ast.FuncDecl]bool, depth int)
	walk = func(fn *types.Func, below *link, onPath map[*ast.FuncDecl]bool, depth int) {
		for _, c := range idx[fn] {
			if len(found) >= maxCallerContexts || visits >= maxCallVisits || onPath[c.decl] {
				continue
			}
			visits++
			l := &link{c: c, next: below}
			if m.argsHoldKeyedMethod(c) {
				found = append(found, l)
			}
			if depth+1 < callerDepth && m.forwardsParam(c) {
				cfn, _ := m.info.Defs[c.decl.Name].(*types.Func)
				if cfn != nil {
					onPath[c.decl] = true
					walk(cfn, l, onPath, depth+1)
					delete(onPath, c.decl)
				}
			}
		}
	}
	walk(fn, nil, map[*ast.FuncDecl]bool{decl: true}, 0)
	sort.SliceStable(found, func(i, j int) bool { return typesx.PosLess(m.pass.Fset, found[i].c.call.Pos(), found[j].c.call.Pos()) })
	for _, l := range found {
		// Build the frames from the outermost caller down: each
		// function's parameters bound to the arguments of the call one
		// level up.
		upper := &frame{body: l.c.decl.Body}
		for cur := l.next; cur != nil; cur = cur.next {
			if m.readsMethod(cur.c.decl) {
				upper = nil // a forwarder that decides by the method
				break
			}
		}
		for cur := l; cur != nil && upper != nil; cur = cur.next {
			target := decl
			if cur.next != nil {
				target = cur.next.c.decl
			}
			upper = bindParams(m.info, target, cur.c.call, upper, f)
		}
		if upper != nil {
			out = append(out, upper)
		}
	}
	return out
}

// bindParams returns a frame for decl's body bound to call's arguments,
// evaluated in caller. The frame keeps f's retried range when decl is
// the retry's function.
func bindParams(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr, caller, f *frame) *frame {
	if call.Ellipsis.IsValid() {
		return nil
	}
	fr := &frame{body: decl.Body, binds: make(map[*types.Var]argRef)}
	if f != nil && f.body == decl.Body {
		fr.lo, fr.hi, fr.all = f.lo, f.hi, f.all
	} else if f != nil && f.body != nil && decl.Body.Pos() <= f.body.Pos() && f.body.End() <= decl.Body.End() {
		fr.lo, fr.hi = f.lo, f.hi // a closure of decl's: its retried range
	}
	bindArgs(info, decl, call, fr.binds, caller) // no xs...: the variadic parameter is unbound
	return fr
}

// forwardsParam reports whether a call passes a parameter of the
// function that makes it (a forwarder's method argument).
func (m *model) forwardsParam(c callAt) bool {
	params := typesx.DeclParams(m.info, c.decl)
	return slices.ContainsFunc(m.argRoots(c), func(a ast.Expr) bool {
		v := typesx.VarOf(m.info, a)
		return v != nil && slices.Contains(params, v)
	})
}

// argRoots returns the arguments of a call and, for an argument that is
// a local of the calling function, the arguments of the calls whose
// result is assigned to it there (req, err := c.NewRequest(ctx, method,
// path, body): the request is built from the method).
func (m *model) argRoots(c callAt) []ast.Expr {
	roots := slices.Clone(c.call.Args)
	locals := make(map[*types.Var]bool)
	for _, a := range c.call.Args {
		if v := typesx.VarOf(m.info, ast.Unparen(a)); v != nil && c.decl.Body.Pos() <= v.Pos() && v.Pos() < c.decl.Body.End() {
			locals[v] = true
		}
	}
	if len(locals) == 0 {
		return roots
	}
	ast.Inspect(c.decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		assigned := func(l ast.Expr) bool { return locals[typesx.VarOf(m.info, l)] }
		if rc, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && slices.ContainsFunc(as.Lhs, assigned) {
			roots = append(roots, rc.Args...)
			// req, err := params.compileRequest(ctx): the request is
			// built from its receiver too.
			if sel, ok := ast.Unparen(rc.Fun).(*ast.SelectorExpr); ok && typesx.VarOf(m.info, sel.X) != nil {
				roots = append(roots, sel.X)
			}
		}
		return true
	})
	return roots
}

// argsHoldKeyedMethod reports whether a call passes a constant method
// that needs an Idempotency-Key, alone, in a request it builds, or in a
// field of a request description it writes as a composite literal.
func (m *model) argsHoldKeyedMethod(c callAt) bool {
	var roots []ast.Expr
	for _, a := range m.argRoots(c) {
		roots = append(roots, a)
		// A request description built in the call
		// (FullRequest{Method: http.MethodPost, ...}): its fields.
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			a = u.X
		}
		if lit, ok := ast.Unparen(a).(*ast.CompositeLit); ok {
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					roots = append(roots, kv.Value)
				}
			}
		}
	}
	return slices.ContainsFunc(roots, func(a ast.Expr) bool {
		v := m.info.Types[a].Value
		if v == nil || v.Kind() != constant.String {
			return false
		}
		s := strings.ToUpper(constant.StringVal(v))
		return (s == http.MethodPost || s == http.MethodPatch) && policy.RequiresIdempotencyKey(s)
	})
}

// boundRoot follows a variable bound to a caller's argument while the
// argument is itself a variable (a receiver handed down: api.request's
// api is its caller's api): a field of the outermost one is the field
// read. It returns nil when an argument is anything else.
func (d *describer) boundRoot(v *types.Var, f *frame) (*types.Var, *frame) {
	for range 8 {
		a, ok := f.bound(v)
		if !ok {
			return v, f
		}
		w := typesx.VarOf(d.m.info, a.x) // a variable, not a field of one
		if w == nil || a.f == nil {
			return nil, nil
		}
		v, f = w, a.f
	}
	return nil, nil
}

// isReceiver reports whether v is the receiver of its method.
func (d *describer) isReceiver(v *types.Var) bool {
	_, isRecv := d.paramKind(v)
	return isRecv
}
