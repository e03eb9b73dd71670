package interp

import "github.com/retrylint/retrylint/internal/retrysite/site"

// The site model's types the interpreter fills in (a bound chosen over
// the values that reach it, the default noted on a wait).

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
