package outcomeval

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/analysis"
)

// This file teaches the evaluator the outcome values are
// about: errors that carry a gRPC code (status.Code, status.FromError,
// st.Code()), errors that carry an HTTP status (k8s apierrors.IsNotFound
// and friends), TLS certificate errors (errors.As, type assertions,
// net.Error's Timeout), errors marked permanent or retryable by a retry
// library, and the lookups that reduce a decision to a set of codes:
// maps and slices of constants (retryable[code], slices.Contains(codes,
// c)).

// Classes of vals.VErrClass errors.
const (
	// ErrCert is a TLS certificate error as an HTTP client returns it:
	// a *url.Error wrapping a *tls.CertificateVerificationError that
	// wraps an x509 error. It is a net.Error, neither a timeout nor
	// temporary.
	ErrCert int64 = iota + 1
	// ErrOther is an error the code made itself (fmt.Errorf,
	// errors.New) or one that matches no type or sentinel the
	// decision tests.
	ErrOther
	// ErrPermanent is an error marked not to be retried:
	// backoff.Permanent, retry.Unrecoverable.
	ErrPermanent
	// ErrMarked is an error marked to be retried:
	// sethvargo's retry.RetryableError.
	ErrMarked
	// ErrCertInner is the *tls.CertificateVerificationError a
	// certificate error's *url.Error wraps: its Err field, what
	// errors.Unwrap returns (certerr.go).
	ErrCertInner
	// ErrCertLoose is a certificate error whose layers are not known:
	// one returned by an operation that is no net/http client send (a
	// RoundTrip, a dial, a helper of another shape). errors.As and type
	// assertions find any certificate type in it, as in ErrCert before
	// certerr.go gave that its layers.
	ErrCertLoose
)

func errClass(c int64) vals.Value { return vals.Value{K: vals.VErrClass, I: c} }
func errStatus(s int) vals.Value  { return vals.Value{K: vals.VErrStatus, I: int64(s)} }

// notYet reports whether x names an error value of the standard library
// that says "no data yet" (knowledge.IsNotYetError: io.ErrNoProgress).
func notYet(info *types.Info, x ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		id = x.Sel
	case *ast.Ident:
		id = x
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Pkg() != nil && knowledge.IsNotYetError(v.Pkg().Path(), v.Name())
}

func IsErrValue(v vals.Value) bool {
	return v.K == vals.VErrCode || v.K == vals.VErrStatus || v.K == vals.VErrClass
}

// ErrStatusScenario: the operation fails with an error carrying HTTP
// status code (a Kubernetes API error, an API client's error type).
func ErrStatusScenario(code int) vals.Scenario {
	return vals.Scenario{Name: "error status " + strconv.Itoa(code), Err: errStatus(code), Resp: vals.Value{K: vals.VNil}, OK: vals.BoolVal(false)}
}

// ErrClassScenario: the operation fails with an error of class c.
func ErrClassScenario(c int64) vals.Scenario {
	return vals.Scenario{Name: "error class " + strconv.Itoa(int(c)), Err: errClass(c), Resp: vals.Value{K: vals.VNil}, OK: vals.BoolVal(false)}
}

