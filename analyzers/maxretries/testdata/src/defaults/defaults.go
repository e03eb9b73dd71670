// Package defaults: a retry library's backoff built in a constructor from
// defaults the options may replace, kept in a field (goose's lockers).
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

type probe struct {
	interval  time.Duration
	threshold uint64
}

type lockerConfig struct{ lock, unlock probe }

type LockerOption func(*lockerConfig)

func WithLockTimeout(period, threshold uint64) LockerOption {
	return func(c *lockerConfig) {
		c.lock = probe{interval: time.Duration(period) * time.Second, threshold: threshold}
	}
}

type locker struct{ retryLock, retryUnlock retry.Backoff }

func NewLocker(opts ...LockerOption) *locker {
	cfg := lockerConfig{
		lock:   probe{interval: 5 * time.Second, threshold: 60},
		unlock: probe{interval: 2 * time.Second, threshold: 3},
	}
	for _, o := range opts {
		o(&cfg)
	}
	return &locker{
		retryLock:   retry.WithMaxRetries(cfg.lock.threshold, retry.NewConstant(cfg.lock.interval)),
		retryUnlock: retry.WithMaxRetries(cfg.unlock.threshold, retry.NewConstant(cfg.unlock.interval)),
	}
}

func (l *locker) Lock(ctx context.Context) error {
	return retry.Do(ctx, l.retryLock, func(ctx context.Context) error { // want `R-2.*WithMaxRetries\(60\) = 60 retries, NewLocker's default, which WithLockTimeout can change`
		return retry.RetryableError(do())
	})
}

// Must not flag: the unlock default, 3 retries, complies.
func (l *locker) Unlock(ctx context.Context) error {
	return retry.Do(ctx, l.retryUnlock, func(ctx context.Context) error {
		return retry.RetryableError(do())
	})
}

// Must not flag: the field is also set by an exported setter that takes
// a whole backoff, which may be anything.

type userLocker struct{ b retry.Backoff }

func NewUserLocker() *userLocker {
	return &userLocker{b: retry.WithMaxRetries(60, retry.NewConstant(time.Second))}
}

func (l *userLocker) SetBackoff(b retry.Backoff) { l.b = b }

func (l *userLocker) Lock(ctx context.Context) error {
	return retry.Do(ctx, l.b, func(ctx context.Context) error {
		return retry.RetryableError(do())
	})
}
