package ops

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/policy"
)

// This file describes the operations of library sites whose operation is
// not a function literal: retrying clients. A retrying client repeats the
// request it is given as it is, headers included, so a key set on the
// request before the call is reused on every attempt.
//
//   - go-retryablehttp Client.Do(req), Client.Post(...), retryablehttp.Post:
//     the operation is the call itself.
//   - resty R()...Post(url) with retries on: the call itself. resty v3
//     retries POST and PATCH only with SetRetryAllowNonIdempotent(true);
//     without it the request is not an operation of the site.
//   - failsafehttp.NewRequest(req, client, policies...): the request given.
//   - a client that retries in its transport: retryablehttp's
//     Client.StandardClient() and failsafehttp.NewRoundTripper(...). The
//     operations are the requests sent through the *http.Client built from
//     them, followed through local variables, struct fields, helper
//     parameters and same-package constructors; each operation's Call is
//     the send (hc.Do(req)), wherever it is in the package.

// libOps adds the operations of a retrying-client library site.
func (m *model) libOps(s *site.Site) {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok {
		return
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	_, e, ok := knowledge.Lookup(knowledge.EntryKey(fn.Origin()))
	if !ok {
		return
	}
	here := &frame{body: s.Func}
	switch e.Sends {
	case knowledge.SendsCall:
		op := m.describeOpIn(call, here)
		if op.Key != nil && op.Key.State == site.KeyMissing && len(s.Lib.HeaderHooks) > 0 && s.Last(s.Lib.HeaderHooks...) != nil {
			// A hook may set headers before every retry.
			op.Key = &site.IdemKey{State: site.KeyUnknown}
		}
		if s.Lib.IdempotentOnly && op.HTTP && policy.RequiresIdempotencyKey(op.Method) && !m.allowsNonIdempotent(s) {
			// resty v3 does not retry POST and PATCH by default.
			return
		}
		s.Ops = append(s.Ops, op)
	case knowledge.SendsClient, knowledge.SendsTransport:
		for _, send := range m.clientSends(call, e.Sends == knowledge.SendsTransport) {
			s.Ops = append(s.Ops, m.describeOpIn(send, m.sendFrame(send)))
		}
	}
}

// allowsNonIdempotent reports whether a site of an IdempotentOnly library (resty v3) retries
// non-idempotent methods: SetRetryAllowNonIdempotent(true) on the client
// or the request. A value the model cannot see counts as no.
func (m *model) allowsNonIdempotent(s *site.Site) bool {
	st := s.Last(s.Lib.AllowNonIdempotent...)
	if st == nil {
		return false
	}
	v := m.info.Types[st.Arg(0)].Value
	return v != nil && v.Kind() == constant.Bool && constant.BoolVal(v)
}

// sendFrame is the frame of a send through a retrying client: nothing in
// it is retried by the library but the request as sent.
func (m *model) sendFrame(send *ast.CallExpr) *frame {
	f := &frame{}
	if file := m.fileOf(send.Pos()); file != nil {
		f.body, _ = typesx.EnclosingBody(file, send.Pos())
	}
	return f
}

// clientSends returns the sends (Do, Post, PostForm, Get, Head) made
// through the client x builds, or, when transport is true, through the
// clients that use the transport x builds.
func (m *model) clientSends(x ast.Expr, transport bool) []*ast.CallExpr {
	t := &holderTrace{m: m, d: newDescriber(m), seen: make(map[types.Object]bool), sent: make(map[*ast.CallExpr]bool)}
	file := m.fileOf(x.Pos())
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, x.Pos(), x.End())
	if i := slices.Index(path, ast.Node(x)); i >= 0 {
		// The ancestors, innermost last.
		ancestors := slices.Clone(path[i+1:])
		slices.Reverse(ancestors)
		t.value(x, ancestors, transport, 0)
	}
	return t.sends
}

type holderTrace struct {
	m     *model
	d     *describer
	seen  map[types.Object]bool
	sent  map[*ast.CallExpr]bool
	sends []*ast.CallExpr
}

