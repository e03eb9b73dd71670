package interp

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Fields of a struct parameter, bound by a caller.
//
// A retry helper may take its settings in a struct (nats'
// retryWithBackoff(f, opts backoffOpts), its loop ending when
// opts.attempts > 0 && i >= opts.attempts-1). Its bound then depends on
// the fields of the caller's literal, as a helper's bound on an integer
// parameter depends on the caller's constant (retrysite's helperCalls).
// ParamField gives an integer or bool field of a struct parameter a
// variable of its own, which the caller's binding sets in the initial
// environment, and which the evaluator reads for p.f. Only fields the
// helper never writes (p.f = ..., p.f++, &p, &p.f) are given one: their
// value is the caller's all through the body. Unbound, such a field is
// zero when the package never sets it (valueindex's ZeroField: zero for
// every caller), and otherwise read as any field is, from what the
// package writes to it (an exported Options field's default).

type paramField struct{ p, f *types.Var }

// ParamField returns the variable that stands for field f of fi's struct
// parameter p, or nil when p is no such parameter or fi writes p.f.
func (fi *FuncInfo) ParamField(p, f *types.Var) *types.Var {
	k := paramField{p, f}
	if v, ok := fi.paramFields[k]; ok {
		return v
	}
	if fi.paramFields == nil {
		fi.paramFields = make(map[paramField]*types.Var)
	}
	fi.paramFields[k] = nil
	if !bodyscan.IsParam(fi.M.info, fi.typ, p) || !IsIntegerOrBool(f.Type()) || !isStruct(p.Type()) ||
		bodyscan.WritesField(fi.M.info, fi.Body, p, f) {
		return nil
	}
	v := types.NewVar(p.Pos(), p.Pkg(), p.Name()+"."+f.Name(), f.Type())
	fi.paramFields[k] = v
	return v
}

// boundField returns the value of the selector sf describes when it
// reads a field of a struct parameter (ParamField): the caller's binding, or zero when no write of the
// package sets it. Unbound and set somewhere, it is not decided here: the
// evaluator reads the field as any other, from the package-wide index of
// its writes (the package's default of a field the user can change,
// valueindex).
func (ev *Evaluator) boundField(sf selFact, e Env) (Value, bool) {
	v := sf.param // ParamField of the selector's parameter and field (nodefacts.go)
	if v == nil {
		return Value{}, false
	}
	if val, ok := e.Get(v); ok {
		return val, true
	}
	f := sf.field
	if ev.Fi.M.ix != nil && ev.Fi.M.ix.ZeroField(f) {
		// No write of the package sets it: zero for every caller.
		if typesx.IsBool(f.Type()) {
			return BoolVal(false), true
		}
		return IntVal(0), true
	}
	return Value{}, false
}
