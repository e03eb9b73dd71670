package forms

// Cases first written for the maxretries analyzer; a variant of a case
// of this package bears its name with the suffix R2. The model's test
// runs the rules over them together.

import (
	"context"
	"fmt"
	"math/rand"
	"os/exec"
	"time"
)

// A range over a ticker never ends by itself: unbounded.
func rangeTickerR2() error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for range t.C { // want `R-2.*no maximum` `loop ctx=sync unbounded` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

// A loop with no condition, its bound checked in the body.
func noConditionR2() error {
	for retry := 0; ; retry++ { // want `R-2.*8 retries` `loop ctx=sync retries=8`
		err := do()
		if err == nil {
			break
		}
		if retry >= 8 {
			return err
		}
		time.Sleep(time.Second) // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return nil
}

// A goto loop with a counter.
func gotoRetryR2() error {
	attempt := 0
retry: // want `R-2.*9 retries` `loop ctx=sync retries=9`
	err := do()
	if err != nil && attempt < 9 {
		attempt++
		time.Sleep(time.Second) // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
		goto retry
	}
	return err
}

func startThenWaitR2(ctx context.Context) error {
	if err := exec.Command("proxy").Start(); err != nil {
		return err
	}
	for i := 0; i < 30; i++ {
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

func waitWithoutStartR2(ctx context.Context) error {
	for i := 0; i < 30; i++ { // want `R-2.*29 retries` `loop ctx=sync retries=29`
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond) // want `R-1: retry of get \(GET\) waits a fixed 200ms between attempts; use exponential backoff with full jitter`
	}
	return nil
}

type named struct{ name string }

func (n *named) SetName(s string) { n.name = s }

func createWithName(ctx context.Context, create func(context.Context, *named) error, n *named) error {
	var err error
	for i := 0; i < 30; i++ {
		n.SetName(fmt.Sprint("obj-", rand.Int63()))
		if err = create(ctx, n); err == nil {
			return nil
		}
	}
	return err
}

func createSameName(ctx context.Context, create func(context.Context, *named) error, n *named) error {
	var err error
	for i := 0; i < 30; i++ { // want `R-2.*29 retries` `loop ctx=sync retries=29` `R-1: retry of create retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if err = create(ctx, n); err == nil {
			return nil
		}
	}
	return err
}

func restartOnSwitchover(ctx context.Context, fn func(context.Context) error) error {
	for i := 0; i < 30; i++ {
		attempt, cancel := context.WithCancel(ctx)
		err := fn(attempt)
		cancel()
		if err == nil {
			return nil
		}
		if attempt.Err() == context.Canceled && ctx.Err() == nil {
			continue
		}
		return err
	}
	return nil
}

func retryOnAttemptTimeout(ctx context.Context, fn func(context.Context) error) error {
	for i := 0; i < 30; i++ { // want `R-2.*29 retries` `loop ctx=sync retries=29` `R-1: retry of fn retries at once, with no wait between attempts; use exponential backoff with full jitter`
		attempt, cancel := context.WithTimeout(ctx, time.Second)
		err := fn(attempt)
		cancel()
		if err == nil {
			return nil
		}
		if attempt.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			continue
		}
		return err
	}
	return nil
}
