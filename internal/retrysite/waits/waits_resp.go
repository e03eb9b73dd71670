package waits

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A wait helper may first honour the server's advice: `if d, ok :=
// parseRetryAfterHeader(res); ok { return d }`, then compute its own
// backoff. The server's Retry-After is its say (R-5 wants it honoured);
// what the rules judge is the client's own schedule, the wait a response
// without that header gets. As in the outcome model (decide.go), the
// responses the model tries carry no optional header: a bool result of a
// same-package function given the response is computed by the outcome
// evaluator through the function's body, for a response without headers
// (several statuses) and for no response at all. When every try gives the
// same bool, the wait interpreter takes it; otherwise it stays unknown.

// headerlessVerdicts are the responses a header parser is tried with.
var headerlessVerdicts = []interp.Value{{K: interp.VResp, I: 429}, {K: interp.VResp, I: 503}, {K: interp.VResp, I: 500}, {K: interp.VNil}}

// ResponseVerdict computes result i, a bool, of call, a same-package
// function given a *net/http.Response, over responses without headers.
// The verdicts are cached in *f.Verdicts.
func (f Finder) ResponseVerdict(call *ast.CallExpr, i int) (bool, bool) {
	fn := typesx.Callee(f.Info, call)
	if fn == nil || fn.Pkg() != f.Pkg {
		return false, false
	}
	r := typesx.Cached(f.Verdicts, VerdictKey{fn, i}, func() Verdict {
		v, ok := f.computeVerdict(fn, i)
		return Verdict{v, ok}
	})
	return r.v, r.ok
}

// A VerdictKey is a function and the index of a bool result of it.
type VerdictKey struct {
	fn *types.Func
	i  int
}

// A Verdict is the value of a result over responses without headers, if
// it is the same for all of them.
type Verdict struct {
	v  bool
	ok bool
}

func (f Finder) computeVerdict(fn *types.Func, i int) (bool, bool) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || i >= sig.Results().Len() || !typesx.IsBool(sig.Results().At(i).Type()) {
		return false, false
	}
	decl := f.M.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false, false
	}
	callee := f.M.FuncInfo(decl.Body, decl.Type)
	if callee == nil {
		return false, false
	}
	var resp []*types.Var
	for p := range sig.Params().Variables() {
		if typesx.IsNamed(p.Type(), "net/http", "Response") {
			resp = append(resp, p)
		}
	}
	if len(resp) == 0 {
		return false, false
	}
	var got interp.Value
	for k, r := range headerlessVerdicts {
		ce := interp.Env{}
		for _, p := range resp {
			ce = ce.Set(p, r)
		}
		ev := &interp.Evaluator{Fi: callee, Depth: 1}
		v := ev.ResultAt(ce, i, sig.Results().Len(), nil)
		if v.K != interp.VBool || (k > 0 && v.I != got.I) {
			return false, false
		}
		got = v
	}
	return got.I != 0, true
}
