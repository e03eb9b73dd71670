package waitnum

import (
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
	"go/ast"
	"go/constant"
	"go/types"
)

// A helper of the package or of the module may return the wait together
// with a verdict: `delay, ok := retryDelay(res, n)`, `d, err :=
// c.nextWait(n)` or `retry, d := c.decide(err, n)`, where the other
// result (a bool, or an error) says whether to retry at all. The helper
// is run like a one-result helper, reading the wait's value of each
// return. A return that gives up (`return 0, false`, `return false, 0`)
// returns no wait, and leaves the shape to the other returns
// (applyAlts); a helper whose other result is anything else, or whose
// wait is not a number (or a pointer to one), is not followed.

// pairWait computes the wait result of call, a two-result call of a
// function of the module, when it is a number paired with a bool or an
// error (a bool, number pair: a decision first). v is the variable the
// wait is assigned to.
func (ip *winterp) pairWait(call *ast.CallExpr, lhs []ast.Expr) (*types.Var, waitshape.Num, bool) {
	fn := typesx.Callee(ip.m.info, call)
	if fn == nil {
		return nil, waitshape.Num{}, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() != 2 {
		return nil, waitshape.Num{}, false
	}
	r0, r1 := sig.Results().At(0).Type(), sig.Results().At(1).Type()
	at := 0
	switch {
	case numericOrPtr(r0) && verdictType(r1):
	case typesx.IsBool(r0) && numericOrPtr(r1) && !typesx.IsBool(r1):
		at = 1
	default:
		return nil, waitshape.Num{}, false
	}
	v := ip.localVar(lhs[at])
	d, dm := ip.m.methodOf(fn)
	var s *winterp
	if sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); isSel && d == nil {
		s, d = ip.ifaceSub(call, fn, sel.X) // an interface's default (waits_state.go)
	} else if d != nil && d.Body != nil && dm.Pure(d.Body, nil) {
		s = ip.subIn(dm, d.Body, d.Type, call)
	}
	if v == nil || s == nil {
		return nil, waitshape.Num{}, false
	}
	s.pair, s.at = true, at
	return v, s.result(d.Body), true
}

// givesUp reports whether a return of a helper run for its wait says not
// to retry: a constant false, an error other than nil, or a negative
// constant wait (the sentinel `return -1, nil`). Like a path of
// the loop that leaves it, such a return is not followed: the helper's
// wait is what its other returns give.
func (ip *winterp) givesUp(s *ast.ReturnStmt) bool {
	if len(s.Results) != 2 {
		return false
	}
	if w, ok := ip.m.info.Types[s.Results[ip.at]]; ok && w.Value != nil && constant.Sign(w.Value) < 0 {
		return true // a negative wait: the sentinel of no retry (return -1, nil)
	}
	v := s.Results[1-ip.at]
	tv, ok := ip.m.info.Types[v]
	if !ok {
		return false
	}
	if tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return !constant.BoolVal(tv.Value)
	}
	return verdictType(tv.Type) && !tv.IsNil() && !typesx.IsBool(tv.Type)
}

// numericOrPtr reports whether t is a number or a pointer to one (a
// helper that hands the wait back by address: return &d, true).
func numericOrPtr(t types.Type) bool {
	return typesx.BasicIs(typesx.Deref(t), types.IsNumeric)
}

func verdictType(t types.Type) bool {
	return typesx.IsBool(t) || types.Identical(t, types.Universe.Lookup("error").Type())
}
