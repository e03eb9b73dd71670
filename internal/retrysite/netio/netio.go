package netio

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Host is what the finder asks of the model: the values the package
// writes to a field, the declaration of a function of the package, and
// whether a function of the package crosses an integration boundary.
type Host interface {
	FieldWrites(v *types.Var) ([]ast.Expr, bool)
	FuncDecl(fn *types.Func) *ast.FuncDecl
	FuncIsIntegration(fn *types.Func, depth int) bool
}

// A Finder answers, for one package, whether an io call reaches a
// network connection. It keeps no state of its own.
type Finder struct {
	info  *types.Info
	pkg   *types.Package
	files []*ast.File
	host  Host
}

// New returns the finder of the package whose files, type information
// and package are given, asking host what it cannot see.
func New(files []*ast.File, info *types.Info, pkg *types.Package, host Host) *Finder {
	return &Finder{info: info, pkg: pkg, files: files, host: host}
}

// IOCall reports whether call is a method of an io interface (or of
// one of bufio's streams) called on a value the package gives a network
// connection.
func (nf *Finder) IOCall(call *ast.CallExpr, fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !streamType(sig.Recv().Type()) {
		return false // an io interface's or a bufio stream's method
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && nf.netValue(sel.X, fn.Name(), 0, map[types.Object]bool{})
}

// netValue reports whether x may hold a network connection, for a call
// of its method name.
func (nf *Finder) netValue(x ast.Expr, name string, depth int, seen map[types.Object]bool) bool {
	if depth > 4 {
		return false
	}
	x = ast.Unparen(x)
	if t := nf.info.TypeOf(x); t != nil && netType(t) {
		return true
	}
	switch x := x.(type) {
	case *ast.SelectorExpr:
		f, ok := nf.info.Uses[x.Sel].(*types.Var)
		if !ok || !f.IsField() || seen[f] {
			return false
		}
		seen[f] = true
		xs, ok := nf.host.FieldWrites(f)
		if !ok {
			return false
		}
		for _, w := range xs {
			if w != nil && nf.netValue(w, name, depth+1, seen) {
				return true
			}
		}
	case *ast.Ident:
		v, ok := nf.info.Uses[x].(*types.Var)
		if !ok || v.IsField() || v.Pkg() != nf.pkg || v.Parent() == nf.pkg.Scope() || seen[v] {
			return false
		}
		seen[v] = true
		decl := typesx.FuncDeclAt(nf.files, v.Pos())
		if decl == nil {
			return false
		}
		found := false
		return typesx.InspectUntil(&found, decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && (nf.info.Uses[id] == v || nf.info.Defs[id] == v) {
						found = found || nf.netValue(n.Rhs[i], name, depth+1, seen)
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if nf.info.Defs[id] == v && i < len(n.Values) {
						found = found || nf.netValue(n.Values[i], name, depth+1, seen)
					}
				}
			}
			return true
		})
	case *ast.CallExpr:
		fn := typesx.Callee(nf.info, x)
		if fn != nil && fn.Pkg() != nil && streamWrapper(fn) {
			// bufio.NewWriter(conn): the buffer writes to what it wraps
			// .
			return slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return nf.netValue(a, name, depth+1, seen) })
		}
		if fn == nil || fn.Pkg() != nf.pkg || seen[fn] {
			return false
		}
		seen[fn] = true
		d := nf.host.FuncDecl(fn)
		if d == nil || d.Body == nil {
			return false
		}
		found := false
		return typesx.InspectNoLitsUntil(&found, d.Body, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				found = nf.netValue(r.Results[0], name, depth+1, seen)
			}
			return true
		})
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return nf.netValue(x.X, name, depth+1, seen)
		}
	case *ast.CompositeLit:
		named, ok := types.Unalias(nf.info.TypeOf(x)).(*types.Named)
		if !ok || named.Obj().Pkg() != nf.pkg {
			return false
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, nf.pkg, name)
		meth, ok := obj.(*types.Func)
		return ok && nf.host.FuncIsIntegration(meth, 1)
	}
	return false
}

// netType reports whether t is a type of the standard network packages
// (net.Conn, *net.TCPConn, *tls.Conn), or a pointer to one.
func netType(t types.Type) bool {
	n, ok := types.Unalias(typesx.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "net":
		return n.Obj().Name() != "Buffers" // a list of byte slices in memory
	case "crypto/tls":
		return true
	}
	return false
}

// PassesStream reports whether call is handed a stream that holds a
// network connection where it takes a stream (a parameter of an io or
// bufio type). A connection handed where the callee takes a connection
// (setUDPRecvBuf(c *net.UDPConn)) is decided by what the callee does with
// it, and the methods of package net's own types by networkCall: a
// socket's options are local. A method called on such a stream is
// IOCall's.
func (nf *Finder) PassesStream(call *ast.CallExpr) bool {
	t := nf.info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i, a := range call.Args {
		if i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
			break
		}
		pt := sig.Params().At(i).Type()
		if streamType(pt) && nf.netValue(a, streamMethod(pt), 0, map[types.Object]bool{}) {
			return true
		}
	}
	return false
}

// streamMethod names what a callee given a stream of type t does with
// it: Write for a writer, Read otherwise.
func streamMethod(t types.Type) string {
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Write"); obj != nil {
		return "Write"
	}
	return "Read"
}

// streamType reports whether t is a type a connection is kept as: an
// interface of package io, or one of bufio's buffered streams.
func streamType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "io":
		return types.IsInterface(n)
	case "bufio":
		switch n.Obj().Name() {
		case "Writer", "Reader", "ReadWriter":
			return true
		}
	}
	return false
}

// streamWrapper reports whether fn wraps the stream it is given: bufio's
// constructors (tls.Client and tls.Server return a *tls.Conn, a
// connection by its type).
func streamWrapper(fn *types.Func) bool {
	return fn.Pkg().Path() == "bufio" && slices.Contains([]string{"NewWriter", "NewWriterSize", "NewReader", "NewReaderSize", "NewReadWriter"}, fn.Name())
}