// outcomeCall evaluates the calls this file knows. ok is false for
// others.
func (ev Evaluator) OutcomeCall(fn *types.Func, x *ast.CallExpr, e vals.Env) (vals.Value, bool) {
	if v, ok := ev.certMessage(x, e); ok { // certerr.go: err.Error(), the universe's method too
		return v, true
	}
	if fn.Pkg() == nil {
		return vals.Value{}, false
	}
	arg := func(i int) vals.Value {
		if i < len(x.Args) {
			return ev.Eval(x.Args[i], e)
		}
		return vals.Unknown(0)
	}
	if v, ok := ev.certText(fn, x, e); ok { // certerr.go
		return v, true
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		rt := sig.Recv().Type()
		switch {
		case fn.Name() == "Code" && isStatusType(rt):
			// st.Code() for st := status.Convert(err) or
			// st, ok := status.FromError(err).
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				if v := typesx.VarOf(ev.Info(), sel.X); v != nil {
					if d := ev.VarDefOf(v); d != nil && d.Single() {
						if c, ok := ast.Unparen(d.Rhs).(*ast.CallExpr); ok {
							if f := typesx.Callee(ev.Info(), c); f != nil && f.Pkg() != nil && isStatusFromError(f) && len(c.Args) == 1 {
								return grpcCodeOf(ev.Eval(c.Args[0], e)), true
							}
						}
					}
				}
			}
			return vals.Unknown(vals.DepOutcome), true
		case fn.Name() == "Unwrap" && typesx.IsNamed(rt, "net/url", "Error"):
			// ue.Unwrap() on a certificate error's *url.Error
			// (certerr.go).
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && ev.Eval(sel.X, e).Is(ErrCert) {
				return errClass(ErrCertInner), true
			}
		case fn.Pkg().Path() == "context" && fn.Name() == "Err":
			// A failure does not call a cancel func (notretry's
			// precision.go); a predicate's context is live; an operation
			// that returned without an error finished within its
			// context, which had not expired (interp's decide_body.go).
			// Nor had it when the failure is one that says nothing of
			// the context (a certificate error, a status).
			if ev.Scenario().LiveAttemptCtx && ev.CancelOnlyCtx(x) || ev.Pred() || ev.Op() != nil && LiveCtx(ev.Scenario()) {
				return vals.Value{K: vals.VNil}, true
			}
		case (fn.Name() == "Timeout" || fn.Name() == "Temporary") && (fn.Pkg().Path() == "net" || fn.Pkg().Path() == "net/url"):
			// A net.Error studied under an error-class vals.Scenario comes
			// from that error: certificate errors and the code's own
			// errors are neither timeouts nor temporary.
			if ev.Scenario().Err.K == vals.VErrClass || ev.asTargetOfClass(x, e) { // (astarget.go)
				return vals.BoolVal(false), true
			}
		}
		return vals.Value{}, false
	}
	key := ev.FuncKey(fn)
	switch knowledge.MarkerOf(key) {
	case knowledge.MarkPermanent:
		return errClass(ErrPermanent), true
	case knowledge.MarkRetryable:
		return errClass(ErrMarked), true
	case knowledge.MarkIsRecoverable:
		a := arg(0)
		if a.K == vals.VNil || IsErrValue(a) {
			return vals.BoolVal(!a.Is(ErrPermanent)), true
		}
		return vals.Unknown(a.Dep), true
	}
	if knowledge.IsStatusCodeFunc(key) {
		return grpcCodeOf(arg(0)), true
	}
	switch key {
	case "errors.As":
		a := arg(0)
		if len(x.Args) != 2 {
			return vals.Value{}, false
		}
		t := ev.Info().TypeOf(x.Args[1])
		p, ok := t.(*types.Pointer)
		if !ok {
			return vals.Unknown(a.Dep), true
		}
		return asError(a, p.Elem()), true
	case "errors.Is":
		a := arg(0)
		if a.K == vals.VNonNil && a.Dep&vals.DepOutcome != 0 && len(x.Args) == 2 && notYet(ev.Info(), x.Args[1]) {
			return vals.BoolVal(false), true // a failure is no "no data yet"
		}
		if len(x.Args) == 2 && a.K == vals.VInt && isErrorCode(ev.Info().TypeOf(x.Args[0])) &&
			types.Identical(ev.Info().TypeOf(x.Args[0]), ev.Info().TypeOf(x.Args[1])) {
			// Two error codes of one type (errors.Is(resp.Err,
			// ErrNoError), errcode_success.go): equal codes match.
			if b := arg(1); b.K == vals.VInt {
				return vals.BoolVal(a.I == b.I), true
			}
		}
		if a.K == vals.VNil || IsErrValue(a) {
			b := arg(1)
			if b.K == vals.VNil {
				return vals.BoolVal(a.K == vals.VNil), true
			}
			// Sentinels never match the abstract errors.
			return vals.BoolVal(false), true
		}
		return vals.Unknown(a.Dep), true
	case "errors.New":
		return errClass(ErrOther), true
	case "errors.Unwrap":
		if a := arg(0); a.Is(ErrCert) {
			return errClass(ErrCertInner), true
		}
	case "fmt.Errorf":
		if len(x.Args) > 0 {
			if tv, ok := ev.Info().Types[x.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				if strings.Contains(constant.StringVal(tv.Value), "%w") {
					for _, a := range x.Args[1:] {
						if v := ev.Eval(a, e); IsErrValue(v) {
							return v, true
						}
					}
				}
			}
		}
		return errClass(ErrOther), true
	case "slices.Contains", "slices.Index":
		if len(x.Args) == 2 {
			if l, ok := ev.ElemAlts(x.Args[0]); ok {
				test := Contains
				if key == "slices.Index" {
					test = Index
				}
				return ev.Member(l, arg(1), test), true
			}
		}
	}
	if code, ok := knowledge.StatusClassifier(key); ok {
		a := arg(0)
		switch {
		case a.K == vals.VErrStatus:
			return vals.BoolVal(a.I == int64(code)), true
		case a.K == vals.VNil || IsErrValue(a):
			return vals.BoolVal(false), true
		}
		return vals.Unknown(a.Dep), true
	}
	return vals.Value{}, false
}

