package defaults

import (
	"context"
	"iter"
	"time"
)

// A range over a retry iterator of the package, given the count the
// constructor copies from an exported package variable unless the
// options set one (minio-go's newRetryTimer and MaxRetry).

var MaxRetry = 10

type Options struct{ MaxRetries int }

type client struct{ maxRetries int }

func New(opts *Options) *client {
	c := &client{}
	c.maxRetries = MaxRetry
	if opts.MaxRetries > 0 {
		c.maxRetries = opts.MaxRetries
	}
	return c
}

func (c *client) newRetryTimer(ctx context.Context, maxRetry int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range maxRetry {
			if !yield(i) {
				return
			}
			select {
			case <-time.After(time.Second << i):
			case <-ctx.Done():
				return
			}
		}
	}
}

func (c *client) execute(ctx context.Context) (err error) {
	for range c.newRetryTimer(ctx, c.maxRetries) { // want `R-2.*10 attempts = 9 retries, MaxRetry's default, which New can change`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the package's own calls give a compliant count.
func (c *client) executeThree(ctx context.Context) (err error) {
	for range c.newRetryTimer(ctx, 3) {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// The count is set twice (1 for a body that cannot be rewound): the
// larger, MaxRetry's 10, is outside 1-5.
func (c *client) executeRewind(ctx context.Context, rewindable bool) (err error) {
	reqRetry := c.maxRetries
	if !rewindable {
		reqRetry = 1
	}
	for range c.newRetryTimer(ctx, reqRetry) { // want `R-2.*10 attempts = 9 retries`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: both counts are within 1-5.
func (c *client) executeSmall(ctx context.Context, rewindable bool) (err error) {
	reqRetry := 4
	if !rewindable {
		reqRetry = 1
	}
	for range c.newRetryTimer(ctx, reqRetry) {
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}
