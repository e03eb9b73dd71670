package waitvars

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// A wait held in a local that the loop assigns again, on some branch, a
// constant other than the one the interpreter read (d = quickInterval
// after a failure, d = updateInterval after a success) is not the fixed
// interval the reading says: which value the failure path waits depends
// on the branch the interpreter could not follow. The shape is unknown
// and the rules stay silent, as for a local reassigned from a call
// (reassigned.go).

// ReassignedOtherConst reports whether wait, the duration expression of
// the wait under study, is a local variable that the loop region assigns
// (=) a constant duration other than base, the fixed reading in
// nanoseconds.
func ReassignedOtherConst(info *types.Info, region ast.Node, wait ast.Expr, base float64) bool {
	return reassignsWait(info, region, wait, func(rhs ast.Expr) bool {
		tv, ok := info.Types[rhs]
		if !ok || tv.Value == nil {
			return false
		}
		x, ok := constant.Float64Val(constant.ToFloat(tv.Value))
		return ok && x != base
	})
}
