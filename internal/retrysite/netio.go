package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A writer over the network.
//
// Protocol clients buffer what they send in an io.Writer field that the
// package points at the connection (nats' natsWriter: bw.w = nc.newWriter(),
// which returns nc.conn, a net.Conn, or a timeoutWriter around it; a
// publish appends to the buffer and flushes through w.w.Write). A method
// of io's interfaces is local work to the model (a bytes.Buffer, a file),
// so such a client's requests were no operation. A call of an io
// interface method (Write, Read, ...) on a value the package gives a
// network connection may cross the boundary: a field any write of which
// (the package's own writes, FieldWrites) is such a value, or a local
// any assignment of which is. A network value is one of a type of the
// standard network packages (net.Conn, *tls.Conn), a call of a function
// of the package any of whose returns is one, a local any of whose
// assignments is one, or a struct literal of a package type whose method
// of the called name crosses the boundary (a timeoutWriter whose Write
// calls conn.Write). Other writers (a buffer, a file, a hash) stay local
// work.

// netIOCall reports whether call is a method of an io interface (or of
// one of bufio's streams) called on a value the package gives a network
// connection.
func (m *model) netIOCall(call *ast.CallExpr, fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !streamType(sig.Recv().Type()) {
		return false // an io interface's or a bufio stream's method (netstream.go)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	return m.netValue(sel.X, fn.Name(), 0, map[types.Object]bool{})
}

// netValue reports whether x may hold a network connection, for a call
// of its method name.
func (m *model) netValue(x ast.Expr, name string, depth int, seen map[types.Object]bool) bool {
	if depth > 4 {
		return false
	}
	x = ast.Unparen(x)
	if t := m.info.TypeOf(x); t != nil && netType(t) {
		return true
	}
	switch x := x.(type) {
	case *ast.SelectorExpr:
		f, ok := m.info.Uses[x.Sel].(*types.Var)
		if !ok || !f.IsField() || seen[f] {
			return false
		}
		seen[f] = true
		xs, ok := m.FieldWrites(f)
		if !ok {
			return false
		}
		for _, w := range xs {
			if w != nil && m.netValue(w, name, depth+1, seen) {
				return true
			}
		}
	case *ast.Ident:
		v, ok := m.info.Uses[x].(*types.Var)
		if !ok || v.IsField() || v.Pkg() != m.pkg || v.Parent() == m.pkg.Scope() || seen[v] {
			return false
		}
		seen[v] = true
		decl := typesx.FuncDeclAt(m.pass.Files, v.Pos())
		if decl == nil {
			return false
		}
		found := false
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && (m.info.Uses[id] == v || m.info.Defs[id] == v) {
						found = found || m.netValue(n.Rhs[i], name, depth+1, seen)
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if m.info.Defs[id] == v && i < len(n.Values) {
						found = found || m.netValue(n.Values[i], name, depth+1, seen)
					}
				}
			}
			return true
		})
		return found
	case *ast.CallExpr:
		fn := typeutilCallee(m.info, x)
		if fn != nil && fn.Pkg() != nil && streamWrapper(fn) {
			// bufio.NewWriter(conn): the buffer writes to what it wraps
			// (netstream.go).
			for _, a := range x.Args {
				if m.netValue(a, name, depth+1, seen) {
					return true
				}
			}
			return false
		}
		if fn == nil || fn.Pkg() != m.pkg || seen[fn] {
			return false
		}
		seen[fn] = true
		d := m.FuncDecl(fn)
		if d == nil || d.Body == nil {
			return false
		}
		found := false
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if found {
				return false
			}
			if _, isLit := n.(*ast.FuncLit); isLit {
				return false
			}
			if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				found = m.netValue(r.Results[0], name, depth+1, seen)
			}
			return true
		})
		return found
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return m.netValue(x.X, name, depth+1, seen)
		}
	case *ast.CompositeLit:
		named, ok := types.Unalias(m.info.TypeOf(x)).(*types.Named)
		if !ok || named.Obj().Pkg() != m.pkg {
			return false
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, m.pkg, name)
		meth, ok := obj.(*types.Func)
		return ok && m.funcIsIntegration(meth, 1)
	}
	return false
}

// netType reports whether t is a type of the standard network packages
// (net.Conn, *net.TCPConn, *tls.Conn), or a pointer to one.
func netType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
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
