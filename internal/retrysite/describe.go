package retrysite

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/netio"
	"github.com/retrylint/retrylint/internal/retrysite/ops"
	"github.com/retrylint/retrylint/internal/retrysite/peritem"
	"github.com/retrylint/retrylint/internal/retrysite/requeue"
	"github.com/retrylint/retrylint/internal/retrysite/timeouts"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/funcdefault"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/rangelen"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

// The model as the description packages see it (timeouts.Model,
// outcomes.Model, libread.Model,
// ops.Model).

// DurationValue returns the duration x evaluates to (libsite).
func (m *model) DurationValue(x ast.Expr) (time.Duration, bool) { return m.libs().DurationValue(x) }

// FuncTargets returns the functions a call of the func value fun may run
// (funcTargets, funcvals.go).
func (m *model) FuncTargets(fun ast.Expr) ([]ops.Target, bool) {
	ts, ok := m.FuncValueTargets(fun)
	if !ok {
		return nil, false
	}
	res := make([]ops.Target, len(ts))
	for i, t := range ts {
		res[i] = ops.Target{Lit: t.Lit, Decl: t.Decl}
	}
	return res, true
}

// BoundParams returns the parameters of another package's helper bound
// to the caller's arguments while its body is studied (xpkg.go).
func (m *model) BoundParams() map[*types.Var]ast.Expr { return m.Xbind }

// rebindDescribers points the description packages at m after m was
// made as a copy of another model with other type information (xpkg.go),
// as the copy's own methods would see it.
func (m *model) rebindDescribers() {
	m.Model.Rebind(m.info, m.pkg, m)
	m.Index.Rebind(&m.Model)
	m.Model.SetRanges(rangelen.New(&m.Index))
	m.timeouts = timeouts.New(m.pass, m.info, m.pkg, m)
	m.ops = m.ops.Rebind(m.info, m.pkg, m)
	m.wnum = waitnum.New(m.pass, m.info, m.pkg, wnumModel{m})
	m.net = netio.New(m.pass.Files, m.info, m.pkg, m)
	m.requeue = requeue.New(m.pass.Files, m.info, m)
	m.items = peritem.New(m.info, m)
}

// wnumModel is the model as the wait interpreter sees it (waitnum.Model):
// its FuncTargets returns waitnum's Targets.
type wnumModel struct{ *model }

// FuncTargets returns the functions a call of the func value fun may run
// (funcTargets, funcvals.go).
func (w wnumModel) FuncTargets(fun ast.Expr) ([]waitnum.Target, bool) {
	ts, ok := w.FuncValueTargets(fun)
	if !ok {
		return nil, false
	}
	res := make([]waitnum.Target, len(ts))
	for i, t := range ts {
		res[i] = waitnum.Target{Body: t.Body, FT: t.Ft, Lit: t.Lit}
	}
	return res, true
}

// FuncObj returns the function a function-valued expression names
// (libsite/outcomes_libs.go).
func (m *model) FuncObj(x ast.Expr) *types.Func { return m.libs().FuncObj(x) }

// Reaching returns the values written to v that may reach a read of it
// (reaching, values.go).
func (m *model) Reaching(v *types.Var) ([]waitnum.Write, bool) {
	ws, ok := m.ReachingWrites(v)
	if ws == nil {
		return nil, ok
	}
	res := make([]waitnum.Write, len(ws))
	for i, w := range ws {
		res[i] = waitnum.Write{X: w.X, Zero: w.Zero}
	}
	return res, ok
}

// CollectDefaults runs run collecting the defaults it reads, and returns
// what notes a func's default on a wait (collectDefaults,
// noteFuncDefault, values.go).
func (m *model) CollectDefaults(run func()) func(*Wait) {
	notes := m.CollectDefaultNotes(run)
	return func(w *Wait) { m.NoteFuncDefault(w, notes) }
}

// ResponseVerdict returns result i, a bool, of a response predicate over
// responses without headers (package waits).
func (m *model) ResponseVerdict(call *ast.CallExpr, i int) (bool, bool) {
	return m.waits().ResponseVerdict(call, i)
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
// or to a small dependency's (moduleObj, xpkg.go).
func (m *model) ModuleObj(obj types.Object) bool { return m.moduleObj(obj, true) }

// FuncFieldDefaultFunc returns the one function the package writes to
// the func-typed field v when the user gives none (package funcdefault).
func (m *model) FuncFieldDefaultFunc(v *types.Var) *types.Func { return funcdefault.Func(&m.Index, v) }

// NoteLocalDefault notes, for the wait's message, that it ran the
// package's default of a func value the user may set (valueindex's notes).
func (m *model) NoteLocalDefault(v *types.Var, at ast.Expr) {
	m.ValueIndexOf().NoteDefault(v, valueindex.ValueWrite{}, at)
}
