package retrysite

import (
	"go/ast"
	"go/build"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/retrysite/exchange"
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/netio"
	"github.com/retrylint/retrylint/internal/retrysite/notretry"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// The standard governs retries across integration boundaries: calls to
// other services. A loop that retries a compare-and-swap, a syscall
// interrupted by a signal or a parse is not one, and reporting it would
// make the gate cry wolf. So an operation must be a call that can cross
// such a boundary:
//
//   - a function or method of a package outside the standard library
//     (a client, an SDK, another package of the module), but not one of
//     golang.org/x/sys, the operating system's primitives as package
//     syscall is (netio's OSInterface);
//   - a function of the standard library's network and database packages
//     (net, net/http, net/rpc, net/smtp, database/sql, crypto/tls), but
//     not one of net's that only sets up a local socket (Listen*, the
//     Set* options of a connection, LocalAddr) or computes
//     (SplitHostPort, ParseIP), nor one of crypto/tls's that loads or
//     parses a key pair (LoadX509KeyPair) or sets up a Config: binding a
//     port, sizing a buffer, parsing an address or reading a certificate
//     file calls no other service (netio's std.go: NetworkCall);
//   - a call of a function value or of an interface method whose
//     interface is declared outside the standard library: the model
//     cannot see what it does (retry helpers take their operation so);
//     but an unexported interface of the analysed package is seen
//     through the package's own types that implement it;
//   - a method of an io interface called on a value the package gives a
//     network connection (a buffered writer over net.Conn: package netio);
//   - a function of the analysed package whose body makes such a call,
//     directly or through other functions of the package;
//   - a fallible call handed a stream that holds a network connection
//     (a bufio.Writer over a net.Conn kept in a field of the package),
//     or made on one: it writes to or reads from the wire (package netio).

// localStd reports whether the analysed package is one of the standard
// library's local packages (os, runtime, sort; not net/...): its files
// are under GOROOT/src and its path names no network package. Nothing it
// does itself crosses an integration boundary.
func (m *model) localStd() bool {
	if m.isLocalStd != 0 {
		return m.isLocalStd > 0
	}
	m.isLocalStd = -1
	path := m.pkg.Path()
	if !typesx.IsStd(path) || netio.NetworkStd(path) || strings.HasPrefix(path, "net/") || len(m.pass.Files) == 0 {
		return false
	}
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	if f := m.pass.Fset.File(m.pass.Files[0].Pos()); f != nil && strings.HasPrefix(f.Name(), root) {
		m.isLocalStd = 1
	}
	return m.isLocalStd > 0
}

// IsIntegration reports whether call may cross an integration boundary.
func (m *model) IsIntegration(call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	if m.localStd() {
		return fn != nil && fn.Pkg() != nil && netio.NetworkStd(fn.Pkg().Path()) && !netio.LocalSocket(fn)
	}
	if fn == nil {
		// A function value, or a conversion (excluded by the caller).
		return m.funcValueIsIntegration(call)
	}
	return m.net.IOCall(call, fn) || m.FuncIsIntegration(fn, 0) || m.net.PassesStream(call) // package netio
}

func (m *model) FuncIsIntegration(fn *types.Func, depth int) bool {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		// An interface method of an unexported interface of the
		// package, which the package's own types implement: those
		// implementations are what it calls.
		if v, ok := m.integ[fn]; ok {
			return v
		}
		if impls, ok := m.localImplementations(fn, sig); ok {
			m.integ[fn] = false // cycles: assume not, until shown
			found := slices.ContainsFunc(impls, func(impl *types.Func) bool { return m.FuncIsIntegration(impl, depth+1) })
			m.integ[fn] = found
			return found
		}
		// Otherwise what implements it is unknown. An interface of the
		// standard library (io.Reader) is local work unless it is a
		// network one (net.Conn).
		v := netio.NetworkCall(fn)
		m.integ[fn] = v
		return v
	}
	if fn.Pkg() != m.pkg {
		return !m.moduleComputesOnly(fn) && netio.NetworkCall(fn)
	}
	if v, ok := m.integ[fn]; ok {
		return v
	}
	// Protocol clients layer their requests (Fetch -> sendAndReceive ->
	// send -> sendWithPromise -> sendInternal -> write -> conn.Write):
	// six same-package calls are followed before giving up.
	if depth > 6 {
		return false
	}
	m.integ[fn] = false // cycles: assume not, until shown
	decl := m.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		m.integ[fn] = true // declared without a body (assembly, linkname)
		return true
	}
	// Only fallible calls cross a boundary: logging through a
	// third-party logger, metrics and callbacks that return nothing do
	// not make a function an operation.
	// Nor does a call whose results nothing reads (_ = ln.Close(), a
	// deferred clean-up): it cannot make the function fail (precision.go).
	// A body without a send makes no exchange (exchange.IsIntegration).
	found, sends := m.anyCall(decl.Body, interp.HasErrorOrResponse, true, func(call *ast.CallExpr) bool {
		if m.net.PassesStream(call) {
			return true // writes to a connection it is handed (package netio)
		}
		callee := typesx.Callee(m.info, call)
		if callee == nil {
			return true // calls a function value it was given
		}
		return m.net.IOCall(call, callee) || m.FuncIsIntegration(callee, depth+1) // package netio
	})
	found = found || sends && exchange.IsIntegration(m.pass, m.info, m.pkg, m.FuncIsIntegration, decl.Body)
	m.integ[fn] = found
	return found
}

