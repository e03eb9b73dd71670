package valueindex

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
)

// interpIndex is the index as the interpreter sees it (interp.Index).
type interpIndex struct{ m *Index }

func (x interpIndex) IndexedInt(v *types.Var) (interp.Value, bool)      { return x.m.indexedInt(v) }
func (x interpIndex) GetterDefault(fn *types.Func) (interp.Value, bool) { return x.m.getterDefault(fn) }
func (x interpIndex) NilCount(v *types.Var) (interp.Value, bool)        { return x.m.nilCount(v) }
func (x interpIndex) Sentinel(v *types.Var) bool                        { return x.m.sentinel(v) }
func (x interpIndex) ConstructedOnly(v *types.Var) bool                 { return x.m.constructedOnly(v) }
func (x interpIndex) CapturedCounters(body *ast.BlockStmt) map[*types.Var]int64 {
	return x.m.capturedCounters(body)
}
func (x interpIndex) Steady() bool {
	vx := x.m.Vx
	return vx != nil && vx.pick == nil && len(vx.Resolving) == 0 && len(vx.crossing) == 0
}
func (x interpIndex) OutcomeDecided(call *ast.CallExpr) bool { return x.m.outcomeDecided(call) }
func (x interpIndex) ZeroField(v *types.Var) bool            { return x.m.ZeroField(v) }
func (x interpIndex) DecisionResult(ev *interp.Evaluator, call *ast.CallExpr, i int) (interp.Value, bool) {
	return x.m.decisionResult(ev, call, i)
}

// NoteDefaults records notes CollectDefaults returned again while notes
// are collected.
func (x interpIndex) NoteDefaults(notes []interp.DefaultNote) {
	if x.m.Vx == nil {
		return
	}
	for _, n := range notes {
		n := n.(Note)
		x.m.Vx.NoteDefault(n.V, n.User, n.At)
	}
}
