// Package retry is a stub of github.com/avast/retry-go/v4 for analysistest (GOPATH mode).
// Signatures are copied from github.com/avast/retry-go/v4@v4.7.0; only the API around retries is
// kept, and bodies return zero values.
package retry

import (
	"context"
	"time"
)

type Config struct {
}

type DelayTypeFunc func(n uint, err error, config *Config) time.Duration

type Error []error

func (e Error) Error() string { return "" }

func (e Error) Is(target error) bool { return false }

func (e Error) As(target interface{}) bool { return false }

func (e Error) Unwrap() error { return nil }

func (e Error) WrappedErrors() []error { return nil }

type OnRetryFunc func(attempt uint, err error)

type Option func(*Config)

type RetryIfFunc func(error) bool

type RetryableFunc func() error

type RetryableFuncWithData[T any] func() (T, error)

type Timer interface {
	After(time.Duration) <-chan time.Time
}

func Attempts(attempts uint) Option { return nil }

func AttemptsForError(attempts uint, err error) Option { return nil }

func BackOffDelay(n uint, _ error, config *Config) time.Duration { return 0 }

func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc { return nil }

func Context(ctx context.Context) Option { return nil }

func Delay(delay time.Duration) Option { return nil }

func DelayType(delayType DelayTypeFunc) Option { return nil }

func Do(retryableFunc RetryableFunc, opts ...Option) error { return nil }

func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	return *new(T), nil
}

func FixedDelay(_ uint, _ error, config *Config) time.Duration { return 0 }

func FullJitterBackoffDelay(n uint, err error, config *Config) time.Duration { return 0 }

func IsRecoverable(err error) bool { return false }

func LastErrorOnly(lastErrorOnly bool) Option { return nil }

func MaxDelay(maxDelay time.Duration) Option { return nil }

func MaxJitter(maxJitter time.Duration) Option { return nil }

func OnRetry(onRetry OnRetryFunc) Option { return nil }

func RandomDelay(_ uint, _ error, config *Config) time.Duration { return 0 }

func RetryIf(retryIf RetryIfFunc) Option { return nil }

func Unrecoverable(err error) error { return nil }

func UntilSucceeded() Option { return nil }

func WithTimer(t Timer) Option { return nil }

func WrapContextErrorWithLastError(wrapContextErrorWithLastError bool) Option { return nil }
