package interp

import (
	"go/ast"
	"go/token"
	"go/types"
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
// The success scenario is a success all through: the error fields of the
// operation's result, and of what its methods, fields and elements hand
// on, say "no error". An error field is a field of type error (nil) or of
// an integer type that implements error, an error code (its zero value:
// 0 is "no error" for such codes, as for syscall.Errno and Kafka's
// KError). Only the success scenario reads them so: under a failure the
// fields stay unknown, so a retry on a code alone is not assumed.

// successErrField returns the value of x, a field selection, under the
// success scenario when x selects an error field of a value derived from
// the operation's result.
func (ev *evaluator) successErrField(x *ast.SelectorExpr) (value, bool) {
	if ev.Sc.name != "success" || ev.Op == nil {
		return value{}, false
	}
	f, ok := ev.info().Uses[x.Sel].(*types.Var)
	if !ok || !f.IsField() {
		return value{}, false
	}
	zero, ok := noErrorValue(f.Type())
	if !ok || !ev.Fi.derivedFromOp(x.X, ev.Op, 0) {
		return value{}, false
	}
	return zero, true
}

// noErrorValue is the "no error" value of an error field's type.
func noErrorValue(t types.Type) (value, bool) {
	if isErrorType(t) {
		return value{K: vNil}, true
	}
	if isErrorCode(t) {
		return intVal(0), true
	}
	return value{}, false
}

// isErrorCode reports whether t is a named integer type that implements
// error (type KError int16; func (e KError) Error() string).
func isErrorCode(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	b, ok := n.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	return types.Implements(n, errIface)
}

// derivedFromOp reports whether x is the result of a call of op, or
// reached from one through fields, elements, dereferences and method
// calls, or a local variable every assignment of which is such a value,
// or a composite literal whose error fields are all set from such
// values.
func (fi *funcInfo) derivedFromOp(x ast.Expr, op map[*ast.CallExpr]bool, depth int) bool {
	if depth > 8 {
		return false
	}
	info := fi.M.info
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if op[x] {
			return true
		}
		sel, ok := x.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		fn := typeutilCallee(info, x)
		if fn == nil || fn.Type().(*types.Signature).Recv() == nil {
			return false
		}
		return fi.derivedFromOp(sel.X, op, depth+1)
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); !ok || !v.IsField() {
			return false
		}
		return fi.derivedFromOp(x.X, op, depth+1)
	case *ast.IndexExpr:
		return fi.derivedFromOp(x.X, op, depth+1)
	case *ast.StarExpr:
		return fi.derivedFromOp(x.X, op, depth+1)
	case *ast.UnaryExpr:
		if x.Op != token.AND {
			return false
		}
		return fi.derivedFromOp(x.X, op, depth+1)
	case *ast.CompositeLit:
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return false
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				return false
			}
			f, ok := info.Uses[key].(*types.Var)
			if !ok || !f.IsField() {
				return false
			}
			if _, isErr := noErrorValue(f.Type()); isErr && !fi.derivedFromOp(kv.Value, op, depth+1) {
				return false
			}
		}
		return true
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.IsField() || v.Pos() < fi.Body.Pos() || v.Pos() >= fi.Body.End() {
			return false
		}
		xs := fi.assigns[v]
		if len(xs) == 0 {
			return false
		}
		for _, e := range xs {
			if !fi.derivedFromOp(e, op, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
