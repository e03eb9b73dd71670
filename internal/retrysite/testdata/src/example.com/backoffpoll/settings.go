package backoffpoll

import (
	"context"
	"time"
)

// Exits that count nothing (interp's settings.go): a setting the reader
// was made with, the same on every attempt.

// dialSetting leaves on a setting fixed since newReader: it leaves on the
// first failure or never, so the loop has no count.
func (r *reader) dialSetting(ctx context.Context) error {
	for { // want `loop ctx=sync unbounded` `R-2: retry of r.initialize has no maximum retry count`
		_, _, err := r.initialize(ctx, 0)
		if err == nil {
			return nil
		}
		if r.stopOnRange {
			return err
		}
		if !sleep(ctx, r.min) { // want `R-1: retry of r.initialize waits a fixed 100ms`
			return ctx.Err()
		}
	}
}

// tally counts failures in a field another method steps.
type tally struct {
	tries  int
	gaveUp bool
	r      *reader
	cache  *cache
}

func (t *tally) note() {
	t.tries++
	t.gaveUp = t.tries > 3
}

// Must not flag R-2: the flag it leaves on is set by a method that counts
// the failures (bound unknown).
func (t *tally) dialCounted(ctx context.Context) error {
	for { // want `loop ctx=sync bound=\?`
		_, _, err := t.r.initialize(ctx, 0)
		if err == nil {
			return nil
		}
		t.note()
		if t.gaveUp {
			return err
		}
		time.Sleep(time.Second) // want `R-1: retry of t.r.initialize waits a fixed 1s`
	}
}

type cache struct{ left int }

// fresh says whether the cache may be asked again; it counts down.
func (c *cache) fresh() bool {
	c.left--
	return c.left > 0
}

func newTally(r *reader) *tally { return &tally{r: r, cache: &cache{left: 3}} }

// Must not flag R-2: the cache the tally was made with is the same cache
// on every attempt, not the same answer: its method counts.
func (t *tally) dialCached(ctx context.Context) error {
	for { // want `loop ctx=sync bound=\?`
		_, _, err := t.r.initialize(ctx, 0)
		if err == nil {
			return nil
		}
		if !t.cache.fresh() {
			return err
		}
		time.Sleep(time.Second) // want `R-1: retry of t.r.initialize waits a fixed 1s`
	}
}
