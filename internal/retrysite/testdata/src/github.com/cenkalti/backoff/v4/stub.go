// Package backoff is a stub of github.com/cenkalti/backoff/v4 for analysistest (GOPATH mode).
// Signatures are copied from github.com/cenkalti/backoff/v4@v4.3.0; only the API around retries is
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

var SystemClock = systemClock{}

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type BackOffContext interface {
	BackOff
	Context() context.Context
}

type Clock interface {
	Now() time.Time
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
	MaxElapsedTime      time.Duration
	Stop                time.Duration
	Clock               Clock
}

func (b *ExponentialBackOff) Reset() {}

func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

func (b *ExponentialBackOff) GetElapsedTime() time.Duration { return 0 }

type ExponentialBackOffOpts func(*ExponentialBackOff)

type Notify func(error, time.Duration)

type Operation func() error

type OperationWithData[T any] func() (T, error)

type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return "" }

func (e *PermanentError) Unwrap() error { return nil }

func (e *PermanentError) Is(target error) bool { return false }

type StopBackOff struct {
}

func (b *StopBackOff) Reset() {}

func (b *StopBackOff) NextBackOff() time.Duration { return 0 }

type Ticker struct {
	C <-chan time.Time
}

func (t *Ticker) Stop() {}

type Timer interface {
	C() <-chan time.Time
	Start(duration time.Duration)
	Stop()
}

type ZeroBackOff struct {
}

func (b *ZeroBackOff) Reset() {}

func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return nil }

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff { return nil }

func NewTicker(b BackOff) *Ticker { return nil }

func NewTickerWithTimer(b BackOff, timer Timer) *Ticker { return nil }

func Permanent(err error) error { return nil }

func Retry(o Operation, b BackOff) error { return nil }

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return nil }

func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	return *new(T), nil
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error { return nil }

func RetryNotifyWithTimerAndData[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	return *new(T), nil
}

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { return *new(T), nil }

func WithClockProvider(clock Clock) ExponentialBackOffOpts { return nil }

func WithContext(b BackOff, ctx context.Context) BackOffContext { return nil }

func WithInitialInterval(duration time.Duration) ExponentialBackOffOpts { return nil }

func WithMaxElapsedTime(duration time.Duration) ExponentialBackOffOpts { return nil }

func WithMaxInterval(duration time.Duration) ExponentialBackOffOpts { return nil }

func WithMaxRetries(b BackOff, max uint64) BackOff { return nil }

func WithMultiplier(multiplier float64) ExponentialBackOffOpts { return nil }

func WithRandomizationFactor(randomizationFactor float64) ExponentialBackOffOpts { return nil }

func WithRetryStopDuration(duration time.Duration) ExponentialBackOffOpts { return nil }

type systemClock struct{}

func (t systemClock) Now() time.Time { return time.Time{} }
