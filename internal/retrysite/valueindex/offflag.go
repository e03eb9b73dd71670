package valueindex

import (
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A setting the package never sets.
//
// An unexported integer or bool field that every write of the package
// leaves at its zero (composite literals that omit it, or set it to the
// constant 0 or false) is zero wherever it is read: only the package can
// write it, and test files are not indexed. A retry helper given its
// settings in a struct reads it as its callers give it
// (interp/paramfields.go); one no caller sets is zero for all of them:
// `if i == 0 && opts.skipFirst { time.Sleep(d); continue }` (nats'
// retryWithBackoff and its disableInitialExecution) then waits before no
// attempt. A field the package sets to anything else stays unknown.

// ZeroField reports whether v, an unexported integer or bool field, is
// left at its zero by every write of the package (a literal that omits
// it, or the constant 0 or false; a field of a helper's settings no
// caller sets): zero for every caller.
func (m *Index) ZeroField(v *types.Var) bool {
	if !m.IndexedVar(v) || !v.IsField() || v.Exported() {
		return false
	}
	if !typesx.BasicIs(v.Type(), types.IsBoolean|types.IsInteger) {
		return false
	}
	ws := m.ValueIndexOf().Writes[v]
	if len(ws) == 0 {
		return false
	}
	for _, w := range ws {
		if w.Zero {
			continue
		}
		if w.X == nil {
			return false
		}
		tv, ok := m.info.Types[w.X]
		if !ok || tv.Value == nil {
			return false
		}
		switch tv.Value.Kind() {
		case constant.Bool:
			if constant.BoolVal(tv.Value) {
				return false
			}
		case constant.Int:
			if constant.Sign(tv.Value) != 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}
