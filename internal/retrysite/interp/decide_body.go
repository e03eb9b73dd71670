package interp

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Reading the body of a response is part of the exchange that sent it.
// An SDK may read the body of the response that ends the call inside the
// attempt, so that a connection dropped part-way through is retried like
// a lost connection (anthropic's bufferBody). Under a successful outcome
// (a 2xx response) the whole exchange succeeded, the read included:
// io.ReadAll(res.Body) has a nil error, and a same-package function given
// that response, whose every return path then gives a nil error
// (bufferBody(res) -> readBody(res)), is read through its body for its
// error. A read that fails is a network failure, which the error
// scenario already tries. For other statuses nothing changes: whether a
// 409 is retried may depend on draining its body, and stays uncertain.

// bodyReads are the standard library functions that read a reader to its
// end, with the index of the reader argument and of the error result.
var bodyReads = map[string][2]int{
	"io.ReadAll":        {0, 1},
	"io/ioutil.ReadAll": {0, 1},
	"io.Copy":           {1, 1},
	"io.CopyN":          {1, 1},
}

// bodyReadResult is result i of call when call reads the body of a
// response the model holds (a vResp): a nil error.
func (ev *Evaluator) bodyReadResult(call *ast.CallExpr, i int, e Env) (Value, bool) {
	fn := typesx.Callee(ev.info(), call)
	if fn == nil || fn.Pkg() == nil {
		return Value{}, false
	}
	r, ok := bodyReads[fn.Pkg().Path()+"."+fn.Name()]
	if !ok || i != r[1] || r[0] >= len(call.Args) {
		return Value{}, false
	}
	sel, ok := ast.Unparen(call.Args[r[0]]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Body" || !typesx.IsNamed(ev.info().TypeOf(sel.X), "net/http", "Response") {
		return Value{}, false
	}
	if !success2xx(ev.Eval(sel.X, e)) {
		return Value{}, false
	}
	return Value{K: VNil}, true
}

// givenResponse reports whether one of call's arguments is a successful
// response the model holds: a same-package function given it may be read
// through its body for an error result too.
func (ev *Evaluator) givenResponse(call *ast.CallExpr, e Env) bool {
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		return IsResponseType(ev.info().TypeOf(a)) && success2xx(ev.Eval(a, e))
	})
}

// success2xx reports whether v is a response with a 2xx status whose
// headers are those of the responses the model tries.
func success2xx(v Value) bool {
	return v.K == VResp && v.I >= 200 && v.I <= 299 && v.Dep&depHeader == 0
}

// inlinableResult reports whether result type t of a same-package call
// can be computed through the callee's body: an integer or bool, or an
// error when the call is given a successful response the model holds.
func (ev *Evaluator) inlinableResult(t types.Type, call *ast.CallExpr, e Env) bool {
	return IsIntegerOrBool(t) || (typesx.IsErrorType(t) && ev.givenResponse(call, e))
}

// Likewise an operation that returned without an error (a success, or a
// response with any status) finished within its context: under those
// outcomes ctx.Err() is nil (outcomeval/outcomes_eval.go). SDK loops that treat an
// attempt's own timeout expiring as a lost connection (if ctx.Err() !=
// nil { retry = shouldRetry(req, nil) }) retry it on the error outcome,
// not on a 400 or a 200.

// An HTTP error response decoded from a successful response is nil under
// the success outcome. Some protocols carry an error in the body of a 2xx
// (S3's 200-with-error): the code parses every response for an error
// (apiErr := httpRespToErrorResponse(res, ...)) and retries on its code.
// Such a 2xx is a failure, not the success the model studies. So when a
// same-package function given the successful response returns an error
// the model cannot compute, and the function builds an error that carries
// an HTTP status (ErrorResponse{StatusCode: resp.StatusCode}, outcomeval/statuserr.go),
// that error is nil under success. A function that turns a body into a
// sentinel (errPending until the job is done) builds no such error: a poll
// through it still comes back on a 2xx. Only the error is settled; other
// results read from the body stay unknown. Other statuses are unchanged.
func (ev *Evaluator) decodedSuccess(call *ast.CallExpr, e Env) (Value, bool) {
	if ev.Op == nil || ev.Sc.Err.K != VNil || !success2xx(ev.Sc.Resp) {
		return Value{}, false
	}
	if t := ev.info().TypeOf(call); t == nil || !typesx.IsErrorType(t) {
		return Value{}, false
	}
	fn := typesx.Callee(ev.info(), call)
	if fn == nil || fn.Pkg() != ev.Fi.M.pkg || !ev.givenResponse(call, e) {
		return Value{}, false
	}
	d := ev.Fi.M.FuncDecl(fn)
	if d == nil || d.Body == nil || !ev.Fi.M.buildsStatusError(d.Body) {
		return Value{}, false
	}
	return Value{K: VNil}, true
}

// buildsStatusError reports whether body builds a value of an error type
// that carries an HTTP status, its status field set.
func (m *Model) buildsStatusError(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok || found {
			return !found
		}
		f := statusField(m.info.TypeOf(lit))
		if f == nil {
			return true
		}
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && m.info.Uses[typesx.IdentOf(kv.Key)] == f {
				found = true
			}
		}
		return !found
	})
	return found
}
