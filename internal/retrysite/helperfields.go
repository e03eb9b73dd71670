package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A retry helper given its settings in a struct (nats' retryWithBackoff(f,
// backoffOpts{attempts: c.cfg.MaxResetAttempts, ...})) is bounded by the
// caller's literal, as one given an integer is by the caller's constant:
// helperCalls binds the integer and bool fields of a struct parameter
// (interp's ParamField) to the values of the literal the call passes,
// directly or through a local defined once by it, a field the literal
// omits to its zero. A value the model cannot compute stays unbound.

// bindStructArg returns init with the fields of the helper's struct
// parameter p bound to those of the literal arg gives.
func (m *model) bindStructArg(fi *funcInfo, p *types.Var, arg ast.Expr, init env) env {
	lit := m.structLiteralOf(arg)
	if lit == nil {
		return init
	}
	st, ok := p.Type().Underlying().(*types.Struct)
	if !ok || !types.Identical(m.info.TypeOf(lit), p.Type()) {
		return init
	}
	given := make(map[*types.Var]ast.Expr)
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return init // a positional literal: not read
		}
		if k, ok := kv.Key.(*ast.Ident); ok {
			if f, ok := m.info.Uses[k].(*types.Var); ok {
				given[f] = kv.Value
			}
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		pv := fi.ParamField(p, f)
		if pv == nil {
			continue
		}
		x, set := given[f]
		if !set {
			if typesx.IsBool(f.Type()) {
				init = init.Set(pv, boolVal(false))
			} else {
				init = init.Set(pv, intVal(0))
			}
			continue
		}
		if v := (&evaluator{Fi: fi}).Eval(x, env{}); v.K == vInt || v.K == vBool {
			init = init.Set(pv, v)
		}
	}
	return init
}

// structLiteralOf returns the composite literal x is, or that a local x
// names is defined by when it is written nowhere else.
func (m *model) structLiteralOf(x ast.Expr) *ast.CompositeLit {
	x = ast.Unparen(x)
	if lit, ok := x.(*ast.CompositeLit); ok {
		return lit
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := m.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() != m.pkg {
		return nil
	}
	f := typesx.FileOf(m.pass.Files, v.Pos())
	if f == nil {
		return nil
	}
	body, _ := typesx.EnclosingBody(f, v.Pos())
	if body == nil {
		return nil
	}
	lit, _ := ast.Unparen(typesx.OnlyDefinition(m.info, body, v)).(*ast.CompositeLit)
	return lit
}

// boundByParams reports whether the loop of fb ends on a count compared
// with a field of a struct parameter (if opts.attempts > 0 && i >=
// opts.attempts-1 { break }) that init leaves unbound: the bound is then
// each call's (helperCalls), judged where the caller writes the value,
// not at the helper from the package's values of the field.
func (m *model) boundByParams(fb funcBody, fi *funcInfo, g *opGroup, init env, in scope) bool {
	if fb.obj == nil {
		return false
	}
	sig := fb.obj.Type().(*types.Signature)
	open, any := init, false
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		st, ok := p.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for j := 0; j < st.NumFields(); j++ {
			if pv := fi.ParamField(p, st.Field(j)); pv != nil {
				if _, bound := init.Get(pv); !bound {
					open, any = open.Set(pv, interp.Unknown(vals.DepVar)), true
				}
			}
		}
	}
	return any && fi.MaxRuns(g.set, open, nil, in, g.runScenario()).BoundDep
}