// grpcCodeOf is status.Code(err) for an abstract error.
//
// A failure's code is known under its vals.Scenario and marked as the
// outcome's (vals.DepOutcome): compared with a vals.Value the model cannot know
// (a code of a list the user sets, go-grpc-middleware v1's
// `code == errCode` over callOpts.codes), the unknown decision is the
// outcome's, not a setting's that holds for every code.
func grpcCodeOf(a vals.Value) vals.Value {
	switch a.K {
	case vals.VNil:
		return vals.IntVal(0)
	case vals.VErrCode:
		return vals.Value{K: vals.VInt, I: a.I, Dep: vals.DepOutcome}
	case vals.VErrStatus, vals.VErrClass:
		return vals.Value{K: vals.VInt, I: 2, Dep: vals.DepOutcome} // codes.Unknown: not a status error
	}
	return vals.Unknown(a.Dep)
}

// asError is errors.As(err, &target) (and the comma-ok type assertion)
// for an abstract error and the target's type.
func asError(a vals.Value, t types.Type) vals.Value {
	switch a.K {
	case vals.VNil:
		return vals.BoolVal(false)
	case vals.VErrClass:
		switch a.I {
		case ErrCert, ErrCertLoose:
			return vals.BoolVal(MatchesCertError(t))
		case ErrCertInner:
			return vals.BoolVal(MatchesCertError(t) && !typesx.IsNamed(t, "net", "Error") && !typesx.IsNamed(t, "net/url", "Error"))
		}
		return vals.BoolVal(typesx.IsErrorIface(t))
	case vals.VErrCode:
		if typesx.IsErrorIface(t) {
			return vals.BoolVal(true)
		}
		if it, ok := t.Underlying().(*types.Interface); ok {
			for i := 0; i < it.NumMethods(); i++ {
				if it.Method(i).Name() == "GRPCStatus" {
					return vals.BoolVal(true)
				}
			}
		}
		return vals.BoolVal(false)
	case vals.VErrStatus:
		return vals.BoolVal(typesx.IsErrorIface(t) || isStatusErrorType(t) || StatusField(t) != nil)
	}
	// Which type an error the model does not know has is a question
	// about the outcome, not a setting (inspect(err).(x509.X)).
	return vals.Unknown(a.Dep | vals.DepOutcome)
}

