package cenkloops

import (
	"context"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
)

// A manual NextBackOff loop: the default RandomizationFactor 0.5.
func manual(ctx context.Context, fn func(context.Context) error) error {
	b := backoff.NewExponentialBackOff()
	for { // want `R-2: .* returns Stop only after MaxElapsedTime`
		err := fn(ctx)
		if err == nil {
			return nil
		}
		d := b.NextBackOff() // want `library partial jitter: .*default RandomizationFactor 0.5` `R-1: .* partial jitter`
		if d == backoff.Stop {
			return err
		}
		time.Sleep(d)
	}
}

// A literal whose Reset is called, waited in a select.
func literal(ctx context.Context, fn func(context.Context) error) error {
	b := &backoff.ExponentialBackOff{
		InitialInterval:     time.Second,
		RandomizationFactor: backoff.DefaultRandomizationFactor,
		Multiplier:          backoff.DefaultMultiplier,
		MaxInterval:         30 * time.Second,
	}
	b.Reset()
	for { // want `R-2: .* no maximum retry count`
		err := fn(ctx)
		if err == nil {
			return nil
		}
		t := time.NewTimer(b.NextBackOff()) // want `library partial jitter: .*from 1s up to 30s` `R-1: .* partial jitter`
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// A ticker loop.
func ticker(ctx context.Context, fn func(context.Context) error) error {
	t := backoff.NewTicker(backoff.NewExponentialBackOff())
	defer t.Stop()
	var err error
	for range t.C { // want `library partial jitter` `R-2: .* returns Stop only after MaxElapsedTime` `R-1: .* partial jitter`
		if err = fn(ctx); err == nil {
			return nil
		}
	}
	return err
}

// v5: no MaxElapsedTime in the object.
func v5(ctx context.Context, fn func(context.Context) error) error {
	b := backoff5.NewExponentialBackOff()
	for { // want `R-2: .* no maximum retry count`
		if err := fn(ctx); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff()) // want `library partial jitter` `R-1: .* partial jitter`
	}
}

// Full jitter: compliant.
func full(ctx context.Context, fn func(context.Context) error) error {
	b := backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(1))
	for { // want `R-2: .* no maximum retry count`
		if err := fn(ctx); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff()) // want `library full jitter`
	}
}

// A backoff object the model cannot see: the waits stay unknown.
func opaque(ctx context.Context, b *backoff.ExponentialBackOff, fn func(context.Context) error) error {
	for { // want `R-2: .* no maximum retry count`
		if err := fn(ctx); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff()) // want `sleep unknown`
	}
}

// A ticker over a backoff the model cannot see: the tick is a wait of
// unknown shape, not "no wait".
func opaqueTicker(ctx context.Context, b backoff.BackOff, fn func(context.Context) error) error {
	t := backoff.NewTicker(b)
	for range t.C { // want `waits unknown`
		if err := fn(ctx); err == nil {
			return nil
		}
	}
	return nil
}

// Must not flag: a loop with a count of its own, 3 attempts,
// whatever NextBackOff says, over full jitter.
func counted(ctx context.Context, fn func(context.Context) error) error {
	b := backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(1))
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff()) // want `library full jitter: .*RandomizationFactor 1`
	}
	return err
}

// A timer fired at once, then reset after each attempt to the backoff or
// the failure's hint when longer (alertmanager's RetryStage): the wait is
// the library's, not the constant the timer starts with (waits_determ.go
// needs every duration a timer is set to).
func timerReset(ctx context.Context, fn func(context.Context) (time.Duration, error)) error {
	b := backoff5.NewExponentialBackOff()
	tick := time.NewTimer(0)
	defer tick.Stop()
	for { // want `R-2: .* no maximum retry count`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
			hint, err := fn(ctx)
			tick.Reset(max(b.NextBackOff(), hint)) // want `library partial jitter` `R-1: .* partial jitter`
			if err == nil {
				return nil
			}
		}
	}
}
