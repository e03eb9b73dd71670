package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// companion decides a comparison of an integer the operation returns
// beside its error (opResult) when the scenario has no error: a criterion
// on the operation's own result, which then agrees with the error.
//
//   - against a constant in 200..300 it is a status: it takes the
//     scenario's (`err == nil && code == 200`);
//   - on success, against an argument of the same call, or its len, it is
//     the count of a read or write, moved in full (`n != len(p) || err != nil`).
//
// Anything else (`holder == 0`, `ready == len(nodes)`, a field of a
// decoded payload) is a state and stays unknown: a poll, not a retry.
func (ev *Evaluator) companion(x *ast.BinaryExpr, l, r Value) (Value, bool) {
	c, o, other := l, r, x.Y
	if c.Dep&depCompanion == 0 || c.Known() {
		c, o, other = r, l, x.X
	}
	if c.Dep&depCompanion == 0 || c.Known() || ev.Sc.Err.K != VNil || ev.Sc.Status == 0 {
		return Value{}, false
	}
	a, b := int64(ev.Sc.Status), o.I
	switch {
	case o.K == VInt && o.I >= 200 && o.I <= 300:
	case ev.Sc.Status == 200 && ev.argOf(token.Pos(c.I), other):
		a, b = 0, 0
	default:
		return Value{}, false
	}
	if other == x.X {
		a, b = b, a
	}
	return intCompare(x.Op, a, b) // eval.go
}

// argOf reports whether e, under a conversion or len, is written as an
// argument of the call at pos.
func (ev *Evaluator) argOf(pos token.Pos, e ast.Expr) bool {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			break
		}
		if b, _ := ev.info().Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); !ev.info().Types[call.Fun].IsType() && (b == nil || b.Name() != "len") {
			break
		}
		e = call.Args[0]
	}
	want, found := types.ExprString(e), false
	ast.Inspect(ev.Fi.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() == pos {
			for _, a := range call.Args {
				found = found || types.ExprString(a) == want
			}
		}
		return !found
	})
	return found
}

func returnsError(t types.Type) bool {
	tup, ok := t.(*types.Tuple)
	for i := 0; ok && i < tup.Len(); i++ {
		if typesx.IsErrorType(tup.At(i).Type()) {
			return true
		}
	}
	return false
}
