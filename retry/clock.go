package retry

import (
	"math/rand/v2"
	"time"
)

// A Clock tells the time and makes timers. The real clock is used when a
// Policy's or a Budget's Clock is nil; tests inject a fake one (see
// retrytest.Clock) so that no test sleeps.
type Clock interface {
	Now() time.Time
	// NewTimer returns a started timer that fires once after d.
	NewTimer(d time.Duration) Timer
}

// A Timer is the part of *time.Timer that retry uses. One Do call creates
// at most one, on its first retry, and resets it for later retries.
type Timer interface {
	C() <-chan time.Time
	Stop() bool
	Reset(d time.Duration) bool
}

// A Rand draws the jitter: Int64N returns a number in [0, n) for n > 0.
// *math/rand/v2.Rand implements it; nil in a Policy means math/rand/v2's
// goroutine-safe top-level source.
type Rand interface {
	Int64N(n int64) int64
}

type globalRand struct{}

func (globalRand) Int64N(n int64) int64 { return rand.Int64N(n) }

// waiter waits on the real clock or a Clock with one timer, reused.
type waiter struct {
	clock Clock
	rt    *time.Timer
	ft    Timer
}

func (w *waiter) now() time.Time {
	if w.clock != nil {
		return w.clock.Now()
	}
	return time.Now()
}

// wait waits for d or until done is closed, whichever comes first, and
// reports whether the full wait elapsed.
func (w *waiter) wait(done <-chan struct{}, d time.Duration) bool {
	var c <-chan time.Time
	switch {
	case w.clock == nil && w.rt == nil:
		w.rt = time.NewTimer(d)
		c = w.rt.C
	case w.clock == nil:
		w.rt.Reset(d)
		c = w.rt.C
	case w.ft == nil:
		w.ft = w.clock.NewTimer(d)
		c = w.ft.C()
	default:
		w.ft.Reset(d)
		c = w.ft.C()
	}
	select {
	case <-c:
		return true
	case <-done:
		w.stop()
		return false
	}
}

func (w *waiter) stop() {
	if w.rt != nil {
		w.rt.Stop()
	}
	if w.ft != nil {
		w.ft.Stop()
	}
}
