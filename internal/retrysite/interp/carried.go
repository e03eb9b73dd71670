package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// An error carried in a result.
//
// Some clients return no error beside a result: the result keeps it in a
// field (gocql's query returns an *Iter whose err field is the query's
// failure), and the caller retries on that field:
//
//	for {
//		iter = c.withConn(func(conn *Conn) *Iter { return conn.executeQuery(ctx, q) })
//		if iter.err == nil || !c.retry.Attempt(q) {
//			break
//		}
//	}
//
// Such a result is the operation's outcome (typesx.CarriedError: a named
// struct, or a pointer to one, with exactly one field of type error, not
// itself an error). When the operation returns nothing else, its carried
// field, read from a variable that only ever holds the operation's
// result, is what the scenario says of the error: nil under success,
// non-nil under the error scenario, unknown under the others (a status
// or a gRPC code says nothing of it).

// carriedErrField returns the value of x, a field selection, when x
// selects the carried error of the operation's result.
func (ev *evaluator) carriedErrField(x *ast.SelectorExpr) (value, bool) {
	if ev.Op == nil {
		return value{}, false
	}
	f, ok := ev.info().Uses[x.Sel].(*types.Var)
	if !ok || !f.IsField() || typesx.CarriedError(ev.info().TypeOf(x.X)) != f {
		return value{}, false
	}
	if !ev.Fi.holdsCarrier(x.X, ev.Op) {
		return value{}, false
	}

	switch ev.Sc.name {
	case "success":
		return value{K: vNil}, true
	case "error":
		return value{K: vNonNil, Dep: depOutcome}, true
	}
	return unknown(depOutcome), true
}

// holdsCarrier reports whether x is a call of op whose one result
// carries its error, or a local variable (a named result included) every
// assignment of which is such a call.
func (fi *funcInfo) holdsCarrier(x ast.Expr, op map[*ast.CallExpr]bool) bool {
	info := fi.M.info
	isCarrierCall := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && op[call] && typesx.CarriedError(info.TypeOf(call)) != nil
	}
	if isCarrierCall(x) {
		return true
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	start := fi.Body.Pos()
	if fi.typ != nil {
		start = fi.typ.Pos()
	}
	if !ok || v.IsField() || v.Pos() < start || v.Pos() >= fi.Body.End() {
		return false
	}
	xs := fi.assigns[v]
	if len(xs) == 0 {
		return false
	}
	for _, e := range xs {
		if !isCarrierCall(e) {
			return false
		}
	}
	return true
}
