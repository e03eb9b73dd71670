package caller

import (
	"context"
	"time"

	"example.com/depmod/backoff"
)

// A wait computed by a dependency's function, itself calling a package
// of that module the caller never imports (units.Seconds), whose
// schedule restarts after the loop's own bound: the three attempts the
// loop's condition allows decide its shape.

func resetPartial(ctx context.Context) {
	for attempt := 1; attempt <= 3; attempt++ {
		if err := get(ctx); err == nil {
			return
		}
		time.Sleep(backoff.Partial(attempt, 3)) // want `R-1: retry of get \(GET\) uses partial jitter: every wait is at least 82% of the backoff, which doubles from 1s`
	}
}

// Must not flag: full jitter on the same schedule.
func resetFull(ctx context.Context) {
	for attempt := 1; attempt <= 3; attempt++ {
		if err := get(ctx); err == nil {
			return
		}
		time.Sleep(backoff.Full(attempt, 3))
	}
}
