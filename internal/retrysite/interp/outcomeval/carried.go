package outcomeval

import (
	"go/ast"
	"go/types"
	"slices"

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
//
// The field is often unexported and read through an accessor, the only
// way from another package (alertmanager's NotifyVerdict and its
// Err() error { return v.err }): a call of a method of the carrier's
// type, with no arguments, whose body is a single return of the carried
// field of its receiver (CarriedAccessor) reads the carried error as the
// field itself does. The method's declaration is the package's, or, for
// a type of another package of the module, the one in its file parsed
// alone (Ev.MethodSyntax: the syntax says it all, no package is loaded).
// A method that returns another field, wraps the field or does anything
// more is no such read: its result stays unknown as before.

// CarriedErr returns the vals.Value of the carried error read from x,
// the carrier (x.f where f is typesx.CarriedError of x's type: the
// evaluator knows it of the selector, interp's nodefacts.go), when x
// holds the operation's result.
func (ev Evaluator) CarriedErr(x ast.Expr) (vals.Value, bool) {
	if ev.Op() == nil {
		return vals.Value{}, false
	}
	return ev.carried(x)
}

// CarriedErrCall returns the vals.Value of x, a call of fn, when fn is
// an accessor of the carried error (CarriedAccessor) called on the
// operation's result.
func (ev Evaluator) CarriedErrCall(fn *types.Func, x *ast.CallExpr) (vals.Value, bool) {
	if ev.Op() == nil || len(x.Args) != 0 {
		return vals.Value{}, false
	}
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok {
		return vals.Value{}, false
	}
	f := ev.CarriedError(ev.Info().TypeOf(sel.X))
	if f == nil || !accessorOf(fn, ev.Info().TypeOf(sel.X)) || !CarriedAccessor(ev.MethodSyntax(fn), f.Name()) {
		return vals.Value{}, false
	}
	return ev.carried(sel.X)
}

// accessorOf reports whether fn is a method, declared on t's named type
// itself (not promoted from an embedded field), with no parameters and
// one error result.
func accessorOf(fn *types.Func, t types.Type) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 ||
		!typesx.IsErrorType(sig.Results().At(0).Type()) {
		return false
	}
	named := func(t types.Type) *types.TypeName {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Origin().Obj()
		}
		return nil
	}
	recv := named(sig.Recv().Type())
	return recv != nil && recv == named(t)
}

// CarriedAccessor reports whether d, a method's declaration, only
// returns its receiver's field named field: func (v T) Err() error {
// return v.err }. It reads the syntax alone: a body of one return
// statement cannot shadow the receiver, and a selector of a named
// receiver is its own field when the type has one of that name.
func CarriedAccessor(d *ast.FuncDecl, field string) bool {
	if d == nil || d.Body == nil || d.Recv == nil || len(d.Recv.List) != 1 || len(d.Recv.List[0].Names) != 1 ||
		len(d.Body.List) != 1 {
		return false
	}
	recv := d.Recv.List[0].Names[0].Name
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	sel, ok := ast.Unparen(ret.Results[0]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != field {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && id.Name == recv && recv != "_"
}

// carried is the vals.Value of the carried error of x, the carrier: what
// the vals.Scenario says of the error when x holds the operation's result.
func (ev Evaluator) carried(x ast.Expr) (vals.Value, bool) {
	if !ev.holdsCarrier(x, ev.Op()) {
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
		return ok && op[call] && ev.CarriedError(info.TypeOf(call)) != nil
	}
	if isCarrierCall(x) {
		return true
	}
	v, ok := info.Uses[typesx.IdentOf(x)].(*types.Var)
	start := ev.BodyStart()
	if !ok || v.IsField() || v.Pos() < start || v.Pos() >= ev.Body().End() {
		return false
	}
	xs := ev.Assigns(v)
	return len(xs) > 0 && !slices.ContainsFunc(xs, func(e ast.Expr) bool { return !isCarrierCall(e) })
}
