package notretry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A loop whose every operation sends an HTTP request to the local host
// (http.Get("http://localhost:8080/healthz"), a request made with
// fmt.Sprintf("http://127.0.0.1:%d/", port)) waits for a server on the
// same machine to come up: a readiness poll of a local process, whose
// repeats cross no network. The host is read from the constant part of
// the URL the request is made with, through locals the function assigns
// only such values; a URL the code does not spell out (a parameter, a
// field, a host name) keeps the loop a retry.

// maxURLDepth bounds how many locals LoopbackOnly follows back.
const maxURLDepth = 4

// LoopbackOnly reports whether every call of g, in body, sends an HTTP
// request to the local host.
func (m *Rules) LoopbackOnly(body *ast.BlockStmt, g *Group) bool {
	return len(g.Calls) > 0 &&
		!slices.ContainsFunc(g.Calls, func(c *ast.CallExpr) bool { return !m.toLoopback(body, c) })
}

// toLoopback reports whether call, a send of net/http, goes to the
// local host.
func (m *Rules) toLoopback(body *ast.BlockStmt, call *ast.CallExpr) bool {
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || len(call.Args) == 0 {
		return false
	}
	switch fn.Name() {
	case "Get", "Head", "Post", "PostForm":
		return m.loopbackURL(body, call.Args[0], 0)
	case "Do", "RoundTrip":
		return len(call.Args) == 1 && m.loopbackRequest(body, call.Args[0], 0)
	}
	return false
}

// loopbackRequest reports whether x, a *http.Request, is made for a URL
// on the local host.
func (m *Rules) loopbackRequest(body *ast.BlockStmt, x ast.Expr, depth int) bool {
	if depth > maxURLDepth {
		return false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := typesx.Callee(m.info, x)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" {
			return false
		}
		switch fn.Name() {
		case "NewRequest":
			return len(x.Args) == 3 && m.loopbackURL(body, x.Args[1], depth+1)
		case "NewRequestWithContext":
			return len(x.Args) == 4 && m.loopbackURL(body, x.Args[2], depth+1)
		case "WithContext", "Clone":
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				return m.loopbackRequest(body, sel.X, depth+1)
			}
		}
	case *ast.Ident:
		return m.everyAssignment(body, x, func(a ast.Expr) bool { return m.loopbackRequest(body, a, depth+1) })
	}
	return false
}

// loopbackURL reports whether x, a URL string, names the local host.
func (m *Rules) loopbackURL(body *ast.BlockStmt, x ast.Expr, depth int) bool {
	if depth > maxURLDepth {
		return false
	}
	x = ast.Unparen(x)
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return loopbackHost(constant.StringVal(tv.Value), true)
	}
	switch x := x.(type) {
	case *ast.Ident:
		return m.everyAssignment(body, x, func(a ast.Expr) bool { return m.loopbackURL(body, a, depth+1) })
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return false
		}
		if tv, ok := m.info.Types[x.X]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return loopbackHost(constant.StringVal(tv.Value), false)
		}
		return m.loopbackURL(body, x.X, depth+1)
	case *ast.CallExpr:
		fn := typesx.Callee(m.info, x)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" || len(x.Args) == 0 {
			return false
		}
		if tv, ok := m.info.Types[x.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			f, _, verbs := strings.Cut(constant.StringVal(tv.Value), "%")
			return loopbackHost(f, !verbs)
		}
	}
	return false
}

// everyAssignment reports whether id names a local variable of body
// every value of which satisfies ok, and whose address is never taken.
func (m *Rules) everyAssignment(body *ast.BlockStmt, id *ast.Ident, ok func(ast.Expr) bool) bool {
	v, _ := m.info.Uses[id].(*types.Var)
	if v == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false
	}
	as := typesx.Assignments(m.info, body, v)
	return len(as) > 0 && !typesx.AddressTaken(m.info, body, v) &&
		!slices.ContainsFunc(as, func(a ast.Expr) bool { return !ok(a) })
}

// loopbackHost reports whether prefix, the start of a URL (all of it
// when whole), has a scheme and names the local host: localhost, an
// address of 127.0.0.0/8 or ::1. The host must end inside prefix (a
// port, a path) unless prefix is the whole URL.
func loopbackHost(prefix string, whole bool) bool {
	_, rest, ok := strings.Cut(prefix, "://")
	if !ok {
		return false
	}
	var host string
	if strings.HasPrefix(rest, "[") {
		i := strings.IndexByte(rest, ']')
		if i < 0 {
			return false
		}
		host = rest[1:i]
	} else {
		i := strings.IndexAny(rest, ":/?#")
		if i < 0 {
			if !whole {
				return false // localhost.example.com may follow
			}
			i = len(rest)
		}
		host = rest[:i]
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
