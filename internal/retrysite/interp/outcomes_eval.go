package interp

import (
	"github.com/retrylint/retrylint/internal/knowledge"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file teaches the evaluator the outcome values are
// about: errors that carry a gRPC code (status.Code, status.FromError,
// st.Code()), errors that carry an HTTP status (k8s apierrors.IsNotFound
// and friends), TLS certificate errors (errors.As, type assertions,
// net.Error's Timeout), errors marked permanent or retryable by a retry
// library, and the lookups that reduce a decision to a set of codes:
// maps and slices of constants (retryable[code], slices.Contains(codes,
// c)).

// Classes of vErrClass errors.
const (
	// errCert is a TLS certificate error as an HTTP client returns it:
	// a *url.Error wrapping a *tls.CertificateVerificationError that
	// wraps an x509 error. It is a net.Error, neither a timeout nor
	// temporary.
	errCert int64 = iota + 1
	// errOther is an error the code made itself (fmt.Errorf,
	// errors.New) or one that matches no type or sentinel the
	// decision tests.
	errOther
	// errPermanent is an error marked not to be retried:
	// backoff.Permanent, retry.Unrecoverable.
	errPermanent
	// errMarked is an error marked to be retried:
	// sethvargo's retry.RetryableError.
	errMarked
)

func errClass(c int64) value    { return value{K: vErrClass, I: c} }
func errStatus(s int) value     { return value{K: vErrStatus, I: int64(s)} }
func isErrValue(v value) bool   { return v.K == vErrCode || v.K == vErrStatus || v.K == vErrClass }
func (v value) Is(c int64) bool { return v.K == vErrClass && v.I == c }

// errStatusScenario: the operation fails with an error carrying HTTP
// status code (a Kubernetes API error, an API client's error type).
func errStatusScenario(code int) scenario {
	return scenario{name: "error status " + itoa(code), Err: errStatus(code), Resp: value{K: vNil}, ok: boolVal(false)}
}

// errClassScenario: the operation fails with an error of class c.
func errClassScenario(c int64) scenario {
	return scenario{name: "error class " + itoa(int(c)), Err: errClass(c), Resp: value{K: vNil}, ok: boolVal(false)}
}

// outcomeCall evaluates the calls this file knows. ok is false for
// others.
func (ev *evaluator) outcomeCall(fn *types.Func, x *ast.CallExpr, e env) (value, bool) {
	if fn.Pkg() == nil {
		return value{}, false
	}
	arg := func(i int) value {
		if i < len(x.Args) {
			return ev.Eval(x.Args[i], e)
		}
		return unknown(0)
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		rt := sig.Recv().Type()
		switch {
		case fn.Name() == "Code" && isStatusType(rt):
			// st.Code() for st := status.Convert(err) or
			// st, ok := status.FromError(err).
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				if v := ev.Fi.LhsVar(sel.X); v != nil {
					if d := ev.Fi.M.VarDefOf(v); d != nil && d.Single() {
						if c, ok := ast.Unparen(d.Rhs).(*ast.CallExpr); ok {
							if f := typeutilCallee(ev.info(), c); f != nil && f.Pkg() != nil && isStatusFromError(f) && len(c.Args) == 1 {
								return grpcCodeOf(ev.Eval(c.Args[0], e)), true
							}
						}
					}
				}
			}
			return unknown(depOutcome), true
		case fn.Pkg().Path() == "context" && fn.Name() == "Err" && ev.Sc.liveAttemptCtx && ev.Fi.M.cancelOnlyCtx(ev.Fi.Body, x):
			// A failure does not call a cancel func (precision.go).
			return value{K: vNil}, true
		case fn.Pkg().Path() == "context" && fn.Name() == "Err" && ev.Pred:
			return value{K: vNil}, true
		case fn.Pkg().Path() == "context" && fn.Name() == "Err" && ev.Op != nil && ev.Sc.Err.K == vNil:
			// The operation returned without an error: it finished
			// within its context, which had not expired (decide_body.go).
			return value{K: vNil}, true
		case (fn.Name() == "Timeout" || fn.Name() == "Temporary") && (fn.Pkg().Path() == "net" || fn.Pkg().Path() == "net/url"):
			// A net.Error studied under an error-class scenario comes
			// from that error: certificate errors and the code's own
			// errors are neither timeouts nor temporary.
			if ev.Sc.Err.K == vErrClass || ev.asTargetOfClass(x, e) { // (astarget.go)
				return boolVal(false), true
			}
		}
		return value{}, false
	}
	switch knowledge.MarkerOf(fn.Pkg().Path() + "." + fn.Name()) {
	case knowledge.MarkPermanent:
		return errClass(errPermanent), true
	case knowledge.MarkRetryable:
		return errClass(errMarked), true
	case knowledge.MarkIsRecoverable:
		a := arg(0)
		if a.K == vNil || isErrValue(a) {
			return boolVal(!a.Is(errPermanent)), true
		}
		return unknown(a.Dep), true
	}
	if knowledge.IsStatusCodeFunc(fn.Pkg().Path() + "." + fn.Name()) {
		return grpcCodeOf(arg(0)), true
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "errors.As":
		a := arg(0)
		if len(x.Args) != 2 {
			return value{}, false
		}
		t := ev.info().TypeOf(x.Args[1])
		p, ok := t.(*types.Pointer)
		if !ok {
			return unknown(a.Dep), true
		}
		return asError(a, p.Elem()), true
	case "errors.Is":
		a := arg(0)
		if len(x.Args) == 2 && a.K == vInt && isErrorCode(ev.info().TypeOf(x.Args[0])) &&
			types.Identical(ev.info().TypeOf(x.Args[0]), ev.info().TypeOf(x.Args[1])) {
			// Two error codes of one type (errors.Is(resp.Err,
			// ErrNoError), errcode_success.go): equal codes match.
			if b := arg(1); b.K == vInt {
				return boolVal(a.I == b.I), true
			}
		}
		if a.K == vNil || isErrValue(a) {
			b := arg(1)
			if b.K == vNil {
				return boolVal(a.K == vNil), true
			}
			// Sentinels never match the abstract errors.
			return boolVal(false), true
		}
		return unknown(a.Dep), true
	case "errors.New":
		return errClass(errOther), true
	case "fmt.Errorf":
		if len(x.Args) > 0 {
			if tv, ok := ev.info().Types[x.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				if strings.Contains(constant.StringVal(tv.Value), "%w") {
					for _, a := range x.Args[1:] {
						if v := ev.Eval(a, e); isErrValue(v) {
							return v, true
						}
					}
				}
			}
		}
		return errClass(errOther), true
	case "slices.Contains":
		if len(x.Args) == 2 {
			if elems, ok := ev.ConstElems(x.Args[0]); ok {
				v := arg(1)
				if v.K != vInt {
					return unknown(v.Dep), true
				}
				for _, el := range elems {
					if el.K == vInt && el.I == v.I {
						return boolVal(true), true
					}
				}
				return boolVal(false), true
			}
		}
	}
	{
		if code, ok := knowledge.StatusClassifier(fn.Pkg().Path() + "." + fn.Name()); ok {
			a := arg(0)
			switch {
			case a.K == vErrStatus:
				return boolVal(a.I == int64(code)), true
			case a.K == vNil || isErrValue(a):
				return boolVal(false), true
			}
			return unknown(a.Dep), true
		}
	}
	return value{}, false
}

