// Package retry is a stub of github.com/sethvargo/go-retry for analysistest (GOPATH mode).
// Signatures are copied from github.com/sethvargo/go-retry@v0.5.0; only the API around retries is
// kept, and bodies return zero values.
package retry

import (
	"context"
	"time"
)

type Backoff interface {
	Next() (next time.Duration, stop bool)
}

type BackoffFunc func() (time.Duration, bool)

func (b BackoffFunc) Next() (time.Duration, bool) { return 0, false }

type RetryFunc func(ctx context.Context) error

type RetryFuncValue[T any] func(ctx context.Context) (T, error)

func Constant(ctx context.Context, t time.Duration, f RetryFunc) error { return nil }

func Do(ctx context.Context, b Backoff, f RetryFunc) error { return nil }

func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) {
	return *new(T), nil
}

func Exponential(ctx context.Context, base time.Duration, f RetryFunc) error { return nil }

func Fibonacci(ctx context.Context, base time.Duration, f RetryFunc) error { return nil }

func NewConstant(t time.Duration) Backoff { return nil }

func NewExponential(base time.Duration) Backoff { return nil }

func NewFibonacci(base time.Duration) Backoff { return nil }

func RetryableError(err error) error { return nil }

func WithCappedDuration(cap time.Duration, next Backoff) Backoff { return nil }

func WithFullJitter(next Backoff) Backoff { return nil }

func WithJitter(j time.Duration, next Backoff) Backoff { return nil }

func WithJitterPercent(j uint64, next Backoff) Backoff { return nil }

func WithMaxDuration(timeout time.Duration, next Backoff) Backoff { return nil }

func WithMaxRetries(max uint64, next Backoff) Backoff { return nil }
