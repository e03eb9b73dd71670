// Package workflowretry holds a retry written for a workflow engine: its
// own copy of context.Context (recognised by its methods, not its import
// path), a Future whose Get(ctx) awaits an activity, and a durable timer
// awaited at once as the wait (ScheduleTimer(ctx, d).Get(ctx)). The
// wait grows from settings the caller passes, with no random draw on
// any path: no jitter whatever they are. With the traps.
package workflowretry

import (
	"math"
	"math/rand"
	"time"
)

// Channel and Context copy the standard context's shape.
type Channel[T any] interface{ Receive(ctx Context) (T, bool) }

type Context interface {
	Done() Channel[struct{}]
	Err() error
	Value(key any) any
}

// Future is the result of an activity or a timer.
type Future[T any] interface {
	Get(ctx Context) (T, error)
}

// ScheduleTimer schedules a durable timer of d.
func ScheduleTimer(ctx Context, d time.Duration) Future[struct{}] { return nil }

// Go runs f as a coroutine of the workflow.
func Go(ctx Context, f func(ctx Context)) {}

type RetryOptions struct {
	MaxAttempts        int
	FirstRetryInterval time.Duration
	MaxRetryInterval   time.Duration
	BackoffCoefficient float64
}

// WithRetries waits First * Coefficient^attempt, capped, with no random
// draw: no jitter whatever the options are.
func WithRetries[T any](ctx Context, o RetryOptions, fn func(ctx Context, attempt int) Future[T]) {
	attempt := 0
	f := fn(ctx, attempt)
	Go(ctx, func(ctx Context) {
		for { // want `loop ctx=sync bound=\?; 1 waits`
			_, err := f.Get(ctx)
			if err == nil {
				break
			}
			attempt++
			if attempt >= o.MaxAttempts {
				break
			}
			d := time.Duration(float64(o.FirstRetryInterval) * math.Pow(o.BackoffCoefficient, float64(attempt)))
			if o.MaxRetryInterval > 0 {
				d = time.Duration(math.Min(float64(d), float64(o.MaxRetryInterval)))
			}
			if _, err := ScheduleTimer(ctx, d).Get(ctx); err != nil { // want `R-1: retry of f.Get waits a delay computed with no random draw: no jitter`
				return
			}
			f = fn(ctx, attempt)
		}
	})
}

// Trap: a wait drawn at random on every attempt (full jitter) from a
// cap the enclosing function computes: not a wait with no random draw.
func WithJitter[T any](ctx Context, o RetryOptions, fn func(ctx Context) Future[T]) {
	limit := float64(o.MaxRetryInterval)
	Go(ctx, func(ctx Context) {
		for attempt := 0; attempt < o.MaxAttempts; attempt++ { // want `loop ctx=sync bound=\?; 1 waits`
			if _, err := fn(ctx).Get(ctx); err == nil {
				return
			}
			ceil := math.Min(limit, float64(o.FirstRetryInterval)*math.Pow(2, float64(attempt)))
			d := time.Duration(rand.Int63n(int64(ceil) + 1))
			if _, err := ScheduleTimer(ctx, d).Get(ctx); err != nil {
				return
			}
		}
	})
}

// Store is a cache whose Get takes a key, not a context.
type Store interface {
	Get(key string) (string, error)
}

// Trap: Get given no context is an accessor, not a call to a service:
// a loop over it is no retry.
func Lookup(s Store, keys []string) string {
	for i := 0; i < 3; i++ {
		if v, err := s.Get(keys[0]); err == nil {
			return v
		}
	}
	return ""
}

// Result is a promise: Done, Err and a Value of no key, not a context.
type Result interface {
	Done() <-chan struct{}
	Err() error
	Value() any
}

// Results reads what a promise holds.
type Results interface {
	Get(r Result) (string, error)
}

// Trap: a Get given a promise (no Value(key)) is an accessor: no retry.
func Read(c Results, r Result) string {
	for i := 0; i < 3; i++ {
		if v, err := c.Get(r); err == nil {
			return v
		}
	}
	return ""
}

// Trap: a timer scheduled but not awaited where it is made (its future
// kept for later) is no wait of its duration: not a fixed 1s; the loop
// retries at once (ScheduleTimer's body here waits for nothing).
func Unawaited(ctx Context, fn func(ctx Context) Future[int]) Future[struct{}] {
	var t Future[struct{}]
	for attempt := 0; attempt < 3; attempt++ { // want `loop ctx=sync retries=2; no wait` `R-1: retry of fn\(ctx\).Get retries at once`
		if _, err := fn(ctx).Get(ctx); err == nil {
			break
		}
		t = ScheduleTimer(ctx, time.Second)
	}
	return t
}
