// Package netio decides whether a call the standard library sees as
// local work (a method of an io interface, a call given an io stream)
// goes over a network connection the package keeps, and so crosses an
// integration boundary: the retry-site model's discovery asks it when it
// decides what an operation is (retrysite's integration.go, funclits.go).
// It also holds which of the standard library's packages and calls cross
// the boundary (std.go).
//
// # A writer over the network (IOCall)
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
//
// # A stream that holds a network connection (PassesStream)
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
// called on the stream (w.w.Write, bw.Flush()) is IOCall's.
//
// Which values hold a connection is netValue: a value of a
// network type, a field or local the package gives one, a function of
// the package returning one, and bufio's wrapping of one
// (bufio.NewWriter(conn): streamWrapper). A writer over a bytes.Buffer,
// a file or a value the package never shows stays local.
//
// # The standard library's network packages (std.go)
//
// Which packages of the standard library cross the boundary
// (NetworkStd: net, net/http, net/rpc, net/smtp, database/sql,
// crypto/tls), and which of their calls do not (LocalSocket: a listen,
// a connection's options and addresses, an address parsed; a key pair
// loaded or a tls.Config set up). NetworkCall is the rule for a function
// of another package: outside the standard library, or in one of its
// network packages and no local socket's setup (an error package's
// function builds an error, the knowledge tables' IsErrorPackage).
//
// It reads go/ast, go/types, typesx and the knowledge tables; what it cannot see itself (the
// values the package writes to a field, a function's declaration, whether
// a function of the package crosses the boundary) it asks its Host, which
// the retry-site model implements.
package netio
