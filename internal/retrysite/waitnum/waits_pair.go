package waitnum

import (
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
	"go/ast"
	"go/constant"
	"go/types"
)

// A helper of the package may return the wait together with a verdict:
// `delay, ok := retryDelay(res, n)` or `d, err := c.nextWait(n)`, where
// the second result (a bool, or an error) says whether to retry at all.
// The wait is the first result: the helper is run like a one-result
// helper, reading the first value of each return. A return that gives
// up (`return 0, false`) returns no wait, and leaves the shape to the
// other returns (applyAlts); a helper whose second result is anything
// else, or whose first is not a number, is not followed.

// pairWait computes the first result of call, a two-result call of a
// function of the package, when it is a number paired with a bool or
// an error.
func (ip *winterp) pairWait(call *ast.CallExpr) (waitshape.Num, bool) {
	fn := typesx.Callee(ip.m.info, call)
	if fn == nil || fn.Pkg() != ip.m.pkg {
		return waitshape.Num{}, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() != 2 || !numericType(sig.Results().At(0).Type()) || !verdictType(sig.Results().At(1).Type()) {
		return waitshape.Num{}, false
	}
	d := ip.m.FuncDecl(fn)
	if d == nil || d.Body == nil || !ip.m.pure(d.Body, nil) {
		return waitshape.Num{}, false
	}
	s := ip.sub(d.Body, d.Type, call)
	if s == nil {
		return waitshape.Num{}, false
	}
	s.first = true
	return s.result(d.Body), true
}

// givesUp reports whether a return of a helper run for its wait says not
// to retry: a constant false, or an error other than nil. Like a path of
// the loop that leaves it, such a return is not followed: the helper's
// wait is what its other returns give.
func (ip *winterp) givesUp(s *ast.ReturnStmt) bool {
	if len(s.Results) != 2 {
		return false
	}
	v := s.Results[1]
	tv, ok := ip.m.info.Types[v]
	if !ok {
		return false
	}
	if tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return !constant.BoolVal(tv.Value)
	}
	return verdictType(tv.Type) && !tv.IsNil() && !isBoolType(tv.Type)
}

func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func numericType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

func verdictType(t types.Type) bool {
	return isBoolType(t) || types.Identical(t, types.Universe.Lookup("error").Type())
}
