package outcomeval

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
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
// result, is what the vals.Scenario says of the error: nil under success,
// non-nil under the error vals.Scenario, unknown under the others (a status
// or a gRPC code says nothing of it).

// carriedErrField returns the vals.Value of x, a field selection, when x
// selects the carried error of the operation's result.
func (ev Evaluator) CarriedErrField(x *ast.SelectorExpr) (vals.Value, bool) {
	if ev.Op() == nil {
		return vals.Value{}, false
	}
	f, ok := ev.Info().Uses[x.Sel].(*types.Var)
	if !ok || !f.IsField() || typesx.CarriedError(ev.Info().TypeOf(x.X)) != f {
		return vals.Value{}, false
	}
	if !ev.holdsCarrier(x.X, ev.Op()) {
		return vals.Value{}, false
	}

	switch ev.Scenario().Name {
	case "success":
		return vals.Value{K: vals.VNil}, true
	case "error":
		return vals.Value{K: vals.VNonNil, Dep: vals.DepOutcome}, true
	}
	return vals.Unknown(vals.DepOutcome), true
}

// holdsCarrier reports whether x is a call of op whose one result
// carries its error, or a local variable (a named result included) every
// assignment of which is such a call.
func (ev Evaluator) holdsCarrier(x ast.Expr, op map[*ast.CallExpr]bool) bool {
	info := ev.Info()
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
	start := ev.BodyStart()
	if !ok || v.IsField() || v.Pos() < start || v.Pos() >= ev.Body().End() {
		return false
	}
	xs := ev.Assigns(v)
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
