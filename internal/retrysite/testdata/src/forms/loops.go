package forms

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Loop forms real code writes (issue 14, miss 4).

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// A loop with no condition whose counter is checked in the body.
func noCondition() error {
	for retry := 0; ; retry++ { // want `loop ctx=sync retries=4`
		err := do()
		if err == nil {
			break
		}
		if retry >= 4 {
			return err
		}
		time.Sleep(time.Second) // want `R-1.*fixed 1s`
	}
	return nil
}

// The same with the bound checked before the operation.
func noConditionCheckFirst() error {
	var err error
	for attempt := 0; ; attempt++ { // want `loop ctx=sync retries=2` `R-1: retry of do \(GET\) retries at once, with no wait between attempts; use exponential backoff with full jitter`
		if attempt == 3 {
			return err
		}
		if err = do(); err == nil {
			return nil
		}
	}
}

// A goto loop with a counter.
func gotoRetry() error {
	attempt := 0
retry: // want `loop ctx=sync retries=3`
	err := do()
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(time.Second) // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
		goto retry
	}
	return err
}

// A loop paced by a ticker it ranges over.
func rangeTicker(ctx context.Context) error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for range t.C { // want `loop ctx=sync unbounded` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter` `R-2: retry of do \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

// A bounded loop paced by a ticker it receives from.
func receiveTicker() error {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	var err error
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4`
		if err = do(); err == nil {
			return nil
		}
		<-ticker.C // want `R-1.*fixed 1s`
	}
	return err
}

// A select on time.After and ctx.Done as the wait.
func selectAfter(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ { // want `loop ctx=sync retries=3`
		if err = do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second): // want `R-1: retry of do \(GET\): its wait grows linearly by 1s per attempt, without jitter; use full jitter`
		}
	}
	return errors.Join(err, errors.New("gave up"))
}

var errNoResponders = errors.New("no responders")

// The operation runs once before the loop; the loop runs it again while
// it fails: 3 retries after the first attempt.
func primed(ctx context.Context) error {
	err := do()
	for r := 0; err != nil && r < 3; r++ { // want `loop ctx=sync retries=3`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
		}
		err = do()
	}
	return err
}

// The same with the failure checked by errors.Is in the condition.
func primedIs(ctx context.Context, wait time.Duration, attempts int) error {
	err := do()
	if err != nil {
		for r := 0; errors.Is(err, errNoResponders) && r < attempts; r++ { // want `loop ctx=sync bound=\?`
			select {
			case <-ctx.Done():
			case <-time.After(wait): // want `R-1: retry of do \(GET\) waits a fixed interval \(wait\) between attempts; use exponential backoff with full jitter`
			}
			err = do()
		}
	}
	return err
}

// An operation run before a loop that runs it again on success is a
// poll, not a retry.
func primedPoll() error {
	err := do()
	for i := 0; err == nil && i < 3; i++ {
		time.Sleep(time.Second)
		err = do()
	}
	return err
}

// A recursive retry that waits at its entry, before the operation.
func waitFirst(ctx context.Context, retries int) error { // want `recursion ctx=sync bound=\?`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Second): // want `R-1: recursive retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	if err := do(); err != nil {
		if retries <= 0 {
			return err
		}
		return waitFirst(ctx, retries-1)
	}
	return nil
}
