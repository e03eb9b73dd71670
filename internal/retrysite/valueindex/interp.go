package valueindex

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
)

// interpIndex is the index as the interpreter sees it (interp.Index).
type interpIndex struct{ m *model }

func (x interpIndex) IndexedInt(v *types.Var) (value, bool)      { return x.m.indexedInt(v) }
func (x interpIndex) GetterDefault(fn *types.Func) (value, bool) { return x.m.getterDefault(fn) }
func (x interpIndex) RangeList(r *ast.RangeStmt) ([]int64, bool) { return x.m.rangeList(r) }
func (x interpIndex) CapturedCounters(body *ast.BlockStmt) map[*types.Var]int64 {
	return x.m.capturedCounters(body)
}
func (x interpIndex) DecisionResult(ev *evaluator, call *ast.CallExpr, i int) (value, bool) {
	return x.m.decisionResult(ev, call, i)
}

// CollectDefaults runs f and returns the defaults its values came from
// (CollectDefaultNotes).
func (x interpIndex) CollectDefaults(f func()) []interp.DefaultNote {
	notes := x.m.CollectDefaultNotes(f)
	if notes == nil {
		return nil
	}
	res := make([]interp.DefaultNote, len(notes))
	for i, n := range notes {
		res[i] = n
	}
	return res
}

// NoteDefaults records notes CollectDefaults returned again while notes
// are collected.
func (x interpIndex) NoteDefaults(notes []interp.DefaultNote) {
	if x.m.Vx == nil {
		return
	}
	for _, n := range notes {
		n := n.(defaultNote)
		x.m.Vx.noteDefault(n.v, n.user, n.At)
	}
}

// ParamOf returns the function declaring parameter v and its index.
func (x interpIndex) ParamOf(v *types.Var) (fn *types.Func, i int, ok bool) {
	ref, ok := x.m.ValueIndexOf().paramOf(x.m)[v]
	return ref.fn, ref.i, ok
}
