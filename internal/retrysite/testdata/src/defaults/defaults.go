// Package defaults covers the defaults a package ships for configuration
// the user can change (doc.go, "Values set elsewhere in the package"):
// the values the package itself writes are the defaults; the user's
// (a setter's or an option's argument, a field of an exported
// constructor's config) are left out.
package defaults

import (
	"context"
	"errors"
	"net/http"
	"time"

	retry "github.com/sethvargo/go-retry"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// 1. An exported package variable, copied by the constructor unless the
// options give a count (minio-go's MaxRetry).

var MaxRetry = 10 // want `R-2: retry of do \(GET\) makes 11 attempts = 10 retries, MaxRetry's default, which New can change.*; the default MaxRetry is defined here`

type Options struct{ MaxRetries int }

type client struct{ maxRetries int }

func New(opts Options) *client {
	c := &client{}
	c.maxRetries = MaxRetry
	if opts.MaxRetries > 0 {
		c.maxRetries = opts.MaxRetries
	}
	return c
}

func (c *client) call() error {
	var err error
	for i := 0; i <= c.maxRetries; i++ { // want `loop ctx=sync retries=10` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter` `R-2: retry of do \(GET\) makes 11 attempts = 10 retries, MaxRetry's default, which New can change, outside 1-5 for a synchronous API call; more needs IAB approval`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 2. A constructor's literal and an exported setter (client-go's
// Request.MaxRetries).

type request struct{ maxRetries int }

func NewRequest() *request { return &request{maxRetries: 10} }

func (r *request) MaxRetries(n int) *request {
	if n < 0 {
		n = 0
	}
	r.maxRetries = n
	return r
}

func (r *request) call() error {
	var err error
	for i := 0; i <= r.maxRetries; i++ { // want `loop ctx=sync retries=10` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter` `R-2: retry of do \(GET\) makes 11 attempts = 10 retries, NewRequest's default, which MaxRetries can change, outside 1-5 for a synchronous API call`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: a default that complies, with a setter (retries=2 is
// in the range).

type okRequest struct{ maxRetries int }

func NewOKRequest() *okRequest { return &okRequest{maxRetries: 2} }

func (r *okRequest) SetMaxRetries(n int) { r.maxRetries = n }

func (r *okRequest) call() error {
	var err error
	for i := 0; i <= r.maxRetries; i++ { // want `loop ctx=sync retries=2` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: a field nobody defaults. The literal leaves it out, and
// only the setter writes it: its zero is no default.

type bareRequest struct{ maxRetries int }

func NewBareRequest() *bareRequest { return &bareRequest{} }

func (r *bareRequest) SetMaxRetries(n int) { r.maxRetries = n }

func (r *bareRequest) call() error {
	var err error
	for i := 0; i <= r.maxRetries; i++ { // want `loop ctx=sync bound=\?` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Must not flag: the package itself sets a compliant count in one place
// (a default of 40 elsewhere and a setter do not make it a finding).

type mixed struct{ n int }

func NewMixed() *mixed       { return &mixed{n: 40} }
func newQuickMixed() *mixed  { return &mixed{n: 2} }
func (c *mixed) SetN(n int)  { c.n = n }
func (c *mixed) call() error { return c.loop() }

func (c *mixed) loop() error {
	var err error
	for i := 0; i < c.n; i++ { // want `loop ctx=sync bound=\?` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// 3. A backoff of a retry library built in the constructor from a
// default config the options may replace, kept in a field and given to
// the library's Do (goose's session locker).

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
	return retry.Do(ctx, l.retryLock, func(ctx context.Context) error { // want `library sethvargo/go-retry ctx=sync retries=60` `R-2.*WithMaxRetries\(60\) = 60 retries, NewLocker's default, which WithLockTimeout can change` `R-1: retry\.Do of do \(GET\) waits a fixed 5s \(NewConstant\) between attempts; use exponential backoff with full jitter`
		return retry.RetryableError(do())
	})
}

func (l *locker) Unlock(ctx context.Context) error {
	return retry.Do(ctx, l.retryUnlock, func(ctx context.Context) error { // want `library sethvargo/go-retry ctx=sync retries=3` `R-1: retry\.Do of do \(GET\) waits a fixed 2s \(NewConstant\) between attempts; use exponential backoff with full jitter`
		return retry.RetryableError(do())
	})
}

// Must not follow: the backoff field is also set by an exported setter
// that takes a whole backoff (the user's own, which may be anything).

type userLocker struct{ b retry.Backoff }

func NewUserLocker() *userLocker {
	return &userLocker{b: retry.WithMaxRetries(60, retry.NewConstant(time.Second))}
}

func (l *userLocker) SetBackoff(b retry.Backoff) { l.b = b }

func (l *userLocker) Lock(ctx context.Context) error {
	return retry.Do(ctx, l.b, func(ctx context.Context) error { // want `library sethvargo/go-retry ctx=sync bound=\?`
		return retry.RetryableError(do())
	})
}

// Must not resolve: a func-typed field the user can set stays unknown,
// whatever the default.

type fnClient struct{ attempts func() int }

func NewFnClient() *fnClient                 { return &fnClient{attempts: func() int { return 30 }} }
func (c *fnClient) SetAttempts(f func() int) { c.attempts = f }

func (c *fnClient) call() error {
	var err error
	for i := 0; i < c.attempts(); i++ { // want `loop ctx=sync bound=\?` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

var errX = errors.New("x")
