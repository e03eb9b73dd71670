package a

import (
	"context"
	"time"
)

const (
	refreshEvery = 10 * time.Second
	refreshSoon  = time.Second
)

// A refresher that waits its period, and a shorter constant after a
// failure: the failure path does not wait "a fixed 10s"; what is certain
// is that no wait draws at random.

func refresh(ctx context.Context) {
	d := refreshEvery
	for {
		select {
		case <-time.After(d): // want `R-1: retry of do \(GET\) waits a delay computed with no random draw: no jitter`
			if err := do(); err == nil {
				d = refreshEvery
			} else {
				d = refreshSoon
			}
		case <-ctx.Done():
			return
		}
	}
}

// The same local set back to the one constant it starts with is a fixed
// interval.

func refreshSame(ctx context.Context) {
	d := refreshSoon
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return
		}
		d = refreshSoon
		select {
		case <-time.After(d): // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts`
		case <-ctx.Done():
			return
		}
	}
}
