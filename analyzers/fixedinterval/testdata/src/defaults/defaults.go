// Package defaults: a retry library's backoff built in a constructor and
// kept in a field (goose's lockers): its waits are read where it is
// built.
package defaults

import (
	"context"
	"net/http"
	"time"

	retry "github.com/sethvargo/go-retry"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

type Config struct {
	Interval  time.Duration
	Threshold uint64
}

type locker struct{ retryLock, retryJitter, retryOK retry.Backoff }

func New(cfg Config) *locker {
	return &locker{
		retryLock:   retry.WithMaxRetries(cfg.Threshold, retry.NewConstant(cfg.Interval)),
		retryJitter: retry.WithMaxRetries(cfg.Threshold, retry.WithJitterPercent(25, retry.NewConstant(cfg.Interval))),
		retryOK:     retry.WithMaxRetries(3, retry.WithFullJitter(retry.NewExponential(time.Second))),
	}
}

func (l *locker) Lock(ctx context.Context) error {
	return retry.Do(ctx, l.retryLock, func(ctx context.Context) error { // want `R-1.*a fixed interval`
		return retry.RetryableError(do())
	})
}

func (l *locker) LockJitter(ctx context.Context) error {
	return retry.Do(ctx, l.retryJitter, func(ctx context.Context) error { // want `R-1.*a fixed interval ±25%`
		return retry.RetryableError(do())
	})
}

// Must not flag: full jitter over an exponential backoff.
func (l *locker) LockOK(ctx context.Context) error {
	return retry.Do(ctx, l.retryOK, func(ctx context.Context) error {
		return retry.RetryableError(do())
	})
}

// Must not flag: the field is also set by an exported setter with the
// user's own backoff.

type userLocker struct{ b retry.Backoff }

func NewUserLocker() *userLocker {
	return &userLocker{b: retry.NewConstant(time.Second)}
}

func (l *userLocker) SetBackoff(b retry.Backoff) { l.b = b }

func (l *userLocker) Lock(ctx context.Context) error {
	return retry.Do(ctx, l.b, func(ctx context.Context) error {
		return retry.RetryableError(do())
	})
}
