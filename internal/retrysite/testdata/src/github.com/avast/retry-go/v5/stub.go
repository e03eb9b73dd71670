// Package retry is a stub of github.com/avast/retry-go/v5 for analysistest (GOPATH mode).
// Signatures are copied from github.com/avast/retry-go/v5@v5.1.1; only the API around retries is
// kept, and bodies return zero values.
package retry

import (
	"context"
	"time"
)

var ErrThrottled error

type DelayContext interface {
	Delay() time.Duration
	MaxBackOffN() uint
	MaxDelay() time.Duration
	MaxJitter() time.Duration
}

type DelayTypeFunc func(n uint, err error, config DelayContext) time.Duration

type Error []error

func (e Error) Error() string { return "" }

func (e Error) Is(target error) bool { return false }

func (e Error) As(target interface{}) bool { return false }

func (e Error) Unwrap() []error { return nil }

func (e Error) WrappedErrors() []error { return nil }

func (e Error) LastError() error { return nil }

type FixedTokenBucketThrottleConfig struct {
	MaxCapacity             int64
	ThrottleCost            int64
	SuccessReleaseCost      int64
	FirstSuccessReleaseCost int64
}

type FixedTokenBucketThrottleManager struct {
}

func (m *FixedTokenBucketThrottleManager) AllowRetry(_ uint, _ error) bool { return false }

func (m *FixedTokenBucketThrottleManager) OnSuccess(attempt uint) {}

type OnRetryFunc func(attempt uint, err error)

type Option func(*retrierCore)

type Retrier struct {
}

func (r *Retrier) Do(retryableFunc RetryableFunc) error { return nil }

type RetrierWithData[T any] struct {
}

func (r *RetrierWithData[T]) Do(retryableFunc RetryableFuncWithData[T]) (T, error) {
	return *new(T), nil
}

type RetryIfFunc func(error) bool

type RetryableFunc func() error

type RetryableFuncWithData[T any] func() (T, error)

type ThrottleManager interface {
	AllowRetry(attempt uint, err error) bool
	OnSuccess(attempt uint)
}

type Timer interface {
	After(time.Duration) <-chan time.Time
}

func Attempts(attempts uint) Option { return nil }

func AttemptsForError(attempts uint, err error) Option { return nil }

func BackOffDelay(n uint, _ error, config DelayContext) time.Duration { return 0 }

func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc { return nil }

func Context(ctx context.Context) Option { return nil }

func Delay(delay time.Duration) Option { return nil }

func DelayType(delayType DelayTypeFunc) Option { return nil }

func FixedDelay(_ uint, _ error, config DelayContext) time.Duration { return 0 }

func FullJitterBackoffDelay(n uint, err error, config DelayContext) time.Duration { return 0 }

func IsRecoverable(err error) bool { return false }

func LastErrorOnly(lastErrorOnly bool) Option { return nil }

func MaxDelay(maxDelay time.Duration) Option { return nil }

func MaxJitter(maxJitter time.Duration) Option { return nil }

func New(opts ...Option) *Retrier { return nil }

func NewFixedTokenBucketThrottle(config FixedTokenBucketThrottleConfig) *FixedTokenBucketThrottleManager {
	return nil
}

func NewWithData[T any](opts ...Option) *RetrierWithData[T] { return nil }

func OnRetry(onRetry OnRetryFunc) Option { return nil }

func RandomDelay(_ uint, _ error, config DelayContext) time.Duration { return 0 }

func RetryIf(retryIf RetryIfFunc) Option { return nil }

func Unrecoverable(err error) error { return nil }

func UntilSucceeded() Option { return nil }

func WithFixedTokenBucketThrottle(config FixedTokenBucketThrottleConfig) Option { return nil }

func WithThrottle(manager ThrottleManager) Option { return nil }

func WithTimer(t Timer) Option { return nil }

func WrapContextErrorWithLastError(wrapContextErrorWithLastError bool) Option { return nil }

type retrierCore struct{}
