// Package retrier is a stub of github.com/eapache/go-resiliency/retrier for analysistest (GOPATH mode).
// Signatures are copied from github.com/eapache/go-resiliency@v1.7.0/retrier; only the API around
// retries is kept, and bodies return zero values.
package retrier

import (
	"context"
	"time"
)

type Retrier struct{}

func New(backoff []time.Duration, class Classifier) *Retrier { return &Retrier{} }

func (r *Retrier) WithInfiniteRetry() *Retrier     { return r }
func (r *Retrier) WithSurfaceWorkErrors() *Retrier { return r }
func (r *Retrier) Run(work func() error) error     { return nil }
func (r *Retrier) RunCtx(ctx context.Context, work func(ctx context.Context) error) error {
	return nil
}
func (r *Retrier) RunFn(ctx context.Context, work func(ctx context.Context, retries int) error) error {
	return nil
}
func (r *Retrier) SetJitter(jit float64) {}

func ConstantBackoff(n int, amount time.Duration) []time.Duration           { return nil }
func ExponentialBackoff(n int, initialAmount time.Duration) []time.Duration { return nil }
func LimitedExponentialBackoff(n int, initialAmount time.Duration, limitAmount time.Duration) []time.Duration {
	return nil
}

type Action int

const (
	Succeed Action = iota
	Fail
	Retry
)

type Classifier interface {
	Classify(error) Action
}

type DefaultClassifier struct{}

func (c DefaultClassifier) Classify(err error) Action { return Retry }

type WhitelistClassifier []error

func (list WhitelistClassifier) Classify(err error) Action { return Retry }

type BlacklistClassifier []error

func (list BlacklistClassifier) Classify(err error) Action { return Retry }