// grpcCodeOf is status.Code(err) for an abstract error.
//
// A failure's code is known under its scenario and marked as the
// outcome's (depOutcome): compared with a value the model cannot know
// (a code of a list the user sets, go-grpc-middleware v1's
// `code == errCode` over callOpts.codes), the unknown decision is the
// outcome's, not a setting's that holds for every code.
func grpcCodeOf(a value) value {
	switch a.K {
	case vNil:
		return intVal(0)
	case vErrCode:
		return value{K: vInt, I: a.I, Dep: depOutcome}
	case vErrStatus, vErrClass:
		return value{K: vInt, I: 2, Dep: depOutcome} // codes.Unknown: not a status error
	}
	return unknown(a.Dep)
}

// asError is errors.As(err, &target) (and the comma-ok type assertion)
// for an abstract error and the target's type.
func asError(a value, t types.Type) value {
	switch a.K {
	case vNil:
		return boolVal(false)
	case vErrClass:
		if a.I == errCert {
			return boolVal(matchesCertError(t))
		}
		return boolVal(isErrorType(t))
	case vErrCode:
		if isErrorType(t) {
			return boolVal(true)
		}
		if it, ok := t.Underlying().(*types.Interface); ok {
			for i := 0; i < it.NumMethods(); i++ {
				if it.Method(i).Name() == "GRPCStatus" {
					return boolVal(true)
				}
			}
		}
		return boolVal(false)
	case vErrStatus:
		return boolVal(isErrorType(t) || isStatusErrorType(t) || statusField(t) != nil)
	}
	return unknown(a.Dep)
}

