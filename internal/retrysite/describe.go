package retrysite

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/ops"
	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

// The model as the description packages see it (timeouts.Model,
// outcomes.Model, libread.Model,
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

// FieldWrites returns the values the package writes to its field v, for
// the timeouts of a retry given a context kept in a field
// (timeouts/ctxfield.go). Every write counts, the user's included (a
// context is no setting with a default): a write of a parameter, a zero
// or a value the index cannot know is nil.
func (m *model) FieldWrites(v *types.Var) ([]ast.Expr, bool) {
	if !m.indexedVar(v) || !v.IsField() {
		return nil, false
	}
	all := m.valueIndexOf().writes[v]
	if len(all) == 0 || len(all) > maxReaching {
		return nil, false
	}
	xs := make([]ast.Expr, len(all))
	for i, w := range all {
		if w.x != nil && !w.zero && !m.userValue(w.x, 0) {
			xs[i] = w.x
		}
	}
	return xs, true
}

// rebindDescribers points the description packages at m after m was
// made as a copy of another model with other type information (xpkg.go),
// as the copy's own methods would see it.
func (m *model) rebindDescribers() {
	m.timeouts = timeouts.New(m.pass, m.info, m.pkg, m)
	m.ops = m.ops.Rebind(m.info, m.pkg, m)
	m.wnum = waitnum.New(m.pass, m.info, m.pkg, wnumModel{m})
}

// wnumModel is the model as the wait interpreter sees it (waitnum.Model):
// its FuncTargets returns waitnum's Targets.
type wnumModel struct{ *model }

// FuncTargets returns the functions a call of the func value fun may run
// (funcTargets, funcvals.go).
func (w wnumModel) FuncTargets(fun ast.Expr) ([]waitnum.Target, bool) {
	ts, ok := w.funcTargets(fun)
	if !ok {
		return nil, false
	}
	res := make([]waitnum.Target, len(ts))
	for i, t := range ts {
		res[i] = waitnum.Target{Body: t.body, FT: t.ft, Lit: t.lit}
	}
	return res, true
}

// FuncObj returns the function a function-valued expression names
// (funcObj, outcomes_libs.go).
func (m *model) FuncObj(x ast.Expr) *types.Func { return m.funcObj(x) }

// MayReturn reports whether call may return (mayReturn, funcinfo.go).
func (m *model) MayReturn(call *ast.CallExpr) bool { return m.mayReturn(call) }

// IndexedVar reports whether the value index follows v (values.go).
func (m *model) IndexedVar(v *types.Var) bool { return m.indexedVar(v) }

// Reaching returns the values written to v that may reach a read of it
// (reaching, values.go).
func (m *model) Reaching(v *types.Var) ([]waitnum.Write, bool) {
	ws, ok := m.reaching(v)
	if ws == nil {
		return nil, ok
	}
	res := make([]waitnum.Write, len(ws))
	for i, w := range ws {
		res[i] = waitnum.Write{X: w.x, Zero: w.zero}
	}
	return res, ok
}

// IntValues returns the integer values v may hold (intValues, values.go).
func (m *model) IntValues(v *types.Var) ([]int64, []ast.Expr, bool) { return m.intValues(v) }

// IndexedFunc resolves a call of a func-typed field or package variable
// to the one function the package stores in it (indexedFunc, values.go).
func (m *model) IndexedFunc(fun ast.Expr) (*ast.BlockStmt, *ast.FuncType, *ast.FuncLit, *ast.CallExpr, bool) {
	return m.indexedFunc(fun)
}

// FuncFactory returns the factory a call calls and the literal it
// returns (funcFactory, values.go).
func (m *model) FuncFactory(call *ast.CallExpr) (*ast.FuncDecl, *ast.FuncLit) {
	return m.funcFactory(call)
}

// CollectDefaults runs run collecting the defaults it reads, and returns
// what notes a func's default on a wait (collectDefaults,
// noteFuncDefault, values.go).
func (m *model) CollectDefaults(run func()) func(*Wait) {
	notes := m.collectDefaults(run)
	return func(w *Wait) { m.noteFuncDefault(w, notes) }
}

// ResponseVerdict returns result i, a bool, of a response predicate over
// responses without headers (responseVerdict, waits_resp.go).
func (m *model) ResponseVerdict(call *ast.CallExpr, i int) (bool, bool) {
	return m.responseVerdict(call, i)
}

// num returns the wait as the wait interpreter takes it.
func (h *waitHit) num() *waitnum.Hit {
	if h == nil {
		return nil
	}
	return waitnum.NewHit(h.kind, h.node, h.expr, h.inner.num(), h.helper, h.timerVar)
}

// MethodOf returns the declaration of fn and the wait interpreter of the
// package that declares it (methodOf, xpkg.go).
func (m *model) MethodOf(fn *types.Func) (*ast.FuncDecl, *waitnum.Interp) {
	d, dm := m.methodOf(fn)
	if dm == nil {
		return d, nil
	}
	return d, dm.wnum
}

// ModuleObj reports whether obj belongs to another package of the module
// (moduleObj, xpkg.go).
func (m *model) ModuleObj(obj types.Object) bool { return m.moduleObj(obj) }
