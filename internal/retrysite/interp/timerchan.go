package interp

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// timerChan reports whether t is a channel of time.Time (what time.After
// and a timer's C hand out): whether such a variable is armed is the
// clock's business, not a count of attempts (stateless, sim.go).
func timerChan(t types.Type) bool {
	c, ok := t.Underlying().(*types.Chan)
	return ok && typesx.IsNamed(c.Elem(), "time", "Time")
}
