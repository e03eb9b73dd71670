package valueindex

import (
	"github.com/retrylint/retrylint/internal/retrysite/interp"
)

// interpIndex is the index as the interpreter sees it (interp.Index).
type interpIndex struct{ *Index }

func (x interpIndex) Steady() bool {
	vx := x.Index.Vx
	return vx != nil && vx.pick == nil && len(vx.Resolving) == 0 && len(vx.crossing) == 0
}

// NoteDefaults records notes CollectDefaults returned again while notes
// are collected.
func (x interpIndex) NoteDefaults(notes []interp.DefaultNote) {
	if x.Index.Vx == nil {
		return
	}
	for _, n := range notes {
		n := n.(Note)
		x.Index.Vx.NoteDefault(n.V, n.User, n.At)
	}
}
