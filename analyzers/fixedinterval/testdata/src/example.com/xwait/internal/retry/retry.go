// Package retry holds a retry helper of the module: it runs op until it
// succeeds or ctx ends, waiting what next returns after each failure.
package retry

import (
	"context"
	"time"
)

func Retry[T any](ctx context.Context, op func() (T, error), next func(error) time.Duration) (T, error) {
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
