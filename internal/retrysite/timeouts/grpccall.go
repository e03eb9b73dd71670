package timeouts

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file finds the gRPC unary calls an attempt makes, and whether one
// carries a deadline of its own. A gRPC call has no timeout but its
// context's deadline (google.golang.org/grpc@v1.85.0: a call with no
// deadline waits as long as the server takes); a hand-written retry of
// one is timed per attempt only when the attempt gives the call a
// context with a deadline (context.WithTimeout inside the loop). The
// caller's deadline bounds the whole retry: a hung first attempt holds it
// to the end, and no retry follows.
//
// A unary call is a method or function whose first parameter is a
// context.Context, whose last is the variadic ...grpc.CallOption, and
// whose results are a reply and an error (a generated client's method),
// or ClientConn.Invoke and grpc.Invoke. A call given call options other
// than the grpc package's own (a parameter's, go-grpc-middleware's
// WithPerRetryTimeout) may be timed by them; a package that configures
// its connections' interceptors or service config (a methodConfig
// timeout) may time every call: neither is reported.

const grpcPath = "google.golang.org/grpc"

// unaryCall reports whether call is a gRPC unary call with no call
// option but the grpc package's own.
func (m *model) unaryCall(call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !sig.Variadic() || sig.Params().Len() < 2 || !IsContextType(sig.Params().At(0).Type()) {
		return false
	}
	last, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	if !ok || !typesx.IsNamed(last.Elem(), grpcPath, "CallOption") {
		return false
	}
	res := sig.Results()
	switch {
	case res.Len() == 1 && fn.Name() == "Invoke" && fn.Pkg() != nil && fn.Pkg().Path() == grpcPath:
	case res.Len() == 2 && typesx.Deref(res.At(0).Type()) != res.At(0).Type() && typesx.IsErrorIface(res.At(1).Type()):
	default:
		return false // a stream, or something else
	}
	return !call.Ellipsis.IsValid() && !slices.ContainsFunc(call.Args[sig.Params().Len()-1:], func(a ast.Expr) bool {
		c, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			return true
		}
		g := typesx.Callee(m.info, c)
		return g == nil || g.Pkg() == nil || g.Pkg().Path() != grpcPath
	})
}

// unaryCallsTimed reports whether the package makes gRPC unary calls and
// gives each a context with a deadline: set in the calling function, or
// by every caller of the function whose context parameter it passes. A
// service config's retries then end with each call.
func (m *model) unaryCallsTimed() bool {
	calls, timed := 0, true
	for _, f := range m.pass.Files {
		if strings.HasSuffix(m.pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			r := m.newTres(nil)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || !timed || !m.unaryCall(call) || len(call.Args) == 0 {
					return timed
				}
				calls++
				switch c := r.ctx(call.Args[0]); {
				case c.kind == ctxDeadline:
				case c.kind == ctxCaller && c.param != nil:
					all, known := m.callersSetDeadline(c.param, 0)
					timed = all && known
				default:
					timed = false
				}
				return timed
			})
		}
	}
	return calls > 0 && timed
}

// grpcConfigFuncs are the dial options that may give every call of a
// connection a deadline: an interceptor, a service config's methodConfig
// timeout.
var grpcConfigFuncs = map[string]bool{
	grpcPath + ".WithUnaryInterceptor":      true,
	grpcPath + ".WithChainUnaryInterceptor": true,
	grpcPath + ".WithDefaultServiceConfig":  true,
}

// configuresGRPC reports whether the package configures the interceptors
// or the service config of a gRPC connection.
func (m *model) configuresGRPC() bool {
	if m.grpcConfig != 0 {
		return m.grpcConfig > 0
	}
	m.grpcConfig = -1
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && grpcConfigFuncs[funcPath(typesx.Callee(m.info, call))] {
				m.grpcConfig = 1
			}
			return m.grpcConfig < 0
		})
	}
	return m.grpcConfig > 0
}
