package outcomeval

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Error codes carried by a successful result.
//
// Many protocols answer a request with a response whose fields carry the
// server's error code (Kafka's response.Err, a per-partition block.Err),
// and the caller retries on some codes:
//
//	resp, err := broker.Fetch(req)
//	if err != nil { return retry() }
//	block := resp.GetBlock(topic, partition)
//	switch block.Err {
//	case ErrNoError: return block.Offset, nil
//	case ErrNotCoordinator: sleep(); return retry()
//	}
//
// The success vals.Scenario is a success all through: the error fields of the
// operation's result, and of what its methods, fields and elements hand
// on, say "no error". An error field is a field of type error or a
// pointer that implements error (*APIError: nil), or of
// an integer type that implements error, an error code (its zero vals.Value:
// 0 is "no error" for such codes, as for syscall.Errno and Kafka's
// KError). Only the success vals.Scenario reads them so: under a failure the
// fields stay unknown, so a retry on a code alone is not assumed.

// successErrField returns the vals.Value of x, a field selection, under the
// success vals.Scenario when x selects an error field of a vals.Value derived from
// the operation's result.
func (ev Evaluator) SuccessErrField(x *ast.SelectorExpr) (vals.Value, bool) {
	if ev.Scenario().Name != "success" || ev.Op() == nil {
		return vals.Value{}, false
	}
	f, ok := ev.Info().Uses[x.Sel].(*types.Var)
	if !ok || !f.IsField() {
		return vals.Value{}, false
	}
	zero, ok := noErrorValue(f.Type())
	if !ok || !ev.derivedFromOp(x.X, ev.Op(), 0) {
		return vals.Value{}, false
	}
	return zero, true
}

// noErrorValue is the "no error" vals.Value of an error field's type.
func noErrorValue(t types.Type) (vals.Value, bool) {
	if typesx.IsErrorType(t) {
		return vals.Value{K: vals.VNil}, true
	}
	if isErrorCode(t) {
		return vals.IntVal(0), true
	}
	if _, ptr := t.(*types.Pointer); ptr && types.Implements(t, errorIface) {
		return vals.Value{K: vals.VNil}, true // an *APIError field (embedded or not)
	}
	return vals.Value{}, false
}

// isErrorCode reports whether t is a named integer type that implements
// error (type KError int16; func (e KError) Error() string).
func isErrorCode(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && typesx.IsInteger(n) && types.Implements(n, errorIface)
}

// derivedFromOp reports whether x is the result of a call of op, or
// reached from one through fields, elements, dereferences and method
// calls, or a local variable (or named result) every assignment of which
// is such a vals.Value,
// or a composite literal whose error fields are all set from such
// values.
func (ev Evaluator) derivedFromOp(x ast.Expr, op map[*ast.CallExpr]bool, depth int) bool {
	if depth > 8 {
		return false
	}
	info := ev.Info()
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if op[x] {
			return true
		}
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		fn := typesx.Callee(info, x)
		if fn == nil || fn.Type().(*types.Signature).Recv() == nil {
			return false
		}
		return ev.derivedFromOp(sel.X, op, depth+1)
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); !ok || !v.IsField() {
			return false
		}
		return ev.derivedFromOp(x.X, op, depth+1)
	case *ast.IndexExpr:
		return ev.derivedFromOp(x.X, op, depth+1)
	case *ast.StarExpr:
		return ev.derivedFromOp(x.X, op, depth+1)
	case *ast.UnaryExpr:
		return x.Op == token.AND && ev.derivedFromOp(x.X, op, depth+1)
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return false
			}
			key, _ := kv.Key.(*ast.Ident)
			f, ok := info.Uses[key].(*types.Var)
			if !ok || !f.IsField() {
				return false
			}
			if _, isErr := noErrorValue(f.Type()); isErr && !ev.derivedFromOp(kv.Value, op, depth+1) {
				return false
			}
		}
		return true
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.IsField() || (v.Pos() < ev.Body().Pos() || v.Pos() >= ev.Body().End()) && !ev.NamedResult(v) {
			return false
		}
		xs := ev.Assigns(v)
		return len(xs) > 0 && !slices.ContainsFunc(xs, func(e ast.Expr) bool { return !ev.derivedFromOp(e, op, depth+1) })
	}
	return false
}
