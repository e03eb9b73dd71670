package timeouts

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// A context kept in a field of the package (p.ctx) is what the package
// writes there. An object's lifetime context, made once in its
// constructor (ctx, cancel := context.WithCancel(context.Background());
// return &producer{ctx: ctx, cancel: cancel}), ends when the object is
// closed and never has a deadline: a retry given it is capped by nothing
// but Close. The model resolves the field through every write the
// package makes of it (Model.FieldWrites); the field has no deadline only
// when no write may give it one, and a write the model cannot follow (a
// parameter, a call) keeps it the caller's, as before. Only an unbounded
// site is held to it (lifetimeOnly).

// fieldCtx resolves a context read from a field of the package; ok is
// false when x is no such field or its writes are not all known.
func (r *tres) fieldCtx(x *ast.SelectorExpr) (ctxFact, bool) {
	if !r.ctxField(x) {
		return ctxFact{}, false
	}
	ws, ok := r.m.FieldWrites(r.m.info.Uses[x.Sel].(*types.Var))
	if !ok || len(ws) == 0 {
		return ctxFact{}, false
	}
	var f ctxFact
	for i, w := range ws {
		if w == nil {
			return ctxFact{}, false
		}
		g := r.ctx(w)
		if g.kind == ctxNone {
			return ctxFact{}, false
		}
		if i > 0 {
			g = mergeCtx(f, g)
		}
		f = g
	}
	if f.kind == ctxBack {
		f.desc, f.field = types.ExprString(x)+", set from "+f.desc, true
	}
	return f, true
}

// lifetimeOnly keeps a field's deadline-less context as the retry's
// context only for a site that nothing else ends: an unbounded one. A
// site with a count the model cannot read (a policy's GetMaxRetries(), a
// parameter) is ended by it long before the object closes, as a rule; its
// context is then left the caller's kind, and R-3 stays silent.
func lifetimeOnly(s *site.Site, f ctxFact) ctxFact {
	if f.field && f.kind == ctxBack && s.Bound.Kind != site.BoundUnbounded {
		return ctxFact{kind: ctxCaller}
	}
	return f
}

// ctxField reports whether x reads a context-typed field.
func (r *tres) ctxField(x *ast.SelectorExpr) bool {
	v, ok := r.m.info.Uses[x.Sel].(*types.Var)
	return ok && v.IsField() && IsContextType(v.Type())
}
