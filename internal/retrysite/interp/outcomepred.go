package interp

import (
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"go/ast"
	"go/token"
)

// A retry decision the model cannot see: a call of a func value (a
// field, parameter or local of func type that no literal or function of
// the package is known to fill, nor a decider) with one bool result, given the
// operation's error and otherwise stateless values (the context), as in
// `if c.shouldRetry(ctx, err) { return c.Send(ctx) }`. It decides over
// the outcome: a recursion it guards comes back freely (a fork on it is
// no refresh of hidden state such as a cache's freshness, which takes
// no error), and in a function that calls itself it asks for no other
// attempt after a success (nil error), whatever it is. Its negation,
// and its conjunction or disjunction with stateless tests (err != nil),
// are read alike.
func (fi *FuncInfo) outcomePredicate(x ast.Expr) bool {
	if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		x = u.X
	}
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
		// err != nil && c.again(err): each side decides over the outcome.
		l, r := fi.outcomePredicate(b.X), fi.outcomePredicate(b.Y)
		return (l || r) && (l || fi.stateless(b.X)) && (r || fi.stateless(b.Y))
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	info := fi.M.info
	if tv := info.Types[call.Fun]; tv.IsType() || tv.IsBuiltin() || typesx.Callee(info, call) != nil {
		return false
	}
	if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit || !typesx.IsBool(info.TypeOf(call)) {
		return false
	}
	if fi.M.host.ValueFunc(call) != nil {
		return false // seen through the function it holds (a method that counts)
	}
	if _, ok := fi.M.host.Decider(call); ok {
		return false // a decider's literal (decider.go)
	}
	given := false
	for _, a := range call.Args {
		if v := typesx.VarOf(info, a); v != nil && fi.outcomes[v] && typesx.IsErrorType(v.Type()) {
			given = true
			continue
		}
		if !fi.stateless(a) {
			return false
		}
	}
	return given
}

// nilOutcomePredicate reports whether x is an outcomePredicate call
// given only nil errors (a success, or a response whose status the
// error does not carry) in a function that calls itself: it asks for
// no other attempt. In a loop the predicate's sense is not known (if
// !ok(err) { return } may test "fine" as well as "again").
func (ev *Evaluator) nilOutcomePredicate(x *ast.CallExpr, e Env) bool {
	if ev.Op == nil || !ev.Fi.Recursive || !ev.Fi.outcomePredicate(x) {
		return false
	}
	for _, a := range x.Args {
		if typesx.IsErrorType(ev.info().TypeOf(a)) && ev.Eval(a, e).K != VNil {
			return false
		}
	}
	return true
}
