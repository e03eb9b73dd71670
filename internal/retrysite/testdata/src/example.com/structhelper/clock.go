package structhelper

import (
	"context"
	"time"
)

const maxRetryDuration = 24 * time.Hour

// untilDone runs f until it succeeds, the context ends or a day has gone:
// no attempt count, whatever f does (its callers' literals keep their
// error in a variable of their own, which counts nothing).
func untilDone(ctx context.Context, f func(context.Context) error) error {
	start := time.Now()
	var err error
	for time.Since(start) < maxRetryDuration { // want `loop ctx=sync unbounded` `R-2: retry of f \(PUT\) has no maximum retry count`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Minute): // want `R-1: retry of f \(PUT\) waits a fixed 1m0s between attempts`
		}
		if err = f(ctx); err == nil {
			return nil
		}
	}
	return err
}

func (c *Consumer) Obtain(ctx context.Context) error {
	var err error
	f := func(ctx context.Context) error {
		err = c.create(ctx)
		if err != nil {
			return err
		}
		return nil
	}
	err = untilDone(ctx, f)
	return err
}

// untilDay is untilDone for a caller that counts.
func untilDay(ctx context.Context, f func(context.Context) error) error {
	start := time.Now()
	var err error
	for time.Since(start) < maxRetryDuration { // want `loop ctx=sync bound=\?`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Minute): // want `R-1: retry of f \(PUT\) waits a fixed 1m0s between attempts`
		}
		if err = f(ctx); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag R-2: the literal counts its calls in the caller's
// variable and gives up after three, which the loop cannot see.
func (c *Consumer) ObtainCounted(ctx context.Context) error {
	n := 0
	return untilDay(ctx, func(ctx context.Context) error {
		n++
		if n > 3 {
			return nil
		}
		return c.create(ctx)
	})
}