// value follows where the value of expression x (a client, or a
// transport when transport is true) goes; path holds x's ancestors.
func (t *holderTrace) value(x ast.Expr, path []ast.Node, transport bool, depth int) {
	if len(path) == 0 || depth > 8 {
		return
	}
	info := t.m.info
	parent, rest := path[len(path)-1], path[:len(path)-1]
	switch p := parent.(type) {
	case *ast.ParenExpr, *ast.StarExpr, *ast.UnaryExpr:
		t.value(p.(ast.Expr), rest, transport, depth+1)
	case *ast.SelectorExpr:
		if p.X != x || transport {
			return
		}
		call, _ := parentCall(p, rest)
		if call == nil {
			return
		}
		if fn := typesx.Callee(info, call); fn != nil {
			switch knowledge.EntryKey(fn.Origin()) {
			case pkgHTTP + ".Client.Do", pkgHTTP + ".Client.Post", pkgHTTP + ".Client.PostForm", pkgHTTP + ".Client.Get", pkgHTTP + ".Client.Head":
				if !t.sent[call] {
					t.sent[call] = true
					t.sends = append(t.sends, call)
				}
			}
		}
	case *ast.CallExpr:
		fn := typesx.Callee(info, p)
		if fn == nil || fn.Pkg() != t.m.pkg {
			return
		}
		decl := t.m.FuncDecl(fn)
		if decl == nil {
			return
		}
		for i, a := range p.Args {
			if a == x {
				if v := declParam(info, decl, i); v != nil {
					t.holderVar(v, transport, depth+1)
				}
			}
		}
	case *ast.AssignStmt:
		if len(p.Lhs) != len(p.Rhs) {
			return
		}
		for i, r := range p.Rhs {
			if r == x {
				t.target(p.Lhs[i], transport, depth+1)
			}
		}
	case *ast.ValueSpec:
		for i, r := range p.Values {
			if r == x && i < len(p.Names) {
				if v, ok := info.Defs[p.Names[i]].(*types.Var); ok {
					t.holderVar(v, transport, depth+1)
				}
			}
		}
	case *ast.KeyValueExpr:
		if p.Value != x || len(rest) == 0 {
			return
		}
		fld, _ := info.Uses[typesx.IdentOf(p.Key)].(*types.Var)
		if fld == nil {
			return
		}
		if cl, ok := rest[len(rest)-1].(*ast.CompositeLit); ok && transport && fld.Name() == "Transport" && typesx.IsNamed(info.TypeOf(cl), pkgHTTP, "Client") {
			t.value(cl, rest[:len(rest)-1], false, depth+1)
			return
		}
		t.holderField(fld, transport, depth+1)
	case *ast.ReturnStmt:
		// A constructor: follow its calls.
		var fd *ast.FuncDecl
		for i := len(rest) - 1; i >= 0 && fd == nil; i-- {
			switch n := rest[i].(type) {
			case *ast.FuncLit:
				return
			case *ast.FuncDecl:
				fd = n
			}
		}
		if fd == nil {
			return
		}
		fn, _ := info.Defs[fd.Name].(*types.Func)
		if fn == nil || t.seen[fn] {
			return
		}
		t.seen[fn] = true
		for _, file := range t.m.pass.Files {
			walkPaths(file, func(n ast.Node, path []ast.Node) {
				if c, ok := n.(*ast.CallExpr); ok {
					if cf := typesx.Callee(info, c); cf != nil && cf.Origin() == fn {
						t.value(c, path, transport, depth+1)
					}
				}
			})
		}
	}
}

// target follows an assignment of the value to lhs.
func (t *holderTrace) target(lhs ast.Expr, transport bool, depth int) {
	info := t.m.info
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if v := typesx.VarOf(info, l); v != nil {
			t.holderVar(v, transport, depth)
		}
	case *ast.SelectorExpr:
		fld, _ := info.Uses[l.Sel].(*types.Var)
		if fld == nil {
			return
		}
		if transport && fld.Name() == "Transport" && typesx.IsNamed(info.TypeOf(l.X), pkgHTTP, "Client") {
			// hc.Transport = rt: hc is now a retrying client.
			t.target(l.X, false, depth+1)
			return
		}
		t.holderField(fld, transport, depth)
	}
}

// holderVar follows the uses of a variable that holds the value.
func (t *holderTrace) holderVar(v *types.Var, transport bool, depth int) {
	if t.seen[v] || depth > 8 {
		return
	}
	t.seen[v] = true
	if v.Parent() == t.m.pkg.Scope() {
		t.reads(func(x ast.Expr) bool {
			id, ok := x.(*ast.Ident)
			return ok && t.m.info.Uses[id] == v
		}, transport, depth)
		return
	}
	for _, u := range t.d.usesOf(v) {
		if !isDefUse(u) {
			t.value(u.id, u.path, transport, depth+1)
		}
	}
}

// holderField follows the uses of a struct field that holds the value.
func (t *holderTrace) holderField(fld *types.Var, transport bool, depth int) {
	if t.seen[fld] || depth > 8 {
		return
	}
	t.seen[fld] = true
	t.reads(func(x ast.Expr) bool {
		sel, ok := x.(*ast.SelectorExpr)
		return ok && t.m.info.Uses[sel.Sel] == fld
	}, transport, depth)
}

// reads follows the expressions of the package that is accepts (the
// reads of a package variable or a field; not the assignments to it).
func (t *holderTrace) reads(is func(ast.Expr) bool, transport bool, depth int) {
	for _, file := range t.m.pass.Files {
		walkPaths(file, func(n ast.Node, path []ast.Node) {
			x, ok := n.(ast.Expr)
			if !ok || !is(x) {
				return
			}
			if len(path) > 0 {
				if as, ok := path[len(path)-1].(*ast.AssignStmt); ok && slices.Contains(as.Lhs, x) {
					return
				}
			}
			t.value(x, path, transport, depth+1)
		})
	}
}

// walkPaths calls visit for every node of n with its ancestors
// (innermost last; the slice is reused: copy it to keep it).
func walkPaths(n ast.Node, visit func(ast.Node, []ast.Node)) {
	ast.PreorderStack(n, nil, func(n ast.Node, stack []ast.Node) bool { visit(n, stack); return true })
}
