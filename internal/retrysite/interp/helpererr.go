package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A same-package helper that sends a request and turns an error status
// of the response it got into an error (if resp.StatusCode >= 400 {
// return resp, &APIError{...} }) returns that error to its caller: a loop
// that retries every error of the helper retries those statuses.
// Under a response scenario with a status >= 400, the error result of
// such a helper is a non-nil error when every return path of its body,
// its own requests (the calls in it that return a response and an error)
// given the same response, returns one. A helper that returns a nil
// error for the status, or on some path, keeps the scenario's nil error.
//
// So is the bool a helper returns beside them (resp, retry, err :=
// c.do(req)) under a scenario whose request fails with an error (a
// certificate error, another error of the transport): the value every
// return path reached when its own requests fail so gives (`if err !=
// nil { return nil, true, err }`: R-9), unknown when they differ.
func (ev *Evaluator) helperResult(x *ast.CallExpr, i int) (Value, bool) {
	statusErr := ev.Sc.Err.K == VNil && ev.Sc.Resp.K == VResp && ev.Sc.Resp.I >= 400
	if !statusErr && ev.Sc.Err.K != vals.VErrClass || ev.Depth >= 3 {
		return Value{}, false
	}
	fn := typesx.Callee(ev.info(), x)
	tup, _ := ev.info().TypeOf(x).(*types.Tuple)
	if fn == nil || fn.Pkg() != ev.Fi.M.pkg || tup == nil || !returnsResponse(tup) || statusErr != typesx.IsErrorType(tup.At(i).Type()) || !statusErr && !typesx.IsBool(tup.At(i).Type()) {
		return Value{}, false
	}
	decl := ev.Fi.M.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return Value{}, false
	}
	callee := ev.Fi.M.FuncInfo(decl.Body, decl.Type)
	ops := map[*ast.CallExpr]bool{}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if t, ok := ev.info().TypeOf(c).(*types.Tuple); ok && returnsResponse(t) {
				ops[c] = true
			}
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	if len(ops) == 0 {
		return Value{}, false
	}
	sub := &Evaluator{Fi: callee, Depth: ev.Depth + 1, Op: ops, Sc: ev.Sc, AfterOp: true}
	n := tup.Len()
	r := sub.mergeReturns(Env{}, 3000, func(rs *ast.ReturnStmt, e Env) Value {
		if len(rs.Results) != n {
			return Unknown(0)
		}
		x := rs.Results[i]
		if t := ev.info().TypeOf(x); t != nil && isStruct(t) {
			return Value{K: VNonNil, Dep: DepOutcome} // a struct of an error type, never nil
		}
		v := sub.Eval(x, e)
		if statusErr && (v.K == VNonNil || IsErrValue(v)) {
			return Value{K: VNonNil, Dep: DepOutcome}
		}
		return v
	})
	if !r.sawReturn || !r.agree || statusErr && r.value.K != VNonNil || !statusErr && r.value.K != VBool {
		return Value{}, false
	}
	return r.value, true
}

// returnsResponse reports whether a call's results hold a response and
// an error.
func returnsResponse(t *types.Tuple) bool {
	return typesx.ResultIndex(t, IsResponseType) >= 0 && typesx.ErrorResult(t) >= 0
}

func isStruct(t types.Type) bool { _, ok := t.Underlying().(*types.Struct); return ok }

// decodedInto reports whether the operation under study is given v's
// address (resp, err := c.do(req, &out)): what it decodes into v is an
// outcome of the attempt, not a value the loop holds.
func (ev *Evaluator) decodedInto(v *types.Var) bool {
	for c := range ev.Op {
		for _, a := range c.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && typesx.IdentOf(u.X) != nil && ev.info().Uses[typesx.IdentOf(u.X)] == v {
				return true
			}
		}
	}
	return false
}

// decidedNo is the bool a retry decision of the package gives at its
// result i (Host.RetryDecision): its true comes only after it waited and
// counted, whatever predicate it asks, so it is false under a success;
// under a failure it is unknown, its count its own. A callee that runs
// an operation decides only when it is the operation under study.
func (ev *Evaluator) decidedNo(fn *types.Func, call *ast.CallExpr, i int) (Value, bool) {
	if fn == nil || !ev.Op[call] && ev.Fi.M.host.FuncIsIntegration(fn, 0) || ev.Fi.M.host.RetryDecision(fn) != i {
		return Value{}, false
	}
	if ev.Sc.Err.K != VNil || ev.Sc.Resp.K == VResp && (ev.Sc.Resp.I < 200 || ev.Sc.Resp.I > 299) {
		return Unknown(DepOutcome | depBound), true
	}
	return BoolVal(false), true
}
