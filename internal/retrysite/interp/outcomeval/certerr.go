package outcomeval

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file gives a certificate error (ErrCert) the layers an HTTP
// client's error has, so that a test which looks at the wrong layer is
// read as it runs. Since Go 1.20 net/http returns
//
//	*url.Error{Err: *tls.CertificateVerificationError{Err: x509 error}}
//
// errors.As finds any of the three (MatchesCertError); a comma-ok type
// assertion sees only the outermost one. So the check that copies of an
// old go-retryablehttp policy still make,
//
//	if v, ok := err.(*url.Error); ok {
//		if _, ok := v.Err.(x509.UnknownAuthorityError); ok { return false }
//	}
//
// never matches: v.Err is the *tls.CertificateVerificationError
// (ErrCertInner), and the certificate error is retried.
//
// A test of the error's text (re.MatchString(err.Error()),
// strings.Contains(err.Error(), "x509")) is evaluated on the messages Go
// gives the certificate errors a client meets: an unknown authority, an
// expired certificate, a name mismatch, and the macOS verifier's "is not
// trusted". It decides when it says the same of every one; otherwise it
// is unknown (a test written for one platform's message).

// certMessages are the texts of ErrCertInner errors: the verification
// error's prefix and the x509 error's message.
var certMessages = []string{
	"tls: failed to verify certificate: x509: certificate signed by unknown authority",
	"tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2026-01-02T15:04:05Z is after 2026-01-01T00:00:00Z",
	"tls: failed to verify certificate: x509: certificate is valid for a.example.com, not b.example.com",
	"tls: failed to verify certificate: x509: “b.example.com” certificate is not trusted",
}

// urlErrorPrefix is what a *url.Error puts before its Err's message.
const urlErrorPrefix = `Get "https://b.example.com/v1/items": `

// certLayerMethods are the methods of each layer's type: a comma-ok
// assertion to an interface holds when the interface asks no other.
var certLayerMethods = map[int64][]string{
	ErrCert:      {"Error", "Unwrap", "Timeout", "Temporary"},
	ErrCertInner: {"Error", "Unwrap"},
}

// assertError is the comma-ok type assertion err.(T) for an abstract
// error: asError's answer, but for a certificate error only its
// outermost layer matches.
func assertError(a vals.Value, t types.Type) vals.Value {
	layer, ok := certLayer(a)
	if !ok {
		return asError(a, t)
	}
	if it, ok := t.Underlying().(*types.Interface); ok {
		for i := 0; i < it.NumMethods(); i++ {
			if !slices.Contains(certLayerMethods[layer], it.Method(i).Name()) {
				return vals.BoolVal(false)
			}
		}
		return vals.BoolVal(true)
	}
	if _, ptr := t.(*types.Pointer); !ptr {
		return vals.BoolVal(false) // the layers are pointers
	}
	if layer == ErrCert {
		return vals.BoolVal(typesx.IsNamed(t, "net/url", "Error"))
	}
	return vals.BoolVal(typesx.IsNamed(t, "crypto/tls", "CertificateVerificationError"))
}

// AssertError is assertError for the core's type switches.
func (ev Evaluator) AssertError(a vals.Value, t types.Type) vals.Value { return assertError(a, t) }

// assertedCert is the value v of v, ok := err.(T): the certificate
// error itself when the assertion holds. ok is false for other errors
// (their value is unknown).
func assertedCert(a vals.Value, t types.Type) (vals.Value, bool) {
	if _, ok := certLayer(a); !ok {
		return vals.Value{}, false
	}
	if assertError(a, t).IsTrue() {
		return a, true
	}
	if _, ptr := t.Underlying().(*types.Pointer); ptr || types.IsInterface(t) {
		return vals.Value{K: vals.VNil}, true // the zero value
	}
	return vals.Value{}, false
}

// certLayer returns the layer of a certificate error a.
func certLayer(a vals.Value) (int64, bool) {
	if a.Is(ErrCert) || a.Is(ErrCertInner) {
		return a.I, true
	}
	return 0, false
}

// certField evaluates x.Err on the *url.Error of a certificate error.
func (ev Evaluator) certField(x *ast.SelectorExpr, base vals.Value) (vals.Value, bool) {
	if !base.Is(ErrCert) || x.Sel.Name != "Err" || !typesx.IsNamed(ev.Info().TypeOf(x.X), "net/url", "Error") {
		return vals.Value{}, false
	}
	return errClass(ErrCertInner), true
}

