// Package retrypolicy is a stub of github.com/failsafe-go/failsafe-go/retrypolicy for analysistest (GOPATH mode).
// Signatures are copied from github.com/failsafe-go/failsafe-go@v0.9.8; only the API around retries is
// kept, and bodies return zero values.
package retrypolicy

import (
	"github.com/failsafe-go/failsafe-go"
	"time"
)

var ErrExceeded error

type Builder[R any] interface {
	failsafe.FailurePolicyBuilder[Builder[R], R]
	failsafe.DelayablePolicyBuilder[Builder[R], R]
	AbortIf(predicate func(R, error) bool) Builder[R]
	AbortOnErrorTypes(errs ...any) Builder[R]
	AbortOnErrors(errs ...error) Builder[R]
	AbortOnResult(result R) Builder[R]
	Build() RetryPolicy[R]
	OnAbort(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetriesExceeded(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetry(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetryScheduled(listener func(failsafe.ExecutionScheduledEvent[R])) Builder[R]
	ReturnLastFailure() Builder[R]
	WithBackoff(delay time.Duration, maxDelay time.Duration) Builder[R]
	WithBackoffFactor(delay time.Duration, maxDelay time.Duration, delayFactor float64) Builder[R]
	WithJitter(jitter time.Duration) Builder[R]
	WithJitterFactor(jitterFactor float64) Builder[R]
	WithMaxAttempts(maxAttempts int) Builder[R]
	WithMaxDuration(maxDuration time.Duration) Builder[R]
	WithMaxRetries(maxRetries int) Builder[R]
	WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R]
}

type ExceededError struct {
	LastResult any
	LastError  error
}

func (e ExceededError) Error() string { return "" }

func (e ExceededError) Is(err error) bool { return false }

func (e ExceededError) Unwrap() error { return nil }

type RetryPolicy[R any] interface {
	failsafe.Policy[R]
}

func AsExceededError(err error) *ExceededError { return nil }

func IsExceededError(err error) bool { return false }

func NewBuilder[R any]() Builder[R] { return nil }

func NewWithDefaults[R any]() RetryPolicy[R] { return nil }
