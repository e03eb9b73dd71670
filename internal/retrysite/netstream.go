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
// wire. A fallible call handed such a stream where it takes one (a
// parameter of an io interface or a bufio stream type) crosses an
// integration boundary, as a call on the net.Conn itself does; a method
// called on the stream (w.w.Write, bw.Flush()) is netio.go's.
//
// Which values hold a connection is netio.go's netValue: a value of a
// network type, a field or local the package gives one, a function of
// the package returning one, and bufio's wrapping of one
// (bufio.NewWriter(conn): streamWrapper). A writer over a bytes.Buffer,
// a file or a value the package never shows stays local.

// passesNetStream reports whether call is handed a stream that holds a
// network connection where it takes a stream (a parameter of an io or
// bufio type). A connection handed where the callee takes a connection
// (setUDPRecvBuf(c *net.UDPConn)) is decided by what the callee does with
// it, and the methods of package net's own types by networkCall: a
// socket's options are local. A method called on such a stream is
// netio.go's (netIOCall).
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
		if i >= sig.Params().Len() || sig.Variadic() && i >= sig.Params().Len()-1 {
			break
		}
		pt := sig.Params().At(i).Type()
		if streamType(pt) && m.netValue(a, streamMethod(pt), 0, map[types.Object]bool{}) { // netio.go
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
	switch fn.Pkg().Path() {
	case "bufio":
		switch fn.Name() {
		case "NewWriter", "NewWriterSize", "NewReader", "NewReaderSize", "NewReadWriter":
			return true
		}
	}
	return false
}
