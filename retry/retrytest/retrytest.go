// Package retrytest has a fake clock and fixed random sources, so that code
// using package retry can be tested without waiting and with exact, repeatable
// backoff delays.
//
//	clock := retrytest.NewAutoClock()
//	p := retry.Policy{Clock: clock, Rand: retrytest.MaxRand}
//	err := retry.Do(ctx, p, op) // returns at once, whatever the backoff
//	clock.Waits()               // the waits Do asked for: 1s, 2s, 4s
package retrytest

import (
	"math/rand/v2"
	"sync"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// Start is the time a new Clock shows.
var Start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// A Clock is a fake retry.Clock. Time moves only when Advance is called
// or, for an auto clock, when a timer is started: an auto clock jumps to the
// timer's end and fires it at once. It is safe for concurrent use.
type Clock struct {
	mu      sync.Mutex
	cond    sync.Cond
	now     time.Time
	auto    bool
	pending []*timer
	waits   []time.Duration
	created int
}

// NewClock returns a manual clock at Start: timers fire when Advance
// reaches them.
func NewClock() *Clock {
	c := &Clock{now: Start}
	c.cond.L = &c.mu
	return c
}

// NewAutoClock returns a clock at Start on which every timer fires as soon
// as it is started, the clock jumping forward by its duration.
func NewAutoClock() *Clock {
	c := NewClock()
	c.auto = true
	return c
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewTimer starts a timer that fires after d of the clock's time.
func (c *Clock) NewTimer(d time.Duration) retry.Timer {
	t := &timer{c: c, ch: make(chan time.Time, 1)}
	c.mu.Lock()
	c.created++
	c.mu.Unlock()
	t.Reset(d)
	return t
}

// Advance moves the clock forward by d and fires the timers that are due.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	keep := c.pending[:0]
	for _, t := range c.pending {
		if !t.when.After(c.now) {
			t.fireLocked()
		} else {
			keep = append(keep, t)
		}
	}
	clear(c.pending[len(keep):])
	c.pending = keep
}

// Waits returns the duration of every timer started or reset so far, in
// order: the waits retry asked for.
func (c *Clock) Waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}

// Timers returns how many timers were created.
func (c *Clock) Timers() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.created
}

// BlockUntilWaiting blocks until n timers are pending on a manual clock,
// so that a test knows its code is waiting.
func (c *Clock) BlockUntilWaiting(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.pending) < n {
		c.cond.Wait()
	}
}

type timer struct {
	c      *Clock
	ch     chan time.Time
	when   time.Time
	active bool
}

func (t *timer) C() <-chan time.Time { return t.ch }

func (t *timer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	return t.stopLocked()
}

func (t *timer) stopLocked() bool {
	was := t.active
	t.active = false
	for i, p := range t.c.pending {
		if p == t {
			t.c.pending = append(t.c.pending[:i], t.c.pending[i+1:]...)
			break
		}
	}
	return was
}

func (t *timer) Reset(d time.Duration) bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	was := t.stopLocked()
	select { // like a Go 1.23 timer, no stale tick survives a reset
	case <-t.ch:
	default:
	}
	c.waits = append(c.waits, d)
	if c.auto || d <= 0 {
		if d > 0 {
			c.now = c.now.Add(d)
		}
		t.fireLocked()
		return was
	}
	t.when = c.now.Add(d)
	t.active = true
	c.pending = append(c.pending, t)
	c.cond.Broadcast()
	return was
}

func (t *timer) fireLocked() {
	t.active = false
	select {
	case t.ch <- t.c.now:
	default:
	}
}

// RandFunc is a retry.Rand made of a function.
type RandFunc func(n int64) int64

// Int64N returns f(n).
func (f RandFunc) Int64N(n int64) int64 { return f(n) }

// MaxRand always draws the top of the range, so that every full-jitter
// wait equals its ceiling, min(MaxDelay, BaseDelay*2^n).
var MaxRand retry.Rand = RandFunc(func(n int64) int64 { return n - 1 })

// MinRand always draws 0, so that every full-jitter wait is 0.
var MinRand retry.Rand = RandFunc(func(int64) int64 { return 0 })

// Seeded returns a goroutine-safe source that draws the same numbers for
// the same seed.
func Seeded(seed uint64) retry.Rand {
	return &seeded{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

type seeded struct {
	mu sync.Mutex
	r  *rand.Rand
}

func (s *seeded) Int64N(n int64) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.r.Int64N(n)
}
