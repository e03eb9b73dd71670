package interp

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Index is what the interpreter asks of the package-wide value index
// (package valueindex): the values the package gives a field or a
// package variable, the defaults it ships, and the functions a func value
// may run. The index reads the interpreter (it imports this package), so
// the interpreter reaches it only through this interface, which the
// index gives to SetIndex.
type Index interface {
	// IndexedInt returns the one value the package gives an integer
	// field or package variable.
	IndexedInt(v *types.Var) (Value, bool)
	// GetterDefault returns the value a same-package getter returns
	// when the user left the value unset.
	GetterDefault(fn *types.Func) (Value, bool)
	// DecisionResult returns the value, in ev's scenario, of bool result
	// i of call x decided by the error it returns beside it.
	DecisionResult(ev *Evaluator, x *ast.CallExpr, i int) (Value, bool)
	// OutcomeDecided reports whether the bool results of call are
	// decided by its error and constants alone, counting nothing.
	OutcomeDecided(x *ast.CallExpr) bool
	// ZeroField reports whether every write of the package leaves the
	// unexported integer or bool field v at its zero.
	ZeroField(v *types.Var) bool
	// CapturedCounters returns the integer locals of the enclosing
	// function a held literal with this body reads, with their one value
	// outside it.
	CapturedCounters(body *ast.BlockStmt) map[*types.Var]int64
	// NoteDefaults records notes again while notes are collected.
	NoteDefaults(notes []DefaultNote)
	// NilCount returns nil for a pointer-to-integer field the package
	// ships unset.
	NilCount(v *types.Var) (Value, bool)
	// Sentinel reports whether the package variable v is an error value
	// the package sets once, to an error it makes: var ErrX =
	// errors.New("...").
	Sentinel(v *types.Var) bool
	// InlineDefault reports whether f, an exported field, is the user's
	// alone (the package gives it no value), and then notes dflt, the
	// number the package puts in place of its zero, as its default
	// (fixedlocal.go).
	InlineDefault(f *types.Var, dflt ast.Expr) bool
	// ConstructedOnly reports whether the package writes the field v
	// only in struct literals, from values that do not read it: a
	// setting an object keeps from its construction on.
	ConstructedOnly(v *types.Var) bool
	// Steady reports whether the index's answers are, now, those it gives
	// any caller: no value is picked for a bound, no write is being
	// resolved. The evaluator reuses what it computed only then (inline's
	// memo, eval.go).
	Steady() bool
	// BeginTrace starts recording the marks an evaluation leaves in the
	// index (the objects a bound reads, the defaults noted), EndTrace
	// ends it and returns them, and Replay leaves them again when the
	// evaluation's result is reused.
	BeginTrace()
	EndTrace() any
	Replay(trace any)
}

// Ranges is what the interpreter asks of the value index about ranges
// (package rangelen): the list of integers a range walks and the length
// of a range over a retry iterator. It reads the index, so the model
// gives it to SetRanges beside the index.
type Ranges interface {
	// RangeList returns the list of integers r ranges over, when known.
	RangeList(r *ast.RangeStmt) ([]int64, bool)
	// IterLength returns the number of iterations of a range over a
	// retry iterator of the package (range retries(n)), and the defaults
	// that number comes from.
	IterLength(x ast.Expr) (int64, []DefaultNote, bool)
	// ListLiteral returns the one composite literal the package gives a
	// map, slice or array field or package variable that it only ever
	// reads in place (rangelen/lists.go).
	ListLiteral(v *types.Var) (*ast.CompositeLit, bool)
}

// SetRanges gives m the ranges of the package's value index.
func (m *Model) SetRanges(r Ranges) { m.ranges = r }

// A DefaultNote is a note of the value index: a value the interpreter
// computed is a default the package ships for an object the user can
// change. The interpreter holds notes and gives them back to the index
// (NoteDefaults); only the index reads them.
type DefaultNote interface{}

type defaultNote = DefaultNote

// SetIndex gives m the package's value index.
func (m *Model) SetIndex(ix Index) { m.ix = ix }

// Host returns the host m asks what it cannot see itself.
func (m *Model) Host() Host { return m.host }

// Pass, Info and Pkg return the pass, type information and package m
// interprets.
func (m *Model) Pass() *analysis.Pass { return m.pass }
func (m *Model) Info() *types.Info    { return m.info }
func (m *Model) Pkg() *types.Package  { return m.pkg }

// The interpreter's code asks the index under the names the index gives
// these questions.

// IndexedComposite returns the composite literal the package gives v,
// a field or package variable, from the value index's ranges (nothing
// without them).
func (m *Model) IndexedComposite(v *types.Var) (*ast.CompositeLit, bool) {
	if m.ranges == nil {
		return nil, false
	}
	return m.ranges.ListLiteral(v)
}
func (fi *FuncInfo) rangeList(r *ast.RangeStmt) ([]int64, bool) {
	if fi.M.ranges == nil {
		return nil, false
	}
	return fi.M.ranges.RangeList(r)
}
func (m *Model) iterLength(x ast.Expr) (int64, []defaultNote, bool) {
	if m.ranges == nil {
		return 0, nil, false
	}
	return m.ranges.IterLength(x)
}