// MatchesCertError reports whether errors.As finds a target of type t in
// a certificate error returned by an HTTP client.
func MatchesCertError(t types.Type) bool {
	switch {
	case typesx.IsErrorIface(t),
		typesx.IsNamed(t, "net", "Error"),
		typesx.IsNamed(t, "net/url", "Error"),
		typesx.IsNamed(t, "crypto/tls", "CertificateVerificationError"),
		typesx.IsNamed(t, "crypto/x509", "UnknownAuthorityError"),
		typesx.IsNamed(t, "crypto/x509", "CertificateInvalidError"),
		typesx.IsNamed(t, "crypto/x509", "HostnameError"):
		return true
	}
	return false
}

// tuple evaluates result i of a multi-valued right-hand side this file
// knows: comma-ok map lookups and type assertions, status.FromError,
// retryablehttp's policies.
func (ev Evaluator) Tuple(rhs ast.Expr, i int, e vals.Env) (vals.Value, bool) {
	switch x := ast.Unparen(rhs).(type) {
	case *ast.IndexExpr:
		lit, ok := ConstComposite(ev.Ev, x.X)
		if !ok {
			return vals.Value{}, false
		}
		v, found, ok := ev.lookup(lit, x.Index, e)
		if !ok {
			return vals.Unknown(ev.Eval(x.Index, e).Dep), true
		}
		if i == 1 {
			return vals.BoolVal(found), true
		}
		return v, true
	case *ast.TypeAssertExpr:
		if x.Type == nil {
			return vals.Value{}, false
		}
		a, t := ev.Eval(x.X, e), ev.Info().TypeOf(x.Type)
		if i == 0 {
			return assertedCert(a, t) // certerr.go
		}
		if i != 1 {
			return vals.Value{}, false
		}
		return assertError(a, t), true // certerr.go
	case *ast.CallExpr:
		if v, ok := ev.HandledSuccess(x, i, e); ok { // interp's decide.go
			return v, true
		}
		if v, ok := ev.BodyReadResult(x, i, e); ok { // interp's decide_body.go
			return v, true
		}
		fn := ev.Callee(x)
		if fn == nil {
			return ev.InlineResult(nil, x, i, e) // a func value: interp's iife.go
		}
		if fn.Pkg() == nil {
			return vals.Value{}, false
		}
		key := ev.FuncKey(fn)
		_, withOK := knowledge.IsStatusFromError(key)
		switch {
		case withOK:
			if i != 1 || len(x.Args) != 1 {
				return vals.Value{}, false
			}
			a := ev.Eval(x.Args[0], e)
			switch a.K {
			case vals.VNil, vals.VErrCode:
				return vals.BoolVal(true), true
			case vals.VErrStatus, vals.VErrClass:
				return vals.BoolVal(false), true
			}
			return vals.Unknown(a.Dep), true
		case knowledge.PredicateOf(key) == knowledge.PredHTTPDefaultPolicy:
			if i != 0 || len(x.Args) != 3 {
				return vals.Value{}, false
			}
			return HTTPDefaultPolicy(ev.Eval(x.Args[1], e), ev.Eval(x.Args[2], e)), true
		}
		if v, ok := ev.InlineResult(fn, x, i, e); ok { // interp's decide.go
			return v, true
		}
	}
	return vals.Value{}, false
}

// HTTPDefaultPolicy is the predicate knowledge.PredHTTPDefaultPolicy:
// errors are retried except certificate, redirect, scheme and header
// errors; responses 429 and 5xx but 501 are retried.
func HTTPDefaultPolicy(resp, err vals.Value) vals.Value {
	switch {
	case err.K == vals.VErrClass && (err.I == ErrCert || err.I == ErrCertLoose):
		return vals.BoolVal(false)
	case err.NonNil():
		return vals.BoolVal(true)
	case err.K == vals.VNil && resp.K == vals.VResp:
		c := resp.I
		return vals.BoolVal(c == 429 || c == 0 || c >= 500 && c != 501)
	}
	return vals.Unknown(err.Dep | resp.Dep)
}

