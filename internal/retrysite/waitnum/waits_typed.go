package waitnum

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A branch that takes the wait from an error of one type, the delay a
// rate limit carries,
//
//	if rl, ok := errors.AsType[*RateLimitedError](err); ok { d = rl.RetryAfter }
//	d = max(d, b.Duration())
//
// is the server's wait, not the loop's own schedule: the wait's
// shape is read on the path of a failure that is not of that type, as a
// response without a Retry-After header is read (package waits, waits_resp.go). Only a
// branch that does nothing but assign locals from the asserted error's
// fields, or leave under a guard (if e.Code == 404 { return }), is
// passed over; anything else keeps the branch unknown.

// typedErrWait reports whether s is such a branch.
func (ip *winterp) typedErrWait(s *ast.IfStmt) bool {
	x := ip.assertedErr(s)
	if x == nil || len(s.Body.List) == 0 {
		return false
	}
	info := ip.m.info
	for _, st := range s.Body.List {
		if g, ok := st.(*ast.IfStmt); ok && g.Init == nil && g.Else == nil && ip.terminates(g.Body.List) {
			// A guard that leaves (a 404 is final): the path that goes
			// on is unchanged by it.
			continue
		}
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN && as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return false
		}
		for i, l := range as.Lhs {
			if ip.localVar(l) == nil {
				return false
			}
			if sel, ok := ast.Unparen(as.Rhs[i]).(*ast.SelectorExpr); !ok || info.Uses[typesx.IdentOf(sel.X)] != x {
				return false
			}
		}
	}
	return true
}

// assertedErr returns x for `if x, ok := errors.AsType[T](err); ok`,
// `if x, ok := err.(T); ok` and `if errors.As(err, &x)` (ok may be
// followed by && and more conditions).
func (ip *winterp) assertedErr(s *ast.IfStmt) *types.Var {
	info := ip.m.info
	cond := ast.Unparen(typesx.Operands(s.Cond, token.LAND)[0])
	if v, errx := typesx.AsTarget(info, cond); v != nil && typesx.IsErrorType(info.TypeOf(errx)) {
		return v
	}
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil
	}
	okID, isID := cond.(*ast.Ident)
	if !isID || info.Uses[okID] == nil || info.Uses[okID] != ip.localVar(as.Lhs[1]) {
		return nil
	}
	switch r := ast.Unparen(as.Rhs[0]).(type) {
	case *ast.TypeAssertExpr:
		if r.Type == nil || !typesx.IsErrorType(info.TypeOf(r.X)) {
			return nil
		}
	case *ast.CallExpr:
		fn := typesx.Callee(info, r)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "AsType" {
			return nil
		}
	default:
		return nil
	}
	return ip.localVar(as.Lhs[0])
}