// moduleComputesOnly reports whether fn, a function of another package
// of the module, crosses no boundary because its body, parsed alone (no
// package is loaded), only computes: every call in it is a builtin, a
// conversion, or a call rooted in a standard library package the file
// imports that is no network package (fmt.Errorf,
// json.NewDecoder(r).Decode(v)), with no goroutine and no channel send (a
// pure error constructor, a decoder of the reader it is given). A function
// that returns a bool or is handed a response does not count
// (transport.CheckError turning a status into an error, a retry mode's
// MustRetry): the model reads their results as the outcome. Otherwise fn
// may cross a boundary, as any function of another package may.
func (m *model) moduleComputesOnly(fn *types.Func) bool {
	if !m.moduleObj(fn, false) || decides(fn) {
		return false
	}
	if local, ok := m.moduleLocal[fn]; ok {
		return local
	}
	local := m.computesOnly(fn)
	m.moduleLocal[fn] = local
	return local
}

// decides reports whether fn returns a bool or is handed a response.
func decides(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return true
	}
	for v := range sig.Results().Variables() {
		if typesx.IsBool(v.Type()) {
			return true
		}
	}
	for v := range sig.Params().Variables() {
		if interp.IsResponseType(v.Type()) {
			return true
		}
	}
	return false
}

// computesOnly reports whether fn's body, parsed alone, makes only the
// calls moduleComputesOnly accepts.
func (m *model) computesOnly(fn *types.Func) bool {
	d, f := m.DeclElsewhere(fn) // glue_modsrc.go
	if d == nil || d.Body == nil || f == nil {
		return false
	}
	imports := make(map[string]string, len(f.Imports))
	for _, is := range f.Imports {
		p := strings.Trim(is.Path.Value, `"`)
		name := path.Base(p)
		if is.Name != nil {
			name = is.Name.Name
		}
		imports[name] = p
	}
	local := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt, *ast.SendStmt:
			local = false
		case *ast.CallExpr:
			local = localCallee(n.Fun, imports)
		}
		return local
	})
	return local
}

// localCallee reports whether fun, the callee expression of a call in a
// body parsed alone, is a builtin, a conversion to a type written in
// place, or rooted in a non-network standard package the file imports.
func localCallee(fun ast.Expr, imports map[string]string) bool {
	switch x := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return types.Universe.Lookup(x.Name) != nil
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType, *ast.StarExpr:
		return true
	case *ast.SelectorExpr:
		switch r := typesx.ChainRoot(x.X, false).(type) {
		case *ast.CallExpr:
			return localCallee(r.Fun, imports) // json.NewDecoder(r).Decode: the chain's first call
		case *ast.Ident:
			p, ok := imports[r.Name]
			return ok && typesx.IsStd(p) && !netio.NetworkStd(p) && !strings.HasPrefix(p, "net/")
		}
	}
	return false
}

var callSendTypes = []ast.Node{(*ast.CallExpr)(nil), (*ast.SendStmt)(nil)}

