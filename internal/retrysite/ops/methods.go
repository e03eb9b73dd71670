package ops

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/policy"
)

// This file gives a request's method that no one constant decides the
// values the package can put there. An SDK keeps the method of each of
// its endpoints in a struct (`&Endpoint{Method: method}` written by
// NewEndpoint, whose callers pass http.MethodGet, http.MethodPost, ...)
// or in its own request type (`req.method`), and the one function that
// sends them all reads it from the field: that function sends every
// method the package writes there. The field's values are every write of
// it in the package (valuesOf); a write of a parameter is what the
// function's callers in the package pass; a method of an interface is
// what its implementations in the package return, and, for an exported
// interface that no type of the package implements (`ApiRequest.Method()`,
// implemented by the SDK's service packages), whatever its users return:
// any method. So is an exported field of an exported type of the package
// that the package never writes (Req.Method, filled by its users).
//
// The set matters when one of its values needs a key (finalMethod: a
// request that may be a POST is retried as a POST), so values the model
// cannot know do not hide a POST or PATCH it can; with none, an unknown
// value leaves the method unknown. A parameter of the retry's own
// function is not followed here: ops_callers.go describes the send once
// per caller, with that caller's headers.

// maxMethodDepth bounds the links followed for one method.
const maxMethodDepth = 6

// methodSet returns the methods x may hold. ok is false when none of
// them needs a key and some cannot be known.
func (d *describer) methodSet(x ast.Expr, f *frame) ([]methodRef, bool) {
	if d.m.pkg != d.m.pass.Pkg {
		return nil, false
	}
	var refs []methodRef
	unknown := false
	seen := make(map[types.Object]bool)
	var visit func(x ast.Expr, f *frame, field bool, depth int)
	visit = func(x ast.Expr, f *frame, field bool, depth int) {
		if s, pos, ok := d.str(x, f); ok {
			refs = append(refs, methodRef{s, pos})
			return
		}
		if x == nil || depth > maxMethodDepth {
			unknown = true
			return
		}
		info := d.m.info
		switch y := ast.Unparen(x).(type) {
		case *ast.Ident:
			v := typesx.VarOf(info, y)
			if v == nil || seen[v] {
				unknown = unknown || v == nil
				return
			}
			seen[v] = true
			if a, ok := f.bound(v); ok {
				visit(a.x, a.f, field, depth+1)
				return
			}
			if v.Parent() == d.m.pkg.Scope() {
				d.visitAll(d.m.valuesOf(v), func(x ast.Expr) { visit(x, &frame{}, field, depth+1) }, &unknown)
				return
			}
			if ds := d.defs(v); len(ds) > 0 {
				d.visitAll(defRHS(ds), func(x ast.Expr) { visit(x, f, field, depth+1) }, &unknown)
				return
			}
			// A parameter: only of a function that writes a field the
			// method is read from (the retry's own are each caller's).
			if !field || !d.paramArgs(v, func(x ast.Expr) { visit(x, &frame{}, field, depth+1) }) {
				unknown = true
			}
		case *ast.SelectorExpr:
			fld, _ := info.Uses[y.Sel].(*types.Var)
			if fld == nil || !fld.IsField() || fld.Pkg() != d.m.pkg || seen[fld] {
				unknown = true
				return
			}
			seen[fld] = true
			vals := d.m.valuesOf(fld)
			if len(vals) == 0 && d.usersField(y, fld) {
				refs = append(refs, methodRef{site.MethodAny, y.Pos()})
				return
			}
			d.visitAll(vals, func(x ast.Expr) { visit(x, &frame{}, true, depth+1) }, &unknown)
		case *ast.CallExpr:
			fn := typesx.Callee(info, y)
			if fn == nil || fn.Pkg() != d.m.pkg || len(y.Args) > 0 {
				unknown = true
				return
			}
			sig := fn.Type().(*types.Signature)
			if sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
				impls := d.m.implementations(fn)
				if len(impls) == 0 {
					if named, _ := types.Unalias(sig.Recv().Type()).(*types.Named); named != nil && named.Obj().Exported() && fn.Exported() && d.noImplementer(named) {
						refs = append(refs, methodRef{site.MethodAny, y.Pos()})
						return
					}
					unknown = true
					return
				}
				for _, decl := range impls {
					d.returnsOf(decl, func(r ast.Expr) { visit(r, &frame{}, true, depth+1) }, &unknown)
				}
				return
			}
			if decl := d.m.FuncDecl(fn); decl != nil && decl.Body != nil {
				d.returnsOf(decl, func(r ast.Expr) { visit(r, &frame{}, true, depth+1) }, &unknown)
				return
			}
			unknown = true
		default:
			unknown = true
		}
	}
	visit(x, f, false, 0)
	if !slices.ContainsFunc(refs, needsKey) && (unknown || len(refs) == 0) {
		return nil, false
	}
	return refs, true
}

// needsKey reports whether a request with the method of r needs an
// Idempotency-Key when it is retried.
func needsKey(r methodRef) bool {
	return r.m == site.MethodAny || policy.RequiresIdempotencyKey(r.m)
}