// index evaluates m[k] and s[i] on a constant map or slice literal.
func (ev Evaluator) Index(x *ast.IndexExpr, e vals.Env) vals.Value {
	if lit, ok := ConstComposite(ev.Ev, x.X); ok {
		if v, _, ok := ev.lookup(lit, x.Index, e); ok {
			return v
		}
	}
	return vals.Unknown(ev.Eval(x.Index, e).Dep)
}

// lookup finds key in a map or slice literal. ok is false when the key
// or an entry cannot be evaluated.
func (ev Evaluator) lookup(lit *ast.CompositeLit, key ast.Expr, e vals.Env) (v vals.Value, found, ok bool) {
	k := ev.Eval(key, e)
	if k.K != vals.VInt {
		return vals.Value{}, false, false
	}
	t := ev.Info().TypeOf(lit)
	if t == nil {
		return vals.Value{}, false, false
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		for _, el := range lit.Elts {
			kv, isKV := el.(*ast.KeyValueExpr)
			if !isKV {
				return vals.Value{}, false, false
			}
			kk := ev.Eval(kv.Key, vals.Env{})
			if kk.K != vals.VInt {
				return vals.Value{}, false, false
			}
			if kk.I == k.I {
				return ev.elemValue(kv.Value), true, true
			}
		}
		return vals.Zero(u.Elem()), false, true
	case *types.Slice, *types.Array:
		elems, ok := ev.ConstElems(lit)
		if !ok || k.I < 0 || k.I >= int64(len(elems)) {
			return vals.Value{}, false, false
		}
		return elems[k.I], true, true
	}
	return vals.Value{}, false, false
}

func (ev Evaluator) elemValue(x ast.Expr) vals.Value {
	if cl, ok := ast.Unparen(x).(*ast.CompositeLit); ok && len(cl.Elts) == 0 {
		return vals.Value{K: vals.VNonNil} // struct{}{}, {}
	}
	return ev.Eval(x, vals.Env{})
}

// constElems returns the elements of a constant slice or array literal
// (x itself or a variable that holds one).
func (ev Evaluator) ConstElems(x ast.Expr) ([]vals.Value, bool) {
	lit, ok := ConstComposite(ev.Ev, x)
	if !ok {
		return nil, false
	}
	var vs []vals.Value
	for _, el := range lit.Elts {
		if _, isKV := el.(*ast.KeyValueExpr); isKV {
			return nil, false
		}
		v := ev.Eval(el, vals.Env{})
		if !v.Known() {
			return nil, false
		}
		vs = append(vs, v)
	}
	return vs, true
}

// ConstComposite returns the composite literal x is, or that the variable
// x names always holds: defined once with a literal and never assigned,
// indexed into, appended to or addressed anywhere in the package p; for a
// field or a package variable, the one literal the value index finds the
// package gives it (Pkg.IndexedComposite: a default the user may replace,
// only ever read in place).
func ConstComposite(p Pkg, x ast.Expr) (*ast.CompositeLit, bool) {
	switch y := ast.Unparen(x).(type) {
	case *ast.CompositeLit:
		return y, true
	case *ast.Ident:
		v, ok := p.Info().Uses[y].(*types.Var)
		if !ok {
			return nil, false
		}
		d := p.VarDefOf(v)
		if d == nil || !d.Single() || d.mutated {
			if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				// A package variable set elsewhere too: the value
				// index may know its one literal.
				return p.IndexedComposite(v)
			}
			return nil, false
		}
		lit, ok := ast.Unparen(d.Rhs).(*ast.CompositeLit)
		return lit, ok
	case *ast.SelectorExpr:
		// A field (c.retryOnStatus) or another package's variable:
		// the one literal the package gives it, if any.
		if v, ok := p.Info().Uses[y.Sel].(*types.Var); ok {
			return p.IndexedComposite(v)
		}
	}
	return nil, false
}

