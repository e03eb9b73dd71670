package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
)

// A function literal called where it is written decides like the code
// around it: client-go's request loop asks its tracker inside one,
//
//	done := func() bool {
//		defer readAndCloseResponseBody(resp)
//		if retry.IsNextRetry(ctx, r, req, resp, err, isErrRetryable) {
//			return false
//		}
//		f(req, resp)
//		return true
//	}()
//	if done { return ... }
//
// and the loop's success leaves only because that literal says done. Its
// one integer or bool result is computed through its body, as a function
// of the package is (inline), with the values the caller holds for the
// variables the literal reads from outside. Only a literal that takes no
// arguments, runs none of the operation's calls, and writes no variable
// declared outside it is read so: its captured values then stay what the
// caller holds all through its body.

// calledLit evaluates x, a call of a function literal written in place.
func (ev *Evaluator) calledLit(x *ast.CallExpr, e Env) (Value, bool) {
	lit, ok := ast.Unparen(x.Fun).(*ast.FuncLit)
	if !ok || len(x.Args) != 0 || ev.Depth >= 3 {
		return Value{}, false
	}
	sig, ok := ev.info().TypeOf(lit).(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !IsIntegerOrBool(sig.Results().At(0).Type()) {
		return Value{}, false
	}
	if !bodyscan.SelfContained(ev.info(), lit, ev.Op) {
		return Value{}, false
	}
	sub := &Evaluator{Fi: ev.Fi.M.FuncInfo(lit.Body, lit.Type), Depth: ev.Depth + 1, captured: ev.captured.With(e)}
	return sub.returns(Env{})
}

// decider evaluates x, a call of a func value that decides whether the
// loop goes round from the operation's error (retrysite's decider.go):
// the literal's one result over its body, its parameter bound to the
// error, what it captures unknown.
func (ev *Evaluator) decider(x *ast.CallExpr, e Env) (v Value, ok bool) {
	if ev.Depth >= 3 {
		return Value{}, false
	}
	fi, _ := ev.Fi.M.host.Decider(x)
	if fi == nil {
		return Value{}, false
	}
	p := fi.typ.Params.List[0].Names
	if len(p) != 1 {
		return Value{}, false
	}
	pv, _ := fi.M.info.Defs[p[0]].(*types.Var)
	if pv == nil {
		return Value{}, false
	}
	arg := ev.Eval(x.Args[0], e)
	defer func() {
		if recover() != nil { // another package's source: see deciderOf
			v, ok = Value{}, false
		}
	}()
	sub := &Evaluator{Fi: fi, Depth: ev.Depth + 1}
	return sub.returns(Env{}.Set(pv, arg))
}

// A func value the package always gives one literal (a field whose every
// write is a package variable holding a literal, the package's default
// predicate) runs that literal: result i of a call of it is computed
// through the literal's body with its parameters bound to the
// arguments' values, as a function of the package is (inline). Only an
// integer or bool result is, or an error given a successful response.

// valueLit evaluates result i of x, a call of such a func value.
func (ev *Evaluator) valueLit(x *ast.CallExpr, i int, e Env) (Value, bool) {
	if ev.Depth >= 3 {
		return Value{}, false
	}
	lit := ev.Fi.M.host.ValueLit(x)
	if lit == nil {
		return Value{}, false
	}
	sig, ok := ev.info().TypeOf(lit).(*types.Signature)
	if !ok || i >= sig.Results().Len() || sig.Variadic() || len(x.Args) != sig.Params().Len() || !ev.inlinableResult(sig.Results().At(i).Type(), x, e) {
		return Value{}, false
	}
	fi := ev.Fi.M.FuncInfo(lit.Body, lit.Type)
	ce := Env{}
	for j, p := range typesx.FuncParams(ev.info(), lit.Type) {
		if p != nil && fi.bindsParam(p) {
			ce = ce.Set(p, ev.Eval(x.Args[j], e))
		}
	}
	sub := &Evaluator{Fi: fi, Depth: ev.Depth + 1, Pred: ev.liveCtx()}
	if n := sig.Results().Len(); n > 1 {
		return sub.ResultAt(ce, i, n, nil), true
	}
	return sub.returns(ce)
}
