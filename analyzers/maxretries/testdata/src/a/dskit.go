package a

import (
	"context"
	"errors"
	"time"

	"github.com/grafana/dskit/backoff"
)

func dskitOp(ctx context.Context) error { return errors.New("x") }

// MaxRetries 5 = 5 attempts: accepted.
func dskitBounded(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second, MaxRetries: 5})
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// No MaxRetries: the Config's zero value retries until the context ends.
func dskitForever(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: time.Second, MaxBackoff: 30 * time.Second})
	for b.Ongoing() { // want `R-2: dskit backoff retry policy has no maximum retry count: dskit backoff with MaxRetries 0`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// MaxRetries 0 written out is no limit either.
func dskitZero(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: time.Second, MaxBackoff: 30 * time.Second, MaxRetries: 0})
	for b.Ongoing() { // want `R-2: dskit backoff retry policy has no maximum retry count: dskit backoff MaxRetries\(0\) retries`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// The caller's Config, handed in whole: whichever way dskit makes one,
// its zero value (MaxRetries 0, forever) or its flags (10 attempts), the
// count is outside 1-5 (knowledge.BoundTable.Caller).
func dskitParam(ctx context.Context, cfg backoff.Config) error {
	b := backoff.New(ctx, cfg)
	for b.Ongoing() { // want `R-2: dskit backoff retry policy has no maximum retry count: cfg, the caller's backoff.Config, has none at its zero value and 9 retries at its flag default`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// Ongoing as a check, not a loop condition: no site.
func dskitCheck(ctx context.Context) bool {
	b := backoff.New(ctx, backoff.Config{})
	return b.Ongoing()
}

// A watch (dskit kv/consul's WatchKey): Reset after each success, the
// loop goes on until the context ends; not a retry.
func dskitWatch(ctx context.Context, f func() bool) {
	b := backoff.New(ctx, backoff.Config{MinBackoff: time.Second, MaxBackoff: time.Minute})
	for b.Ongoing() {
		if err := dskitOp(ctx); err != nil {
			b.Wait()
			continue
		}
		b.Reset()
		if !f() {
			return
		}
	}
}

// The caller's Config captured by the interceptor its maker returns
// (dskit grpcclient's NewRateLimitRetrier): the same.
func dskitMaker(cfg backoff.Config) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		b := backoff.New(ctx, cfg)
		for b.Ongoing() { // want `R-2: dskit backoff retry policy has no maximum retry count: cfg, the caller's backoff.Config, has none at its zero value`
			if err := dskitOp(ctx); err == nil {
				return nil
			}
			b.Wait()
		}
		return b.Err()
	}
}

// Must not flag: the function sets the count on the caller's Config.
func dskitParamCounted(ctx context.Context, cfg backoff.Config) error {
	cfg.MaxRetries = 3
	b := backoff.New(ctx, cfg)
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

type dskitOpts struct{ Backoff backoff.Config }

// Must not flag: the Config is a field of the caller's options, which
// the model does not read as a Config handed in whole.
func dskitField(ctx context.Context, o dskitOpts) error {
	b := backoff.New(ctx, o.Backoff)
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// Must not flag: a Config from a package variable of unknown value.
var dskitShared backoff.Config

func dskitVar(ctx context.Context) error {
	b := backoff.New(ctx, dskitShared)
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}
