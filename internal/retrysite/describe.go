package retrysite

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/ops"
	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
)

// The model as the description packages see it (timeouts.Model,
// ops.Model).

// DurationValue returns the duration x evaluates to (durationValue).
func (m *model) DurationValue(x ast.Expr) (time.Duration, bool) { return m.durationValue(x) }

// OpRoots returns the configuration and the operation arguments of a
// call of the library entry e (opRoots).
func (m *model) OpRoots(e knowledge.Entry, call *ast.CallExpr) (cfg, ops []ast.Expr) {
	return m.opRoots(e, call)
}

// FuncDecl returns the declaration of a same-package function (funcDecl).
func (m *model) FuncDecl(fn *types.Func) *ast.FuncDecl { return m.funcDecl(fn) }

// HeldFuncLit returns the function literal a local variable always holds
// (heldFuncLit, forms.go).
func (m *model) HeldFuncLit(x ast.Expr) *ast.FuncLit { return m.heldFuncLit(x) }

// FuncTargets returns the functions a call of the func value fun may run
// (funcTargets, funcvals.go).
func (m *model) FuncTargets(fun ast.Expr) ([]ops.Target, bool) {
	ts, ok := m.funcTargets(fun)
	if !ok {
		return nil, false
	}
	res := make([]ops.Target, len(ts))
	for i, t := range ts {
		res[i] = ops.Target{Lit: t.lit, Decl: t.decl}
	}
	return res, true
}

// BoundParams returns the parameters of another package's helper bound
// to the caller's arguments while its body is studied (xpkg.go).
func (m *model) BoundParams() map[*types.Var]ast.Expr { return m.xbind }

// rebindDescribers points the description packages at m after m was
// made as a copy of another model with other type information (xpkg.go),
// as the copy's own methods would see it.
func (m *model) rebindDescribers() {
	m.timeouts = timeouts.New(m.pass, m.info, m.pkg, m)
	m.ops = m.ops.Rebind(m.info, m.pkg, m)
}
