package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Package outcomeval holds the outcome values the evaluator knows (error
// classes, codes and statuses, errors.As, the definition index, constant
// lookups). It reads an evaluator through outcomeval.Ev, which evHost
// implements, and the model through outcomeval.Pkg (Info, VarDefOf); the
// evaluator calls it under the names below.

type evHost struct{ ev *Evaluator }

func (h evHost) Info() *types.Info                        { return h.ev.Fi.M.info }
func (h evHost) VarDefOf(v *types.Var) *outcomeval.VarDef { return h.ev.Fi.M.VarDefOf(v) }
func (h evHost) IndexedComposite(v *types.Var) (*ast.CompositeLit, bool) {
	return h.ev.Fi.M.IndexedComposite(v)
}
func (h evHost) ListPick(v *types.Var, n int) (int, bool) { return h.ev.Fi.M.ListPick(v, n) }
func (h evHost) Eval(x ast.Expr, e Env) Value             { return h.ev.Eval(x, e) }
func (h evHost) Scenario() *Scenario                      { return &h.ev.Sc }
func (h evHost) Op() map[*ast.CallExpr]bool               { return h.ev.Op }
func (h evHost) Pred() bool                               { return h.ev.Pred }
func (h evHost) Body() *ast.BlockStmt                     { return h.ev.Fi.Body }
func (h evHost) BodyStart() token.Pos                     { return h.ev.Fi.bodyStart() }
func (h evHost) NamedResult(v *types.Var) bool            { return h.ev.Fi.namedResult(v) }
func (h evHost) Assigns(v *types.Var) []ast.Expr          { return h.ev.Fi.assigns[v] }
func (h evHost) Studied(v *types.Var) bool                { return h.ev.Fi.Tracked[v] || h.ev.Fi.outcomes[v] }
func (h evHost) OutcomeVar(v *types.Var) bool             { return h.ev.Fi.outcomes[v] }
func (h evHost) LocalVar(x ast.Expr) *types.Var           { return h.ev.Fi.M.LocalVar(x) }
func (h evHost) CancelOnlyCtx(call *ast.CallExpr) bool {
	return h.ev.Fi.M.host.CancelOnlyCtx(h.ev.Fi.Body, call)
}
func (h evHost) HandledSuccess(c *ast.CallExpr, i int, e Env) (Value, bool) {
	return h.ev.handledSuccess(c, i, e)
}
func (h evHost) BodyReadResult(c *ast.CallExpr, i int, e Env) (Value, bool) {
	return h.ev.bodyReadResult(c, i, e)
}
func (h evHost) InlineResult(fn *types.Func, c *ast.CallExpr, i int, e Env) (Value, bool) {
	return h.ev.inlineResult(fn, c, i, e)
}

func (h evHost) MethodSyntax(fn *types.Func) *ast.FuncDecl { return h.ev.Fi.M.host.MethodSyntax(fn) }
func (h evHost) CarriedError(t types.Type) *types.Var      { return h.ev.Fi.M.carried.Of(t) }
func (h evHost) FuncKey(fn *types.Func) string             { return h.ev.Fi.M.funcKey(fn) }
func (h evHost) Callee(call *ast.CallExpr) *types.Func     { return h.ev.Fi.callFact(call).fn }

func (ev *Evaluator) out() outcomeval.Evaluator { return outcomeval.Of(evHost{ev}) }

// ConstElems returns the elements of a constant slice or array literal
// (x itself or a variable that holds one).
func (ev *Evaluator) ConstElems(x ast.Expr) ([]Value, bool) { return ev.out().ConstElems(x) }

// VarDefOf returns what the package does to v (nil if nothing seen),
// indexing the package on first use.
func (m *Model) VarDefOf(v *types.Var) *outcomeval.VarDef {
	if m.Defs == nil {
		m.Defs = outcomeval.IndexDefs(m.pass, m.info)
	}
	return m.Defs[v]
}

// ConstComposite returns the composite literal x is, or that the
// variable x names always holds (outcomeval.ConstComposite).
func (m *Model) ConstComposite(x ast.Expr) (*ast.CompositeLit, bool) {
	return outcomeval.ConstComposite(m, x)
}

// LocalVar returns the local variable x names, or nil.
func (m *Model) LocalVar(x ast.Expr) *types.Var {
	v := typesx.VarOf(m.info, x)
	if v == nil || v.IsField() || v.Parent() == m.pkg.Scope() {
		return nil
	}
	return v
}

func statusField(t types.Type) *types.Var { return outcomeval.StatusField(t) }
