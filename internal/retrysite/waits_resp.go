package retrysite

import (
	"go/ast"
	"go/types"
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
var headerlessVerdicts = []value{{K: vResp, I: 429}, {K: vResp, I: 503}, {K: vResp, I: 500}, {K: vNil}}

// responseVerdict computes result i, a bool, of call, a same-package
// function given a *net/http.Response, over responses without headers.
func (m *model) responseVerdict(call *ast.CallExpr, i int) (bool, bool) {
	fn := typeutilCallee(m.info, call)
	if fn == nil || fn.Pkg() != m.pkg {
		return false, false
	}
	k := verdictKey{fn, i}
	if r, ok := m.verdicts[k]; ok {
		return r.v, r.ok
	}
	v, ok := m.computeVerdict(fn, i)
	if m.verdicts == nil {
		m.verdicts = make(map[verdictKey]verdict)
	}
	m.verdicts[k] = verdict{v, ok}
	return v, ok
}

type verdictKey struct {
	fn *types.Func
	i  int
}

type verdict struct {
	v  bool
	ok bool
}

func (m *model) computeVerdict(fn *types.Func, i int) (bool, bool) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || i >= sig.Results().Len() || !isBool(sig.Results().At(i).Type()) {
		return false, false
	}
	decl := m.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false, false
	}
	callee := m.FuncInfo(decl.Body, decl.Type)
	if callee == nil {
		return false, false
	}
	params := sig.Params()
	var resp []*types.Var
	for j := 0; j < params.Len(); j++ {
		if p := params.At(j); isNamed(p.Type(), "net/http", "Response") {
			resp = append(resp, p)
		}
	}
	if len(resp) == 0 {
		return false, false
	}
	var got value
	for k, r := range headerlessVerdicts {
		ce := env{}
		for _, p := range resp {
			ce[p] = r
		}
		ev := &evaluator{Fi: callee, Depth: 1}
		v := ev.ResultAt(ce, i, sig.Results().Len(), nil)
		if v.K != vBool || (k > 0 && v.I != got.I) {
			return false, false
		}
		got = v
	}
	return got.I != 0, true
}