// visitAll visits xs, recording a value the package does not write (a
// nil in xs, or none at all) as unknown.
func (d *describer) visitAll(xs []ast.Expr, visit func(ast.Expr), unknown *bool) {
	if len(xs) == 0 {
		*unknown = true
	}
	for _, x := range xs {
		if x == nil {
			*unknown = true
			continue
		}
		visit(x)
	}
}

// paramArgs visits the arguments the package's calls give parameter v
// of a function declared in the package. It reports false when v is no
// such parameter or nothing in the package calls the function.
func (d *describer) paramArgs(v *types.Var, visit func(ast.Expr)) bool {
	decl, i := typesx.ParamDecl(d.m.pass.Files, d.m.info, v)
	if decl == nil {
		return false
	}
	fn, _ := d.m.info.Defs[decl.Name].(*types.Func)
	if fn == nil || fn.Type().(*types.Signature).Variadic() && i == len(typesx.DeclParams(d.m.info, decl))-1 {
		return false
	}
	var calls []*ast.CallExpr
	for _, c := range d.m.callIndex()[fn] {
		calls = append(calls, c.call)
	}
	calls = append(calls, d.m.initCalls()[fn]...)
	if len(calls) == 0 {
		return false
	}
	for _, c := range calls {
		if i >= len(c.Args) || c.Ellipsis.IsValid() {
			visit(nil)
			continue
		}
		visit(c.Args[i])
	}
	return true
}

// initCalls returns the calls of the package's functions in the values
// of its package-level variables (`var CreateMessage =
// NewEndpoint(http.MethodPost, ...)`), which callIndex, reading function
// bodies, does not hold; built on first use.
func (m *model) initCalls() map[*types.Func][]*ast.CallExpr {
	if m.varCalls != nil {
		return m.varCalls
	}
	m.varCalls = make(map[*types.Func][]*ast.CallExpr)
	for _, f := range m.pass.Files {
		for _, dc := range f.Decls {
			gd, ok := dc.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			typesx.InspectNoLits(gd, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if fn := typesx.Callee(m.info, c); fn != nil && fn.Pkg() == m.pkg {
						m.varCalls[fn.Origin()] = append(m.varCalls[fn.Origin()], c)
					}
				}
				return true
			})
		}
	}
	return m.varCalls
}

// returnsOf visits the first result of each return statement of decl.
func (d *describer) returnsOf(decl *ast.FuncDecl, visit func(ast.Expr), unknown *bool) {
	rets := typesx.Returns(decl.Body)
	for _, r := range rets {
		if len(r.Results) == 0 {
			*unknown = true
		} else {
			visit(r.Results[0])
		}
	}
	if len(rets) == 0 {
		*unknown = true
	}
}

// usersField reports whether x reads fld, an exported field of an
// exported type of the package that the package never writes: its
// users fill it (`Req{Method: "PATCH", ...}` built by the module's other
// packages), with any method.
func (d *describer) usersField(x *ast.SelectorExpr, fld *types.Var) bool {
	sel := d.m.info.Selections[x]
	if sel == nil || !fld.Exported() {
		return false
	}
	named, _ := types.Unalias(typesx.Deref(sel.Recv())).(*types.Named)
	return named != nil && named.Obj().Exported() && named.Obj().Pkg() == d.m.pkg
}

// noImplementer reports whether no type of the package implements the
// interface named.
func (d *describer) noImplementer(named *types.Named) bool {
	iface, _ := named.Underlying().(*types.Interface)
	return iface != nil && len(typesx.Implementers(d.m.pkg, iface)) == 0
}

// fieldOrigin follows a request kept in a field of the package's own
// request type (`return r.request, nil`, the request built once by a
// constructor, `req.request, err = retryablehttp.NewRequest(req.method,
// ...)`; a request configuration, `DefaultRequestConfig(rq)` storing its
// parameter, followed to the package's calls) to every value the package
// writes there. Its headers are set
// wherever the field is reached, out of the trace's sight: the request
// may carry a key when the package names a key header anywhere, and
// carries none when it names none.
func (d *describer) fieldOrigin(x *ast.SelectorExpr, t *reqTrace) {
	fld, _ := d.m.info.Uses[x.Sel].(*types.Var)
	if fld == nil || !fld.IsField() || fld.Pkg() != d.m.pkg || d.m.pkg != d.m.pass.Pkg || d.seenVar[fld] {
		t.originUnknown, t.opaque = true, true
		return
	}
	vals := d.m.valuesOf(fld)
	if len(vals) == 0 {
		t.originUnknown, t.opaque = true, true
		return
	}
	d.seenVar[fld] = true
	defer delete(d.seenVar, fld)
	held := t.fieldHeld
	t.fieldHeld = true
	for _, v := range vals {
		d.origin(v, &frame{}, t, 0)
	}
	t.fieldHeld = held
	t.opaque = t.opaque || d.namesKeyHeader()
}

// namesKeyHeader reports whether a string constant of the package's
// non-test files names an accepted key header.
func (d *describer) namesKeyHeader() bool {
	if d.m.keyNamed == nil {
		found := false
		typesx.Preorder(d.m.pass, []ast.Node{(*ast.BasicLit)(nil)}, func(n ast.Node) {
			if tv, ok := d.m.info.Types[n.(ast.Expr)]; !found && ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				found = d.isKeyHeader(constant.StringVal(tv.Value))
			}
		})
		d.m.keyNamed = &found
	}
	return *d.m.keyNamed
}
