// Package lookalike has k8s wait's entry points and a Backoff with some
// of its fields, but not all its settings (no Jitter, no Cap): it is no
// copy of k8s wait, and its calls are no library retries.
package lookalike

import (
	"context"
	"time"
)

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Steps    int
	Retries  int
}

type ConditionFunc func() (done bool, err error)

func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition func(context.Context) (bool, error)) error {
	return nil
}
