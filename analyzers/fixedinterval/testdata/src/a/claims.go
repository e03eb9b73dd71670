package a

import (
	"context"
	"errors"
	"time"
)

var (
	ErrDuplicateID = errors.New("duplicate id")
	ErrBusy        = errors.New("busy")
)

var submit func(ctx context.Context, key string) (string, error)

// Only a duplicate goes back, after a pause: the loop waits for the key's
// holder to let it go, a claim and not a retry: no finding.
func claimKey(ctx context.Context, key string) (string, error) {
	for {
		id, err := submit(ctx, key)
		if err != nil {
			if errors.Is(err, ErrDuplicateID) {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			return "", err
		}
		return id, nil
	}
}

// A transient failure goes back after the same pause: a retry.
func submitBusy(ctx context.Context, key string) (string, error) {
	for i := 0; i < 3; i++ {
		id, err := submit(ctx, key)
		if err != nil {
			if errors.Is(err, ErrBusy) {
				time.Sleep(100 * time.Millisecond) // want `R-1: retry of submit waits a fixed 100ms between attempts; use exponential backoff with full jitter`
				continue
			}
			return "", err
		}
		return id, nil
	}
	return "", ErrBusy
}
