package caller

import (
	"context"
	"errors"
	"time"

	"example.com/vendored/lookalike"
	"example.com/vendored/third_party/wait"
)

func op(ctx context.Context) error { return errors.New("x") }

// A copy of k8s wait under the project's path is k8s wait.
func fixed(ctx context.Context) error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 1, Steps: 5}, func() (bool, error) { // want `R-1: wait\.ExponentialBackoff of op waits a fixed 1s \(wait\.Backoff, Factor 1\) between attempts; use full jitter`
		if err := op(ctx); err != nil {
			return false, nil
		}
		return true, nil
	})
}

func doubling(ctx context.Context) error {
	b := wait.Backoff{Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0.5, Steps: 4, Cap: 2 * time.Second} // want `R-1: ExponentialBackoffWithContext of op uses partial jitter: Jitter 0\.5 only adds up to 50% on top of a backoff that doubles from 100ms up to 2s`
	return wait.ExponentialBackoffWithContext(ctx, b, func(ctx context.Context) (bool, error) {
		return op(ctx) == nil, nil
	})
}

// No wait to jitter: one attempt.
func once(ctx context.Context) error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 1, Steps: 1}, func() (bool, error) {
		return op(ctx) == nil, nil
	})
}

// The same names with other settings: not k8s wait.
func lookalikeCall(ctx context.Context) error {
	return lookalike.ExponentialBackoff(lookalike.Backoff{Duration: time.Second, Factor: 1, Steps: 5}, func() (bool, error) {
		return op(ctx) == nil, nil
	})
}

// A Backoff the caller gives: whatever it is, wait.Backoff's Jitter only
// adds on top of each wait, never full jitter.
func opaque(ctx context.Context, b wait.Backoff) error {
	return wait.ExponentialBackoff(b, func() (bool, error) { // want `R-1: wait\.ExponentialBackoff of op uses partial jitter whatever its wait\.Backoff: Jitter only adds to each wait, never drawn from 0`
		if err := op(ctx); err != nil {
			return false, nil
		}
		return true, nil
	})
}

// Trap: the look-alike's Backoff from a parameter says nothing of its
// waits (it is no copy of k8s wait).
func lookalikeOpaque(ctx context.Context, b lookalike.Backoff) error {
	return lookalike.ExponentialBackoff(b, func() (bool, error) {
		return op(ctx) == nil, nil
	})
}
