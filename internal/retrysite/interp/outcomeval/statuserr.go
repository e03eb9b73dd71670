package outcomeval

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"golang.org/x/tools/go/cfg"
)

// This file models error types of the analysed code that carry an HTTP
// status in a field (type HTTPError struct{ StatusCode int }): an error
// built as &HTTPError{StatusCode: resp.StatusCode} carries the
// response's status, errors.As(err, &he) finds it in an error that
// carries a status, and he.StatusCode reads it back. Library error types
// with a status are known by name (k8s StatusError, outcomes_eval.go).

// statusFieldNames are the names of a field that holds an HTTP status.
// "Code" is not one: application error codes are named so too.
var statusFieldNames = map[string]bool{"StatusCode": true, "HTTPStatusCode": true, "HTTPStatus": true, "Status": true}

// StatusFieldName reports whether a field of that name holds an HTTP
// status (statusFieldNames).
func StatusFieldName(name string) bool { return statusFieldNames[name] }

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// StatusField returns the field of error type t (a named struct or a
// pointer to one that implements error) that holds an HTTP status: the
// one integer field with a status name. Nil if there is none or more
// than one.
func StatusField(t types.Type) *types.Var {
	if t == nil {
		return nil
	}
	if !types.Implements(t, errorIface) {
		if _, isPtr := t.(*types.Pointer); isPtr || !types.Implements(types.NewPointer(t), errorIface) {
			return nil
		}
	}
	base := t
	if p, ok := t.(*types.Pointer); ok {
		base = p.Elem()
	}
	if _, ok := types.Unalias(base).(*types.Named); !ok {
		return nil
	}
	st, ok := base.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var found *types.Var
	for f := range st.Fields() {
		if !typesx.IsInteger(f.Type()) || !statusFieldNames[f.Name()] {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}

// statusLit evaluates a composite literal of an error type with a status
// field (&HTTPError{StatusCode: resp.StatusCode}): an error carrying the
// status when the field's vals.Value is known, ok false otherwise.
func (ev Evaluator) StatusLit(x ast.Expr, e vals.Env) (vals.Value, bool) {
	lit, ok := ast.Unparen(x).(*ast.CompositeLit)
	if !ok {
		return vals.Value{}, false
	}
	f := StatusField(ev.Info().TypeOf(lit))
	if f == nil {
		return vals.Value{}, false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok && typesx.IsIdent(kv.Key, f.Name()) {
			v := ev.Eval(kv.Value, e)
			if v.K == vals.VInt {
				return errStatus(int(v.I)), true
			}
			return vals.Unknown(v.Dep), true
		}
	}
	return vals.Value{}, false
}

// statusSelect reads the status field of an error that carries a
// status (he.StatusCode after errors.As(err, &he)).
func (ev Evaluator) StatusSelect(x *ast.SelectorExpr, base vals.Value) (vals.Value, bool) {
	if v, ok := ev.certField(x, base); ok { // certerr.go
		return v, true
	}
	if base.K != vals.VErrStatus {
		return vals.Value{}, false
	}
	f, ok := ev.Info().Uses[x.Sel].(*types.Var)
	if !ok || !f.IsField() || StatusField(ev.Info().TypeOf(x.X)) != f {
		return vals.Value{}, false
	}
	return vals.IntVal(base.I), true
}

// narrowAs binds the target of errors.As(err, &target) to the error when
// the walk takes the branch of block b on which it matched.
func (ev Evaluator) NarrowAs(b *cfg.Block, e vals.Env) vals.Env {
	if len(b.Nodes) == 0 {
		return e
	}
	if x, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr); ok {
		return ev.narrowAsExpr(x, e)
	}
	return e
}

// narrowAsExpr binds the target of errors.As when condition x, true, is
// errors.As(err, &target) (on the right of && too).
func (ev Evaluator) narrowAsExpr(x ast.Expr, e vals.Env) vals.Env {
	v, errx := typesx.AsTarget(ev.Info(), x)
	if v == nil || !ev.OutcomeVar(v) {
		return e
	}
	if a := ev.Eval(errx, e); a.K == vals.VErrStatus && StatusField(v.Type()) != nil {
		return e.Set(v, a)
	}
	return e
}
