package cenkloops

import (
	"context"
	"time"

	backoff2 "github.com/cenkalti/backoff"
)

// The unversioned module (v2 and older, +incompatible) has no table of
// its own: its API is v4's, less the generic and timer entry points, and
// the model reads it as a copy of v4 (knowledge/copies.go).
func unversioned(ctx context.Context, fn func(context.Context) error) error {
	b := backoff2.NewExponentialBackOff()
	for { // want `R-2: .* returns Stop only after MaxElapsedTime`
		err := fn(ctx)
		if err == nil {
			return nil
		}
		d := b.NextBackOff() // want `library partial jitter: .*default RandomizationFactor 0.5` `R-1: .* partial jitter`
		if d == backoff2.Stop {
			return err
		}
		time.Sleep(d)
	}
}

// Must not flag: a count of its own, 3 attempts, over a
// full-jitter literal.
func unversionedCounted(ctx context.Context, fn func(context.Context) error) error {
	b := &backoff2.ExponentialBackOff{
		InitialInterval:     time.Second,
		RandomizationFactor: 1,
		Multiplier:          2,
		MaxInterval:         30 * time.Second,
	}
	b.Reset()
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff()) // want `library full jitter: .*RandomizationFactor 1`
	}
	return err
}
