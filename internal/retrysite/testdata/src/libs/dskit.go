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

// The caller's Config, handed in whole: its zero value (forever) and its
// flag default (9 retries) both break 1-5, so the first stands for both.
func dskitParam(ctx context.Context, cfg backoff.Config) error {
	b := backoff.New(ctx, cfg)
	for b.Ongoing() { // want `library dskit backoff ctx=sync unbounded`
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

type dskitOpts struct{ Backoff backoff.Config }

// A Config the model cannot see (a field of the caller's options): the
// bound is unknown.
func dskitField(ctx context.Context, o dskitOpts) error {
	b := backoff.New(ctx, o.Backoff)
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