// A VarDef is what the package does to one variable.
type VarDef struct {
	Rhs     ast.Expr // the defining expression, if there is exactly one
	Idx     int      // the result index when rhs is multi-valued
	n       int      // number of assignments (definitions included)
	mutated bool     // indexed into, addressed, deleted from
}

// Single reports whether the variable is assigned once, by Rhs.
func (d *VarDef) Single() bool { return d.n == 1 && d.Rhs != nil }

// Mutated reports whether the variable is indexed into, addressed or
// deleted from.
func (d *VarDef) Mutated() bool { return d.mutated }

// Defs indexes what the package does to each variable.
type Defs map[*types.Var]*VarDef

// IndexDefs builds the definition index of the package pass analyses,
// read with info; the core builds it on first use (its VarDefOf).
func IndexDefs(pass *analysis.Pass, info *types.Info) Defs {
	defs := make(Defs)
	get := func(x ast.Expr) (*VarDef, bool) {
		v, ok := info.ObjectOf(typesx.IdentOf(x)).(*types.Var)
		if !ok {
			return nil, false
		}
		d := defs[v]
		if d == nil {
			d = &VarDef{}
			defs[v] = d
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
	typesx.Preorder(pass, defsNodes, func(n ast.Node) {
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
				if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "delete" || b.Name() == "clear") {
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
	return defs
}

// defsNodes are the nodes indexDefs reads.
var defsNodes = []ast.Node{
	(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.IncDecStmt)(nil),
	(*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil), (*ast.RangeStmt)(nil),
}

// captureDeps is what a call of a function literal depends on through
// the variables it captures: an immediately called literal that reads
// the response decides from the outcome, though it takes no argument.
func (ev Evaluator) CaptureDeps(fun ast.Expr, e vals.Env) vals.Deps {
	var d vals.Deps
	ast.Inspect(ast.Unparen(fun), func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := ev.Info().Uses[id].(*types.Var)
		if !ok || !ev.Studied(v) {
			return true
		}
		x := ev.Eval(id, e)
		d |= x.Dep
		if x.K == vals.VResp || IsErrValue(x) || x.NonNil() && x.Dep&vals.DepOutcome != 0 {
			d |= vals.DepOutcome
		}
		return true
	})
	return d &^ vals.DepVar
}

// isStatusType reports whether t is the gRPC status type of the tables
// (knowledge.IsStatusType), or a pointer to it.
func isStatusType(t types.Type) bool { return namedIn(t, knowledge.IsStatusType) }

// namedIn reports whether t, or what it points to, is a named type the
// table in (a knowledge lookup by package path and name) holds.
func namedIn(t types.Type, in func(path, name string) bool) bool {
	n, ok := types.Unalias(typesx.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && in(n.Obj().Pkg().Path(), n.Obj().Name())
}

// isStatusFromError reports whether f converts an error into a gRPC
// status (knowledge.IsStatusFromError).
func isStatusFromError(f *types.Func) bool {
	ok, _ := knowledge.IsStatusFromError(f.Pkg().Path() + "." + f.Name())
	return ok
}

// isStatusErrorType reports whether t is an error type of the tables
// that carries an HTTP status (knowledge.IsStatusErrorType).
func isStatusErrorType(t types.Type) bool { return namedIn(t, knowledge.IsStatusErrorType) }

// LiveCtx reports whether the context of an operation was live when it
// came back with sc's outcome: it returned without an error, or with one
// whose cause is not its context (vals.Value.NotFromContext).
func LiveCtx(sc *vals.Scenario) bool {
	return sc.Err.K == vals.VNil || sc.Err.NotFromContext(ErrCert)
}
