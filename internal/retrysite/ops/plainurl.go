package ops

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file tells when every request an operation sends goes to a plain
// http:// URL, so that no TLS certificate error can come of it: a
// cloud metadata service (http://169.254.169.254/..., http://100.100.100.200/...)
// polled for credentials with every error retried retries no certificate
// error. The URL is followed from the request's constructor
// (http.NewRequest's url argument) or the send that takes it (http.Get):
// a constant; a concatenation or fmt.Sprintf whose first operand is one;
// url.Parse of one and the URL's String or JoinPath; a local every
// definition of which is one; a parameter, through the call that binds it
// or, for an unexported function, through every call of it in the
// package; a field every value the package gives it is one. Anything
// else, or a URL whose Scheme is assigned, may be https.

// plainURLs reports whether the request traced in t goes to a plain HTTP
// URL whatever path made it.
func (d *describer) plainURLs(t *reqTrace) bool {
	if len(t.urls) == 0 || t.originUnknown {
		return false
	}
	return !slices.ContainsFunc(t.urls, func(a argRef) bool { return !d.plainURL(a.x, a.f, 0) })
}

// plainURL reports whether x, a URL (a string or a *url.URL) in frame f,
// is known to start with http://.
func (d *describer) plainURL(x ast.Expr, f *frame, depth int) bool {
	if x == nil || depth > 8 {
		return false
	}
	x = ast.Unparen(x)
	info := d.m.info
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		return tv.Value.Kind() == constant.String && hasPlainScheme(constant.StringVal(tv.Value))
	}
	switch x := x.(type) {
	case *ast.BinaryExpr:
		return x.Op == token.ADD && d.plainURL(x.X, f, depth+1)
	case *ast.CallExpr:
		fn := typesx.Callee(info, x)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		sig, _ := fn.Type().(*types.Signature)
		if sig != nil && sig.Recv() != nil {
			if typesx.IsNamed(typesx.Deref(sig.Recv().Type()), "net/url", "URL") && (fn.Name() == "String" || fn.Name() == "JoinPath") {
				return d.plainURL(callRecv(x), f, depth+1)
			}
			return false
		}
		if urlKeepers[fn.Pkg().Path()+"."+fn.Name()] {
			return d.plainURL(argAt(x, 0), f, depth+1)
		}
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		if v == nil || v.Pkg() != d.m.pkg {
			return false
		}
		if a, ok := f.binds[v]; ok {
			return d.plainURL(a.x, a.f, depth+1)
		}
		if v.Parent() == d.m.pkg.Scope() {
			return d.plainValues(v, depth)
		}
		if v.Kind() == types.ParamVar {
			return d.plainArgs(v, depth)
		}
		if d.schemeSet(v) {
			return false
		}
		defs := d.defs(v)
		return len(defs) > 0 && !slices.ContainsFunc(defs, func(df def) bool { return !d.plainURL(df.rhs, f, depth+1) })
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok && v.IsField() && v.Pkg() == d.m.pkg {
			return d.plainValues(v, depth)
		}
	}
	return false
}

// urlKeepers are the functions whose result keeps the scheme of their
// first argument.
var urlKeepers = map[string]bool{
	"fmt.Sprintf": true, "net/url.Parse": true, "net/url.ParseRequestURI": true,
	"strings.TrimSpace": true, "strings.TrimSuffix": true, "strings.TrimRight": true,
}

// hasPlainScheme reports whether s is an http:// URL.
func hasPlainScheme(s string) bool {
	return len(s) >= len("http://") && strings.EqualFold(s[:len("http://")], "http://")
}

// plainValues reports whether every value the package gives the field or
// package variable v is a plain HTTP URL (and there is one).
func (d *describer) plainValues(v *types.Var, depth int) bool {
	vals := d.m.valuesOf(v)
	return len(vals) > 0 && !slices.ContainsFunc(vals, func(x ast.Expr) bool {
		return !d.plainURL(x, d.frameAt(x), depth+1)
	})
}

// plainArgs reports whether every call in the package of the unexported
// function that declares parameter p passes a plain HTTP URL for it (and
// there is one).
func (d *describer) plainArgs(p *types.Var, depth int) bool {
	decl, i := typesx.ParamDecl(d.m.pass.Files, d.m.info, p)
	if decl == nil || decl.Body == nil || decl.Name.IsExported() {
		return false
	}
	fn, _ := d.m.info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	calls := d.m.callIndex()[fn]
	return len(calls) > 0 && !slices.ContainsFunc(calls, func(c callAt) bool {
		return c.call.Ellipsis.IsValid() || !d.plainURL(argAt(c.call, i), d.frameAt(c.call), depth+1)
	})
}

// frameAt is a frame for the function that holds x, binding nothing.
func (d *describer) frameAt(x ast.Node) *frame {
	f := &frame{}
	if decl := typesx.FuncDeclAt(d.m.pass.Files, x.Pos()); decl != nil {
		f.body = decl.Body
	}
	return f
}

// schemeSet reports whether the URL variable v has its Scheme assigned.
func (d *describer) schemeSet(v *types.Var) bool {
	for _, u := range d.usesOf(v) {
		if len(u.path) < 2 {
			continue
		}
		sel, ok := u.path[len(u.path)-1].(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Scheme" {
			continue
		}
		if as, ok := u.path[len(u.path)-2].(*ast.AssignStmt); ok && slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool { return ast.Unparen(l) == sel }) {
			return true
		}
	}
	return false
}