// matchesCertError reports whether errors.As finds a target of type t in
// a certificate error returned by an HTTP client.
func matchesCertError(t types.Type) bool {
	switch {
	case isErrorType(t),
		isNamed(t, "net", "Error"),
		isNamed(t, "net/url", "Error"),
		isNamed(t, "crypto/tls", "CertificateVerificationError"),
		isNamed(t, "crypto/x509", "UnknownAuthorityError"),
		isNamed(t, "crypto/x509", "CertificateInvalidError"),
		isNamed(t, "crypto/x509", "HostnameError"):
		return true
	}
	return false
}

// tuple evaluates result i of a multi-valued right-hand side this file
// knows: comma-ok map lookups and type assertions, status.FromError,
// retryablehttp's policies.
func (ev *evaluator) tuple(rhs ast.Expr, i int, e env) (value, bool) {
	switch x := ast.Unparen(rhs).(type) {
	case *ast.IndexExpr:
		lit, ok := ev.Fi.M.ConstComposite(x.X)
		if !ok {
			return value{}, false
		}
		v, found, ok := ev.lookup(lit, x.Index, e)
		if !ok {
			return unknown(ev.Eval(x.Index, e).Dep), true
		}
		if i == 1 {
			return boolVal(found), true
		}
		return v, true
	case *ast.TypeAssertExpr:
		if i != 1 || x.Type == nil {
			return value{}, false
		}
		a := ev.Eval(x.X, e)
		return asError(a, ev.info().TypeOf(x.Type)), true
	case *ast.CallExpr:
		if v, ok := ev.handledSuccess(x, i, e); ok { // decide.go
			return v, true
		}
		if v, ok := ev.bodyReadResult(x, i, e); ok { // decide_body.go
			return v, true
		}
		fn := typeutilCallee(ev.info(), x)
		if fn == nil || fn.Pkg() == nil {
			return value{}, false
		}
		key := fn.Pkg().Path() + "." + fn.Name()
		if knowledge.PredicateOf(key) == knowledge.PredRetryableHTTPDefault {
			key = "retryablehttp default policy"
		}
		if _, withOK := knowledge.IsStatusFromError(key); withOK {
			key = "status from error"
		}
		switch key {
		case "status from error":
			if i != 1 || len(x.Args) != 1 {
				return value{}, false
			}
			a := ev.Eval(x.Args[0], e)
			switch a.K {
			case vNil, vErrCode:
				return boolVal(true), true
			case vErrStatus, vErrClass:
				return boolVal(false), true
			}
			return unknown(a.Dep), true
		case "retryablehttp default policy":
			if i != 0 || len(x.Args) != 3 {
				return value{}, false
			}
			return retryablehttpDefault(ev.Eval(x.Args[1], e), ev.Eval(x.Args[2], e)), true
		}
		if v, ok := ev.inlineResult(fn, x, i, e); ok { // decide.go
			return v, true
		}
	}
	return value{}, false
}

