// Package failsafe is a stub of github.com/failsafe-go/failsafe-go for analysistest (GOPATH mode).
// Signatures are copied from github.com/failsafe-go/failsafe-go@v0.9.8; only the API around retries is
// kept, and bodies return zero values.
package failsafe

import (
	"context"
	"time"
)

var ErrExecutionCanceled error

type DelayFunc[R any] func(exec ExecutionAttempt[R]) time.Duration

type DelayablePolicyBuilder[S any, R any] interface {
	WithDelay(delay time.Duration) S
	WithDelayFunc(delayFunc DelayFunc[R]) S
}

type Execution[R any] interface {
	ExecutionAttempt[R]
	Canceled() <-chan struct{}
	IsCanceled() bool
}

type ExecutionAttempt[R any] interface {
	ExecutionInfo
	AttemptStartTime() time.Time
	ElapsedAttemptTime() time.Duration
	IsFirstAttempt() bool
	IsHedge() bool
	IsRetry() bool
	LastError() error
	LastResult() R
}

type ExecutionDoneEvent[R any] struct {
	ExecutionInfo
	Result R
	Error  error
}

type ExecutionEvent[R any] struct {
	ExecutionAttempt[R]
}

type ExecutionInfo interface {
	Attempts() int
	Context() context.Context
	ElapsedTime() time.Duration
	Executions() int
	Hedges() int
	Retries() int
	StartTime() time.Time
}

type ExecutionResult[R any] interface {
	Cancel()
	Done() <-chan any
	Error() error
	Get() (R, error)
	IsDone() bool
	Result() R
}

type ExecutionScheduledEvent[R any] struct {
	ExecutionAttempt[R]
	Delay time.Duration
}

type Executor[R any] interface {
	Compose(innerPolicy Policy[R]) Executor[R]
	ComposeAny(innerPolicy ResultAgnosticPolicy[any]) Executor[R]
	Context() context.Context
	Get(fn func() (R, error)) (R, error)
	GetAsync(fn func() (R, error)) ExecutionResult[R]
	GetAsyncWithExecution(fn func(exec Execution[R]) (R, error)) ExecutionResult[R]
	GetWithExecution(fn func(exec Execution[R]) (R, error)) (R, error)
	OnDone(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnFailure(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnSuccess(listener func(ExecutionDoneEvent[R])) Executor[R]
	Run(fn func() error) error
	RunAsync(fn func() error) ExecutionResult[R]
	RunAsyncWithExecution(fn func(exec Execution[R]) error) ExecutionResult[R]
	RunWithExecution(fn func(exec Execution[R]) error) error
	WithContext(ctx context.Context) Executor[R]
}

type FailurePolicyBuilder[S any, R any] interface {
	HandleErrorTypes(errs ...any) S
	HandleErrors(errs ...error) S
	HandleIf(predicate func(R, error) bool) S
	HandleResult(result R) S
	OnFailure(listener func(ExecutionEvent[R])) S
	OnSuccess(listener func(ExecutionEvent[R])) S
}

type Policy[R any] interface {
	ToExecutor(typeToken R) any
}

type ResultAgnosticPolicy[R any] interface {
	Policy[R]
	ResultAgnostic()
}

func With[R any](policies ...Policy[R]) Executor[R] { return nil }

func WithAny[R any](policy ResultAgnosticPolicy[any]) Executor[R] { return nil }
