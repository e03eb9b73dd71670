package libs

import (
	"context"
	"errors"
	"time"

	"github.com/grafana/dskit/backoff"
)

func dskitOp(ctx context.Context) error { return errors.New("x") }

// dskit's Wait draws from [d, 2d): a floor of half the backoff, and a
// fixed MaxBackoff once the floor reaches it.
func dskitEqualJitter(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second, MaxRetries: 5}) // want `R-1: dskit backoff retry policy uses equal jitter: each wait drawn from \[d, 2d\), d doubles from 100ms up to 10s`
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// MinBackoff 0: Wait returns at once.
func dskitNoWait(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MaxRetries: 3})
	for b.Ongoing() { // want `R-1: dskit backoff retry policy retries with no wait \(MinBackoff 0: dskit's Wait returns at once\)`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// A loop that takes NextDelay and waits itself decides its own wait:
// the model does not guess it.
func dskitOwnWait(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: time.Second, MaxBackoff: 30 * time.Second, MaxRetries: 5})
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		d := b.NextDelay()
		select {
		case <-ctx.Done():
		case <-time.After(d):
		}
	}
	return b.Err()
}

// A Config the model cannot see: every Config gives equal jitter, a
// fixed wait or none, never full jitter (dskit grpcclient's
// NewRateLimitRetrier).
func dskitParam(ctx context.Context, cfg backoff.Config) error {
	b := backoff.New(ctx, cfg)
	for b.Ongoing() { // want `R-1: dskit backoff retry policy uses equal jitter whatever its Config: each wait drawn from \[d, 2d\), or fixed, never from 0`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}