// retryablehttpDefault is go-retryablehttp's baseRetryPolicy (v0.7.8):
// errors are retried except certificate, redirect, scheme and header
// errors; responses 429 and 5xx but 501 are retried.
func retryablehttpDefault(resp, err value) value {
	switch {
	case err.K == vErrClass && err.I == errCert:
		return boolVal(false)
	case err.NonNil():
		return boolVal(true)
	case err.K == vNil && resp.K == vResp:
		c := resp.I
		return boolVal(c == 429 || c == 0 || c >= 500 && c != 501)
	}
	return unknown(err.Dep | resp.Dep)
}

// index evaluates m[k] and s[i] on a constant map or slice literal.
func (ev *evaluator) index(x *ast.IndexExpr, e env) value {
	lit, ok := ev.Fi.M.ConstComposite(x.X)
	if !ok {
		return unknown(ev.Eval(x.Index, e).Dep)
	}
	v, _, ok := ev.lookup(lit, x.Index, e)
	if !ok {
		return unknown(ev.Eval(x.Index, e).Dep)
	}
	return v
}

// lookup finds key in a map or slice literal. ok is false when the key
// or an entry cannot be evaluated.
func (ev *evaluator) lookup(lit *ast.CompositeLit, key ast.Expr, e env) (v value, found, ok bool) {
	k := ev.Eval(key, e)
	if k.K != vInt {
		return value{}, false, false
	}
	t := ev.info().TypeOf(lit)
	if t == nil {
		return value{}, false, false
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		for _, el := range lit.Elts {
			kv, isKV := el.(*ast.KeyValueExpr)
			if !isKV {
				return value{}, false, false
			}
			kk := ev.Eval(kv.Key, nil)
			if kk.K != vInt {
				return value{}, false, false
			}
			if kk.I == k.I {
				return ev.elemValue(kv.Value), true, true
			}
		}
		return zeroValue(u.Elem()), false, true
	case *types.Slice, *types.Array:
		elems, ok := ev.ConstElems(lit)
		if !ok || k.I < 0 || k.I >= int64(len(elems)) {
			return value{}, false, false
		}
		return elems[k.I], true, true
	}
	return value{}, false, false
}

func (ev *evaluator) elemValue(x ast.Expr) value {
	if cl, ok := ast.Unparen(x).(*ast.CompositeLit); ok && len(cl.Elts) == 0 {
		return value{K: vNonNil} // struct{}{}, {}
	}
	return ev.Eval(x, nil)
}

// constElems returns the elements of a constant slice or array literal
// (x itself or a variable that holds one).
func (ev *evaluator) ConstElems(x ast.Expr) ([]value, bool) {
	lit, ok := ev.Fi.M.ConstComposite(x)
	if !ok {
		return nil, false
	}
	var vs []value
	for _, el := range lit.Elts {
		if _, isKV := el.(*ast.KeyValueExpr); isKV {
			return nil, false
		}
		v := ev.Eval(el, nil)
		if !v.known() {
			return nil, false
		}
		vs = append(vs, v)
	}
	return vs, true
}

// constComposite returns the composite literal x is, or that the variable
// x names always holds: defined once with a literal and never assigned,
// indexed into, appended to or addressed anywhere in the package.
func (m *model) ConstComposite(x ast.Expr) (*ast.CompositeLit, bool) {
	switch y := ast.Unparen(x).(type) {
	case *ast.CompositeLit:
		return y, true
	case *ast.Ident:
		v, ok := m.info.Uses[y].(*types.Var)
		if !ok {
			return nil, false
		}
		d := m.VarDefOf(v)
		if d == nil || !d.Single() || d.mutated {
			return nil, false
		}
		lit, ok := ast.Unparen(d.Rhs).(*ast.CompositeLit)
		return lit, ok
	}
	return nil, false
}

// A varDef is what the package does to one variable.
type varDef struct {
	Rhs     ast.Expr // the defining expression, if there is exactly one
	Idx     int      // the result index when rhs is multi-valued
	n       int      // number of assignments (definitions included)
	mutated bool     // indexed into, addressed, deleted from
}

