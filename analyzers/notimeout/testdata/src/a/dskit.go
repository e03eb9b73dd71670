package a

import (
	"context"
	"errors"
	"time"

	"github.com/grafana/dskit/backoff"
)

func dskitOp(ctx context.Context) error { return errors.New("x") }

// The context given to New has a deadline: capped.
func dskitCapped(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	b := backoff.New(ctx, backoff.Config{MinBackoff: 100 * time.Millisecond, MaxBackoff: 10 * time.Second, MaxRetries: 5})
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// The caller's context: the caller may have set a deadline; silent.
func dskitCaller(ctx context.Context) error {
	b := backoff.New(ctx, backoff.Config{MinBackoff: time.Second, MaxBackoff: 30 * time.Second, MaxRetries: 4})
	for b.Ongoing() {
		if err := dskitOp(ctx); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}

// context.Background() never ends: nothing caps the retries.
func dskitBackground() error {
	b := backoff.New(context.Background(), backoff.Config{MinBackoff: time.Second, MaxBackoff: 30 * time.Second, MaxRetries: 4})
	for b.Ongoing() { // want `R-3: dskit backoff retry policy has no total duration cap: dskit backoff has no time limit of its own and its context, context.Background\(\), has no deadline`
		if err := dskitOp(context.Background()); err == nil {
			return nil
		}
		b.Wait()
	}
	return b.Err()
}
