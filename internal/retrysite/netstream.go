package retrysite

import (
	"go/ast"
	"go/types"
)

// A stream that holds a network connection.
//
// A protocol client keeps its connection wrapped in a buffered writer or
// reader behind an io interface, and writes its frames through it:
//
//	c.writer = &writer{bufio.NewWriter(conn)}   // conn is a net.Conn
//	...
//	func (w *writer) WriteFrame(f frame) error { return f.write(w.w) }
//
// io.Writer is an interface of the standard library, so the frame's
// write(w io.Writer) looks like local work although it goes over the
// wire. A fallible call handed such a stream (or made on it: w.w.Write)
// crosses an integration boundary, as a call on the net.Conn itself does.
//
// A stream holds a connection when its type is one (net.Conn, *net.TCPConn
// and the other conns of package net, *tls.Conn), when it is bufio's or
// tls's wrapping of one (bufio.NewWriter(conn), tls.Client(conn, cfg)), or
// when it is a field of the package, of an io or bufio type, to which
// some write of the package gives such a value (valueindex's
// FieldWrites). A writer over a bytes.Buffer, a file or a value the
// package never shows stays local.

// netStreamDepth bounds how many fields and wrappings are followed.
const netStreamDepth = 3

// passesNetStream reports whether call is handed a stream that holds a
// network connection where it takes a stream (a parameter of an io or
// bufio type), or is a method of such a stream made on one. A connection
// handed where the callee takes a connection (setUDPRecvBuf(c
// *net.UDPConn)) is decided by what the callee does with it, and the
// methods of package net's own types by networkCall: a socket's options
// are local.
func (m *model) passesNetStream(call *ast.CallExpr) bool {
	t := m.info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i, a := range call.Args {
		var pt types.Type
		switch {
		case sig.Variadic() && i >= sig.Params().Len()-1:
			continue
		case i < sig.Params().Len():
			pt = sig.Params().At(i).Type()
		default:
			continue
		}
		if streamType(pt) && m.netStream(a, 0) {
			return true
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := m.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			return streamType(m.info.TypeOf(sel.X)) && m.netStream(sel.X, 0)
		}
	}
	return false
}

// netStream reports whether x is a stream that holds a network
// connection (see above).
func (m *model) netStream(x ast.Expr, depth int) bool {
	if depth > netStreamDepth {
		return false
	}
	t := m.info.TypeOf(x)
	if t == nil {
		return false
	}
	if netConnType(t) {
		return true
	}
	if !streamType(t) {
		return false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := typeutilCallee(m.info, x)
		if fn == nil || fn.Pkg() == nil || !streamWrapper(fn) {
			return false
		}
		for _, a := range x.Args {
			if m.netStream(a, depth+1) {
				return true
			}
		}
	case *ast.SelectorExpr:
		v, ok := m.info.Uses[x.Sel].(*types.Var)
		if !ok || !v.IsField() || v.Pkg() != m.pkg {
			return false
		}
		xs, ok := m.FieldWrites(v)
		if !ok {
			return false
		}
		for _, w := range xs {
			if w != nil && m.netStream(w, depth+1) {
				return true
			}
		}
	}
	return false
}

// netConnType reports whether t is a network connection: net.Conn, a
// connection type of package net, or crypto/tls's Conn.
func netConnType(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "net":
		switch n.Obj().Name() {
		case "Conn", "TCPConn", "UDPConn", "UnixConn", "IPConn":
			return true
		}
	case "crypto/tls":
		return n.Obj().Name() == "Conn"
	}
	return false
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
	switch fn.Pkg().Path() {
	case "bufio":
		switch fn.Name() {
		case "NewWriter", "NewWriterSize", "NewReader", "NewReaderSize", "NewReadWriter":
			return true
		}
	}
	return false
}
