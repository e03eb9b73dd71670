package fix

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

func jitter() time.Duration { return rand.N(time.Second) }

func fixed() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("gave up")
}

func exponential(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second << i): // want `R-1: retry of do \(GET\): its wait doubles from 1s without jitter; use exponential backoff with full jitter`
		}
	}
	return errors.New("gave up")
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func helper(ctx context.Context) error {
	for n := 0; n < 3; n++ {
		if err := do(); err == nil {
			return nil
		}
		if err := sleepCtx(ctx, time.Duration(n+1)*time.Second); err != nil { // want `R-1: retry of do \(GET\): its wait grows linearly by 1s per attempt, without jitter; use full jitter`
			return err
		}
	}
	return errors.New("gave up")
}

// No attempt counter: reported, no fix.
func noCounter() error {
	for {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
}
