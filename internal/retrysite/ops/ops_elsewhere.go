package ops

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// elsewhereSend describes a call of fn, a function of another package
// the tables do not name (an SDK's method in a dependency), from its
// declaration read alone, syntax only (readElsewhere, cached per pass).
func (d *describer) elsewhereSend(fn *types.Func, call *ast.CallExpr, f *frame) *sendDesc {
	s := typesx.Cached(&d.m.elsewhere, fn, func() *sendDesc { return d.m.readElsewhere(fn, d.keyWords()) })
	if s == nil {
		return nil
	}
	r := &sendDesc{method: s.method, methodPos: call.Pos(), key: s.key}
	if pos, ok := d.clientAddsKey(callRecv(call), f, 0); ok {
		r.key = &site.IdemKey{State: site.KeyStable, Set: pos}
	}
	return r
}

// readElsewhere reads the declaration of fn, a function that may fail
// and returns no request: it sends with a method when its body (outside
// function literals) makes exactly one call of a request builder —
// net/http's NewRequest[WithContext], or a function or method not of an
// imported package whose name holds "request" — and that call's first
// string argument is a constant method ("POST", http.MethodPost); else
// nil (several builders, a method from a variable). Its key is missing,
// or unknown when fn takes a func or variadic parameter (options that
// may set headers) or its package's source names a key header or
// idempotency at all.
func (m *model) readElsewhere(fn *types.Func, words []string) *sendDesc {
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	if res.Len() == 0 || !typesx.IsErrorType(res.At(res.Len()-1).Type()) {
		return nil
	}
	for i := 0; i < res.Len(); i++ {
		if isPtrTo(res.At(i).Type(), "Request") {
			return nil
		}
	}
	opaque := takesOptions(sig)
	decl, file := m.DeclElsewhere(fn.Origin())
	if decl == nil {
		return nil
	}
	imports := make(map[string]string)
	for _, im := range file.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		imports[name] = path
	}
	isHTTP := func(x ast.Expr) bool { id, ok := x.(*ast.Ident); return ok && imports[id.Name] == pkgHTTP }
	builds, method := 0, ""
	typesx.InspectNoLits(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		name := ""
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			name = strings.ToLower(fun.Name)
		case *ast.SelectorExpr:
			if id, ok := fun.X.(*ast.Ident); ok && imports[id.Name] != "" {
				name = strings.TrimPrefix(fun.Sel.Name, "NewRequest") // net/http's alone
				if name == fun.Sel.Name || !isHTTP(id) {
					return true
				}
			}
			name = strings.ToLower(fun.Sel.Name)
		}
		if !strings.Contains(name, "request") {
			return true
		}
		builds, method = builds+1, ""
		for _, a := range call.Args {
			if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				method, _ = strconv.Unquote(lit.Value)
				break
			} else if sel, ok := a.(*ast.SelectorExpr); ok && isHTTP(sel.X) && strings.HasPrefix(sel.Sel.Name, "Method") {
				method = strings.ToUpper(strings.TrimPrefix(sel.Sel.Name, "Method"))
				break
			}
		}
		return true
	})
	if !isMethod(method) || builds != 1 {
		return nil
	}
	key := &site.IdemKey{State: site.KeyMissing}
	if opaque || m.SourceMentions(fn.Origin(), words) {
		key.State = site.KeyUnknown
	}
	return &sendDesc{method: method, key: key}
}

// keyWords are the words whose mention in a package's source may mean
// it sets an idempotency key: "idempotency" and the -key-headers.
func (d *describer) keyWords() []string { return append([]string{"idempotency"}, d.keyHeaders...) }

// takesOptions reports whether a function of signature sig takes a func
// or variadic parameter: options that may set headers.
func takesOptions(sig *types.Signature) bool {
	if sig.Variadic() {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if _, isFunc := sig.Params().At(i).Type().Underlying().(*types.Signature); isFunc {
			return true
		}
	}
	return false
}

// isMethod reports whether s is an HTTP method's name.
func isMethod(s string) bool {
	methods := []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"}
	return slices.Contains(methods, s)
}

// elsewhereBuilt reads a request made by fn, a function of another
// package the tables do not name, from its call alone: given exactly one
// constant HTTP method among its arguments
// (common.MakeRequest(http.MethodPost, path, body)), that is the
// request's method. Headers it may set are unknown (t.opaque) when it
// takes options (a func or variadic parameter), when its package's
// source names a key header or idempotency, or when a struct it is
// given has a field whose tag does (a tagged request struct).
func (d *describer) elsewhereBuilt(call *ast.CallExpr, fn *types.Func, t *reqTrace) bool {
	sig := fn.Type().(*types.Signature)
	method, at, n := "", token.NoPos, 0
	for _, a := range call.Args {
		if tv := d.m.info.Types[a]; tv.Value != nil && tv.Value.Kind() == constant.String {
			if s := constant.StringVal(tv.Value); isMethod(s) {
				method, at, n = s, a.Pos(), n+1
			}
		}
	}
	if n != 1 {
		return false
	}
	t.addOrigin(method, at)
	words := d.keyWords()
	opaque := takesOptions(sig) || d.m.SourceMentions(fn.Origin(), words)
	for _, a := range call.Args {
		opaque = opaque || tagsName(d.m.info.TypeOf(a), words, 0)
	}
	t.opaque = t.opaque || opaque
	return true
}

// tagsName reports whether a struct t is or points to has a field, its
// embedded structs' included, whose tag holds one of words (any case).
func tagsName(t types.Type, words []string, depth int) bool {
	st, ok := typesx.Deref(t).Underlying().(*types.Struct)
	if !ok || depth > 3 {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		tag := strings.ToLower(st.Tag(i))
		for _, w := range words {
			if strings.Contains(tag, strings.ToLower(w)) {
				return true
			}
		}
		if st.Field(i).Embedded() && tagsName(st.Field(i).Type(), words, depth+1) {
			return true
		}
	}
	return false
}
