package a

import (
	"context"
	"errors"
	"time"
)

// A select on a timer and the context: the timer is the wait.

func timerOrCancel(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Second): // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts`
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return errors.New("gave up")
}

// A wake-up case that leaves the loop does not change the wait.

func timerOrStop(stop chan struct{}) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Second): // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts`
		case <-stop:
			return errors.New("stopped")
		}
	}
	return errors.New("gave up")
}

// Not reported: a waiter woken by an event (the lock's release), with
// the timer only as a fallback, waits for whichever comes first; how
// long that is the code cannot tell.

type lockGate struct{ released chan struct{} }

func acquire(ctx context.Context, g *lockGate, fallback time.Duration) error {
	for {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-g.released:
		case <-time.After(fallback):
		}
	}
}

// Not reported either when the timer is armed in a channel variable,
// only in some modes.

func acquireMode(ctx context.Context, g *lockGate, polling bool) error {
	for {
		if err := do(); err == nil {
			return nil
		}
		var timeout <-chan time.Time
		if polling {
			timeout = time.After(20 * time.Millisecond)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-g.released:
		case <-timeout:
		}
	}
}
