// Package retryx holds retry helpers that another package of the same
// module calls (xpkg.go).
package retryx

import (
	"context"
	"time"
)

type OpFn[T any] func() (T, error)

// Retry runs op until it succeeds or ctx is done.
func Retry[T any](ctx context.Context, op OpFn[T], next func(error) time.Duration) (T, error) {
	var timer *time.Timer
	for {
		res, err := op()
		if err == nil {
			return res, nil
		}
		d := next(err)
		if timer == nil {
			timer = time.NewTimer(d)
		} else {
			timer.Reset(d)
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-timer.C:
		}
	}
}

// Do runs op up to attempts times.
func Do(attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// Once runs op once: no loop.
func Once(op func() error) error {
	return op()
}

// Each runs op for every item: a loop over items, not a retry.
func Each(items []string, op func(string) error) error {
	for _, it := range items {
		if err := op(it); err != nil {
			return err
		}
	}
	return nil
}

// Forward has no loop of its own: it hands op on to Retry (a forward).
func Forward[T any](ctx context.Context, op OpFn[T], next func(error) time.Duration) (T, error) {
	return Retry(ctx, func() (T, error) { return op() }, next)
}
