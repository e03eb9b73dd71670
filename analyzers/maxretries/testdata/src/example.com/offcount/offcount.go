// Package offcount holds retries whose count is a pointer field the
// package ships nil: the loop stops on it only when an option sets it.
package offcount

import (
	"context"
	"errors"
	"time"
)

// APICall is the operation retried.
type APICall func(ctx context.Context) error

type retryConfig struct {
	maxAttempts *int
	initial     time.Duration
}

var defaultRetry = &retryConfig{}

// A RetryOption changes the retry.
type RetryOption interface{ apply(*retryConfig) }

type withMaxAttempts struct{ maxAttempts int }

func (w *withMaxAttempts) apply(c *retryConfig) { c.maxAttempts = &w.maxAttempts }

// WithMaxAttempts caps the attempts.
func WithMaxAttempts(n int) RetryOption { return &withMaxAttempts{maxAttempts: n} }

// Run retries call; a nil retry is the default.
func Run(ctx context.Context, call APICall, retry *retryConfig) error {
	if retry == nil {
		retry = defaultRetry
	}
	attempts := 1
	for { // want `R-2: retry of call has no maximum retry count: its count, maxAttempts, is nil unless WithMaxAttempts sets it, defaultRetry's default`
		err := call(ctx)
		if err == nil {
			return nil
		}
		if retry.maxAttempts != nil && attempts >= *retry.maxAttempts {
			return err
		}
		attempts++
		time.Sleep(time.Second << attempts)
	}
}

// --- Must not flag: the package ships a count. ---

type counted struct{ max *int }

var three = 3

var defaultCounted = &counted{max: &three}

// WithMax sets the count.
func WithMax(n int) func(*counted) { return func(c *counted) { c.max = &n } }

// RunCounted retries call at most three times by default.
func RunCounted(ctx context.Context, call APICall, c *counted) error {
	if c == nil {
		c = defaultCounted
	}
	attempts := 1
	for {
		err := call(ctx)
		if err == nil {
			return nil
		}
		if c.max != nil && attempts >= *c.max {
			return err
		}
		attempts++
		time.Sleep(time.Second << attempts)
	}
}

// --- Must not flag: a nil count that no option sets is not an offered
// count (the loop has a count of its own). ---

type plain struct{ limit *int }

var defaultPlain = &plain{}

// RunPlain retries call three times.
func RunPlain(ctx context.Context, call APICall) error {
	p := defaultPlain
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if p.limit != nil && i >= *p.limit {
			return errors.New("limit")
		}
		time.Sleep(time.Second << i)
	}
	return err
}