// certText evaluates a test of a certificate error's text: x is
// re.MatchString(m), regexp.MatchString(pattern, m) or strings.Contains,
// HasPrefix or HasSuffix(m, s), with m the error's Error(). ok is false
// for other calls and other errors.
func (ev Evaluator) certText(fn *types.Func, x *ast.CallExpr, e vals.Env) (vals.Value, bool) {
	path := fn.Pkg().Path()
	if path != "regexp" && path != "strings" || len(x.Args) == 0 {
		return vals.Value{}, false // the common case, decided without a string built
	}
	key := path + "." + fn.Name()
	msgArg := 0
	if key == "regexp.MatchString" && !isMethod(fn) {
		msgArg = 1 // regexp.MatchString(pattern, m)
	}
	if msgArg >= len(x.Args) {
		return vals.Value{}, false
	}
	// The message first: the pattern is compiled only for a test of a
	// certificate error's text.
	layer, ok := ev.messageOf(x.Args[msgArg], e)
	if !ok {
		return vals.Value{}, false
	}
	var test func(msg string) bool
	switch key {
	case "regexp.MatchString":
		var re *regexp.Regexp
		if isMethod(fn) {
			re = ev.compiled(x.Fun)
		} else if pat := ev.constString(x.Args[0]); pat != "" {
			re, _ = regexp.Compile(pat)
		}
		if re == nil {
			return vals.Value{}, false
		}
		test = re.MatchString
	case "strings.Contains", "strings.HasPrefix", "strings.HasSuffix":
		sub := ev.constString(x.Args[len(x.Args)-1])
		if isMethod(fn) || len(x.Args) != 2 || sub == "" {
			return vals.Value{}, false
		}
		f := map[string]func(string, string) bool{"strings.Contains": strings.Contains, "strings.HasPrefix": strings.HasPrefix, "strings.HasSuffix": strings.HasSuffix}[key]
		test = func(msg string) bool { return f(msg, sub) }
	default:
		return vals.Value{}, false
	}
	matched := 0
	for _, m := range CertMessages(layer) {
		if test(m) {
			matched++
		}
	}
	switch matched {
	case 0:
		return vals.BoolVal(false), true
	case len(certMessages):
		return vals.BoolVal(true), true
	}
	return vals.Unknown(vals.DepOutcome), true
}

// messageOf returns the layer of the certificate error whose message m
// is.
func (ev Evaluator) messageOf(m ast.Expr, e vals.Env) (int64, bool) {
	v := ev.Eval(m, e)
	if v.K != vals.VStr || v.I == 0 {
		return 0, false
	}
	return v.I, true
}

// certMessage evaluates x.Error() on a certificate error: its message
// (a VStr of the error's class).
func (ev Evaluator) certMessage(x *ast.CallExpr, e vals.Env) (vals.Value, bool) {
	sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok || len(x.Args) != 0 || sel.Sel.Name != "Error" {
		return vals.Value{}, false
	}
	layer, ok := certLayer(ev.Eval(sel.X, e))
	if !ok {
		return vals.Value{}, false
	}
	return vals.Value{K: vals.VStr, I: layer}, true
}

// CertMessages returns the texts a certificate error of class layer may
// have.
func CertMessages(layer int64) []string {
	ms := make([]string, len(certMessages))
	for i, m := range certMessages {
		if layer == ErrCert {
			m = urlErrorPrefix + m
		}
		ms[i] = m
	}
	return ms
}

// compiled returns the regular expression a method value re.MatchString
// is called on: a variable the package sets once to
// regexp.MustCompile of a constant.
func (ev Evaluator) compiled(fun ast.Expr) *regexp.Regexp {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id := sel.X
	if s, ok := ast.Unparen(id).(*ast.SelectorExpr); ok {
		id = s.Sel // a package-qualified variable
	}
	ident, ok := ast.Unparen(id).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := ev.Info().Uses[ident].(*types.Var)
	if !ok {
		return nil
	}
	d := ev.VarDefOf(v)
	if d == nil || !d.Single() {
		return nil
	}
	call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	fn := typesx.Callee(ev.Info(), call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "regexp" || fn.Name() != "MustCompile" && fn.Name() != "Compile" {
		return nil
	}
	pat := ev.constString(call.Args[0])
	if pat == "" {
		return nil
	}
	re, _ := regexp.Compile(pat) // nil when pat does not compile
	return re
}

// constString returns the value of a constant string expression, or "".
func (ev Evaluator) constString(x ast.Expr) string {
	tv, ok := ev.Info().Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(tv.Value)
}

func isMethod(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil
}
