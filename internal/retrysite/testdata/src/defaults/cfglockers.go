package defaults

// A retry library's backoff built in a constructor from the caller's
// Config and kept in a field (goose's lockers): its waits are read where
// it is built. First written for fixedinterval; the lockers of
// defaults.go are the same form with the package's own defaults.

import (
	"context"
	"time"

	retry "github.com/sethvargo/go-retry"
)

type Config struct {
	Interval  time.Duration
	Threshold uint64
}

type cfgLocker struct{ retryLock, retryJitter, retryOK retry.Backoff }

func NewCfgLocker(cfg Config) *cfgLocker {
	return &cfgLocker{
		retryLock:   retry.WithMaxRetries(cfg.Threshold, retry.NewConstant(cfg.Interval)),
		retryJitter: retry.WithMaxRetries(cfg.Threshold, retry.WithJitterPercent(25, retry.NewConstant(cfg.Interval))),
		retryOK:     retry.WithMaxRetries(3, retry.WithFullJitter(retry.NewExponential(time.Second))),
	}
}

func (l *cfgLocker) Lock(ctx context.Context) error {
	return retry.Do(ctx, l.retryLock, func(ctx context.Context) error { // want `R-1.*a fixed interval` `library sethvargo/go-retry ctx=sync bound=\?`
		return retry.RetryableError(do())
	})
}

func (l *cfgLocker) LockJitter(ctx context.Context) error {
	return retry.Do(ctx, l.retryJitter, func(ctx context.Context) error { // want `R-1.*a fixed interval ±25%` `library sethvargo/go-retry ctx=sync bound=\?`
		return retry.RetryableError(do())
	})
}

// Must not flag: full jitter over an exponential backoff.
func (l *cfgLocker) LockOK(ctx context.Context) error {
	return retry.Do(ctx, l.retryOK, func(ctx context.Context) error { // want `library sethvargo/go-retry ctx=sync retries=3`
		return retry.RetryableError(do())
	})
}

// Must not flag: the field is also set by an exported setter with the
// user's own backoff.

type cfgUserLocker struct{ b retry.Backoff }

func NewCfgUserLocker() *cfgUserLocker {
	return &cfgUserLocker{b: retry.NewConstant(time.Second)}
}

func (l *cfgUserLocker) SetBackoff(b retry.Backoff) { l.b = b }

func (l *cfgUserLocker) Lock(ctx context.Context) error {
	return retry.Do(ctx, l.b, func(ctx context.Context) error { // want `library sethvargo/go-retry ctx=sync bound=\?`
		return retry.RetryableError(do())
	})
}
