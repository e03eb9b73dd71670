// Package backoff is a stub of github.com/cenkalti/backoff/v5 for analysistest (GOPATH mode).
// Signatures are copied from github.com/cenkalti/backoff/v5@v5.0.3; only the API around retries is
// kept, and bodies return zero values.
package backoff

import (
	"context"
	"time"
)

const DefaultInitialInterval time.Duration = 500 * time.Millisecond
const DefaultMaxElapsedTime time.Duration = 15 * time.Minute
const DefaultMaxInterval time.Duration = 1 * time.Minute
const DefaultMultiplier = 1.5
const DefaultRandomizationFactor = 0.5
const Stop time.Duration = -1

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset() {}

func (b *ConstantBackOff) NextBackOff() time.Duration { return 0 }

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
}

func (b *ExponentialBackOff) Reset() {}

func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

type Notify func(error, time.Duration)

type Operation[T any] func() (T, error)

type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return "" }

func (e *PermanentError) Unwrap() error { return nil }

type RetryAfterError struct {
	Duration time.Duration
}

func (e *RetryAfterError) Error() string { return "" }

type RetryOption func(*retryOptions)

type StopBackOff struct {
}

func (b *StopBackOff) Reset() {}

func (b *StopBackOff) NextBackOff() time.Duration { return 0 }

type Ticker struct {
	C <-chan time.Time
}

func (t *Ticker) Stop() {}

type ZeroBackOff struct {
}

func (b *ZeroBackOff) Reset() {}

func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return nil }

func NewExponentialBackOff() *ExponentialBackOff { return nil }

func NewTicker(b BackOff) *Ticker { return nil }

func Permanent(err error) error { return nil }

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	return *new(T), nil
}

func RetryAfter(seconds int) error { return nil }

func WithBackOff(b BackOff) RetryOption { return nil }

func WithMaxElapsedTime(d time.Duration) RetryOption { return nil }

func WithMaxTries(n uint) RetryOption { return nil }

func WithNotify(n Notify) RetryOption { return nil }

type retryOptions struct {
	BackOff        BackOff
	Timer          timer
	Notify         Notify
	MaxTries       uint
	MaxElapsedTime time.Duration
}

type timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}
