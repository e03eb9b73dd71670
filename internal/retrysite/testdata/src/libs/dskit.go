package libs

import (
	"context"
	"errors"
	"time"

	"github.com/grafana/dskit/backoff"
)

func dskitOp(ctx context.Context) error { return errors.New("x") }

func dskitBounded(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second, MaxRetries: 5})
	for b.Ongoing() { // want `library dskit backoff ctx=sync retries=4`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

func dskitForever(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: time.Second, MaxBackoff: 30 * time.Second})
	for b.Ongoing() { // want `library dskit backoff ctx=sync unbounded`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// A Config the model cannot see: the bound is unknown.
func dskitParam(ctx context.Context, cfg backoff.Config) error {
	b := backoff.New(ctx, cfg)
	for b.Ongoing() { // want `library dskit backoff ctx=sync bound=\?`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// Ongoing outside a loop condition is no site.
func dskitCheck(ctx context.Context) bool {
	b := backoff.New(ctx, backoff.Config{MaxRetries: 3})
	if !b.Ongoing() {
		return false
	}
	return b.NumRetries() == 0
}

// A watch: the backoff starts over after each success (Reset) and the
// loop goes on; it is not a retry.
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