func (d *varDef) Single() bool { return d.n == 1 && d.Rhs != nil }

// varDefOf returns what the package does to v (nil if nothing seen).
func (m *model) VarDefOf(v *types.Var) *varDef {
	if m.Defs == nil {
		m.indexDefs()
	}
	return m.Defs[v]
}

func (m *model) indexDefs() {
	m.Defs = make(map[*types.Var]*varDef)
	get := func(x ast.Expr) (*varDef, bool) {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return nil, false
		}
		obj := m.info.Defs[id]
		if obj == nil {
			obj = m.info.Uses[id]
		}
		v, ok := obj.(*types.Var)
		if !ok {
			return nil, false
		}
		d := m.Defs[v]
		if d == nil {
			d = &varDef{}
			m.Defs[v] = d
		}
		return d, true
	}
	record := func(lhs []ast.Expr, rhs []ast.Expr, tok token.Token) {
		for i, l := range lhs {
			if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
				if d, ok := get(ix.X); ok {
					d.mutated = true
				}
				continue
			}
			d, ok := get(l)
			if !ok {
				continue
			}
			d.n++
			if tok != token.DEFINE && tok != token.ASSIGN && tok != token.VAR {
				d.Rhs = nil
				d.n++
				continue
			}
			switch {
			case len(lhs) == len(rhs):
				d.Rhs, d.Idx = rhs[i], 0
			case len(rhs) == 1:
				d.Rhs, d.Idx = rhs[0], i
			}
		}
	}
	typesx.Preorder(m.pass, defsNodes, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			record(n.Lhs, n.Rhs, n.Tok)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, name := range n.Names {
				lhs[i] = name
			}
			if len(n.Values) > 0 {
				record(lhs, n.Values, token.VAR)
			}
		case *ast.IncDecStmt:
			if d, ok := get(n.X); ok {
				d.n += 2
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if d, ok := get(n.X); ok {
					d.mutated = true
				}
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) > 0 {
				if b, ok := m.info.Uses[id].(*types.Builtin); ok && (b.Name() == "delete" || b.Name() == "clear") {
					if d, ok := get(n.Args[0]); ok {
						d.mutated = true
					}
				}
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if x != nil {
					if d, ok := get(x); ok {
						d.n += 2
					}
				}
			}
		}
	})
}

// defsNodes are the nodes indexDefs reads.
var defsNodes = []ast.Node{
	(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.IncDecStmt)(nil),
	(*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil), (*ast.RangeStmt)(nil),
}

// captureDeps is what a call of a function literal depends on through
// the variables it captures: an immediately called literal that reads
// the response decides from the outcome, though it takes no argument.
func (ev *evaluator) captureDeps(fun ast.Expr, e env) deps {
	var d deps
	ast.Inspect(ast.Unparen(fun), func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := ev.info().Uses[id].(*types.Var)
		if !ok || !(ev.Fi.Tracked[v] || ev.Fi.outcomes[v]) {
			return true
		}
		x := ev.Eval(id, e)
		d |= x.Dep
		if x.K == vResp || isErrValue(x) || x.NonNil() && x.Dep&depOutcome != 0 {
			d |= depOutcome
		}
		return true
	})
	return d &^ depVar
}

// isStatusType reports whether t is the gRPC status type of the tables
// (knowledge.IsStatusType), or a pointer to it.
func isStatusType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && knowledge.IsStatusType(n.Obj().Pkg().Path(), n.Obj().Name())
}

// isStatusFromError reports whether f converts an error into a gRPC
// status (knowledge.IsStatusFromError).
func isStatusFromError(f *types.Func) bool {
	ok, _ := knowledge.IsStatusFromError(f.Pkg().Path() + "." + f.Name())
	return ok
}

// isStatusErrorType reports whether t is an error type of the tables
// that carries an HTTP status (knowledge.IsStatusErrorType).
func isStatusErrorType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && knowledge.IsStatusErrorType(n.Obj().Pkg().Path(), n.Obj().Name())
}