// anyCall reports whether body (function literals in it included) makes
// a call, other than a conversion or a call of a builtin, whose result
// type satisfies results and for which crosses reports true. It stops at
// the first. With dropped, a call whose results nothing reads (_ =
// ln.Close(), a deferred clean-up: notretry.DroppedCalls) is passed over.
// When it finds none, sends reports whether body may hold a send
// statement (an exchange: package exchange); it is true when the body
// was walked without the inspector.
func (m *model) anyCall(body *ast.BlockStmt, results func(types.Type) bool, dropped bool, crosses func(*ast.CallExpr) bool) (found, sends bool) {
	// may reports whether call is one crosses is asked of.
	may := func(call *ast.CallExpr) bool {
		if tv, ok := m.info.Types[call.Fun]; ok && tv.IsType() {
			return false
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if _, isBuiltin := m.info.Uses[id].(*types.Builtin); isBuiltin {
				return false
			}
		}
		tv, ok := m.info.Types[call]
		return ok && results(tv.Type)
	}
	if cur, ok := typesx.BodyCursor(m.pass, body); ok {
		for c := range cur.Preorder(callSendTypes...) {
			call, isCall := c.Node().(*ast.CallExpr)
			if !isCall {
				sends = true
				continue
			}
			if may(call) && !(dropped && droppedCall(c)) && crosses(call) {
				return true, sends
			}
		}
		return false, sends
	}
	var drops map[*ast.CallExpr]bool
	if dropped {
		drops = notretry.DroppedCalls(body)
	}
	typesx.InspectUntil(&found, body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		found = may(call) && !drops[call] && crosses(call)
		return !found
	})
	return found, true
}

// droppedCall reports whether nothing reads the results of the call at
// c: a statement of its own, a go or defer statement's call, or the one
// right-hand side of an assignment to blanks only (as
// notretry.DroppedCalls finds them in a walk).
func droppedCall(c inspector.Cursor) bool {
	call := c.Node()
	p := c.Parent()
	for {
		if _, ok := p.Node().(*ast.ParenExpr); !ok {
			break
		}
		p = p.Parent()
	}
	switch n := p.Node().(type) {
	case *ast.ExprStmt:
		return true
	case *ast.GoStmt:
		return n.Call == call
	case *ast.DeferStmt:
		return n.Call == call
	case *ast.AssignStmt:
		if len(n.Rhs) != 1 || ast.Unparen(n.Rhs[0]) != call {
			return false
		}
		for _, l := range n.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); !ok || id.Name != "_" {
				return false
			}
		}
		return true
	}
	return false
}

// localImplementations returns the methods that implement the interface
// method fn when its interface is an unexported named type of the
// analysed package: the methods of the package's own types that
// implement the interface. Values of such an interface are made in the
// package, almost always from its own types (headersOrContinuation in
// x/net/http2: HeadersEnded of three frame types). ok is false when the
// interface is exported or of another package, when no type of the
// package implements it, or when a generic type might: what implements
// it is then unknown.
func (m *model) localImplementations(fn *types.Func, sig *types.Signature) (impls []*types.Func, ok bool) {
	named, isNamed := types.Unalias(sig.Recv().Type()).(*types.Named)
	if !isNamed || named.Obj().Pkg() != m.pkg || named.Obj().Exported() {
		return nil, false
	}
	iface, isIface := named.Underlying().(*types.Interface)
	if !isIface {
		return nil, false
	}
	for _, t := range m.implementers(named, iface) {
		if t.TypeParams().Len() > 0 {
			// An instance might implement it; which is unknown.
			if obj, _, _ := types.LookupFieldOrMethod(t, true, m.pkg, fn.Name()); obj != nil {
				return nil, false
			}
			continue
		}
		if obj, _, _ := types.LookupFieldOrMethod(t, true, m.pkg, fn.Name()); obj != nil {
			if impl, isFunc := obj.(*types.Func); isFunc {
				impls = append(impls, impl)
			}
		}
	}
	return impls, len(impls) > 0
}

// implementers returns, in the order of their names, the package's named
// non-interface types that are generic or implement iface, the
// underlying interface of named; worked out once per interface (each of
// its methods asks).
func (m *model) implementers(named *types.Named, iface *types.Interface) []*types.Named {
	return typesx.Cached(&m.impls, named, func() (ts []*types.Named) {
		scope := m.pkg.Scope()
		for _, name := range scope.Names() {
			tn, isType := scope.Lookup(name).(*types.TypeName)
			if !isType || tn.IsAlias() {
				continue
			}
			t, isNamedType := tn.Type().(*types.Named)
			if !isNamedType || types.IsInterface(t) {
				continue
			}
			if t.TypeParams().Len() > 0 || types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
				ts = append(ts, t)
			}
		}
		return ts
	})
}
