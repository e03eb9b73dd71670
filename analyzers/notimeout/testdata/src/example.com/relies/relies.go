// Package relies holds retries whose only limit is their context
// parameter's deadline, which they never set (issue 33): reported when
// their waits alone exceed the cap or when nothing but success ends them,
// unless every caller in the package gives the context a deadline.
package relies

import (
	"context"
	"errors"
	"math/rand"
	"time"
)

var errTransient = errors.New("transient")

// Remote is a service the retries call.
type Remote interface {
	Call(ctx context.Context) error
}

var remote Remote

// Waits of 10s, five times: 40s of waiting alone.
func Waits(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ { // want `R-3: retry of remote\.Call relies on ctx's deadline, which it never sets, and can take waits 4 x 10s = 40s > the 30s cap`
		if err = remote.Call(ctx); err == nil {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
	return err
}

// No count: only success or the caller's deadline ends it.
func Forever(ctx context.Context) error {
	for { // want `R-3: retry of remote\.Call has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		if err := remote.Call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Must not flag: 3 waits of 1s are within the cap whatever ctx holds.
func Short(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = remote.Call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag: its one caller gives it a deadline.
func foreverInner(ctx context.Context) error {
	for {
		if err := remote.Call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

func Bounded() error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return foreverInner(ctx)
}

// Must not flag: the function derives its context and may set a deadline.
func Derived(ctx context.Context, d time.Duration) error {
	if d > 0 {
		c, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		ctx = c
	}
	for {
		if err := remote.Call(ctx); err == nil || !errors.Is(err, errTransient) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: a recursion passing its own context on, from a caller
// that sets a deadline.
func again(ctx context.Context) error {
	if err := remote.Call(ctx); err != nil {
		time.Sleep(time.Second)
		return again(ctx)
	}
	return nil
}

func Again() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return again(ctx)
}

var hook func(*context.Context)

// A copy of ctx that a hook may rewrap is still the caller's context: no
// deadline is set on any path.
func Hooked(ctx context.Context) error {
	for { // want `R-3: retry of remote\.Call has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		c := ctx
		hook(&c)
		ctx = c
		if err := remote.Call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

var errBusy = errors.New("busy")

// Two paths to the next attempt: a busy server gets a short random wait,
// any other failure a fixed 20s. A run of plain failures takes the 20s
// path every time: the waits alone are at least 3 x 20s.
func Paths(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ { // want `R-3: retry of remote\.Call relies on ctx's deadline, which it never sets, and can take at least waits 3 x 20s = 1m > the 30s cap`
		if err = remote.Call(ctx); err == nil {
			return nil
		}
		if errors.Is(err, errBusy) {
			time.Sleep(time.Duration(rand.Int63n(int64(time.Second))))
			continue
		}
		time.Sleep(20 * time.Second)
	}
	return err
}

// Must not flag (trap: the waits are drawn from [0, 15s); the draws may
// all be short, so the waits alone are not shown over the cap: the
// least a draw gives counts, not its ceiling).
func Drawn(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = remote.Call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int63n(int64(15 * time.Second))))
	}
	return err
}

type tracker struct{ n int }

// enter hands back the caller's context, cancellable: no deadline.
func (t *tracker) enter(ctx context.Context) (context.Context, context.CancelFunc, error) {
	if t == nil {
		return nil, nil, errors.New("nil tracker")
	}
	ctx, cancel := context.WithCancel(ctx)
	t.n++
	return ctx, cancel, nil
}

// bounded gives the context it hands back a deadline.
func (t *tracker) bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	return c, cancel
}

// The context a package function derives from ctx with no deadline is
// still only ctx's: no count, nothing else ends it.
func (t *tracker) Entered(ctx context.Context) error {
	ctx, leave, err := t.enter(ctx)
	if err != nil {
		return err
	}
	defer leave()
	for { // want `R-3: retry of remote\.Call has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		if err := remote.Call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Must not flag (trap: the package function gives the context a 10s
// deadline, which caps the loop).
func (t *tracker) Bounded(ctx context.Context) error {
	ctx, cancel := t.bounded(ctx)
	defer cancel()
	for {
		if err := remote.Call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// reconnect is started by the package itself with context.Background():
// that call is where the missing deadline should come from, a second
// finding there.
func reconnect(ctx context.Context) error {
	for { // want `R-3: retry of remote\.Call has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		if err := remote.Call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// OnLost is exported: its callers elsewhere may give a deadline, the
// package's own call gives none.
func OnLost(ctx context.Context) error { return reconnect(ctx) }

func watch() {
	go reconnect(context.Background()) // want `R-3: retry of remote\.Call is given a context with no deadline here; it has no total duration cap`
	_ = OnLost(context.TODO())
}
