package interp

import (
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
)

// A backoff's cap is no attempt count: a fork that only caps a variable
// no other condition reads is a clamp (bodyscan.Clamps), which cannot end
// the loop and counts nothing (MaxRuns).

// clampFork reports whether the conditional block b is such a clamp.
func (fi *FuncInfo) clampFork(b *cfg.Block) bool {
	x := LastExpr(b)
	if x == nil {
		return false
	}
	if fi.clamps == nil {
		fi.clamps = bodyscan.Clamps(fi.M.info, fi.Body)
	}
	return fi.clamps[x]
}
