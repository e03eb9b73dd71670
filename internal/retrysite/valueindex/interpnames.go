package valueindex

// The interpreter's names (package interp) under the names the index's
// code has always used for them.

import (
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
)

type env = interp.Env
type evaluator = interp.Evaluator
type funcInfo = interp.FuncInfo
type value = interp.Value

// The site model's types the index fills in (a bound chosen over the
// values that reach it, the default noted on a wait).
type (
	Site  = site.Site
	Bound = site.Bound
	Wait  = site.Wait
)

const (
	BoundKnown     = site.BoundKnown
	BoundUnbounded = site.BoundUnbounded
	BoundUnknown   = site.BoundUnknown
	ShapeUnknown   = site.ShapeUnknown
)
