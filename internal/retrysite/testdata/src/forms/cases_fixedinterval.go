package forms

// Cases first written for the fixedinterval analyzer; a variant of a case
// of this package bears its name with the suffix R1. The model's test
// runs the rules over them together.

import (
	"context"
	"errors"
	"net/http"
	"os/exec"
	"time"
)

func gotoRetryR1() error {
	attempt := 0
retry: // want `loop ctx=sync retries=3`
	err := do()
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(500 * time.Millisecond) // want `R-1.*fixed 500ms`
		goto retry
	}
	return err
}

// The ticker's period is the wait: a fixed interval.
func rangeTickerR1() error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for range t.C { // want `R-1.*fixed 2s` `loop ctx=sync unbounded` `R-2: retry of do \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func rangeTickerPeriod(period time.Duration) error {
	t := time.NewTicker(period)
	defer t.Stop()
	for range t.C { // want `R-1.*fixed interval \(period\)` `loop ctx=sync unbounded` `R-2: retry of do \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func rangeTick() error {
	for range time.Tick(3 * time.Second) { // want `R-1.*fixed 3s` `loop ctx=sync unbounded` `R-2: retry of do \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func selectTicker(ctx context.Context) error {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for { // want `loop ctx=sync unbounded` `R-2: retry of do \(GET\) has no maximum retry count: the loop has no attempt count: it retries until the operation succeeds`
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C: // want `R-1.*fixed 1s`
		}
	}
}

func selectAfterR1(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ { // want `loop ctx=sync retries=3`
		if err = do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second): // want `R-1.*linearly`
		}
	}
	return err
}

// A state poll paced by a ticker is no retry: success leads back.
func pollState(ctx context.Context, get func(context.Context) (string, error)) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		st, err := get(ctx)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
	}
	return nil
}

// The operation runs once before the loop that retries it.
func primedR1(ctx context.Context, wait time.Duration, attempts int) error {
	err := do()
	if err != nil {
		for r := 0; err != nil && r < attempts; r++ { // want `loop ctx=sync bound=\?`
			select {
			case <-ctx.Done():
			case <-time.After(wait): // want `R-1.*fixed interval \(wait\)`
			}
			err = do()
		}
	}
	return err
}

// A recursive retry that waits at its entry: the wait is between attempts.
func waitFirstR1(ctx context.Context, retries int) error { // want `recursion ctx=sync bound=\?`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(2 * time.Second): // want `R-1.*fixed 2s`
	}
	if err := do(); err != nil {
		if retries <= 0 {
			return err
		}
		return waitFirstR1(ctx, retries-1)
	}
	return nil
}

type deviceAuth struct {
	Interval int64 `json:"interval"`
}

type retryOptions struct {
	RetryAfter int64 `json:"retry_after"`
}

func get(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://example.com", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func serverPoll(ctx context.Context, da *deviceAuth) error {
	for {
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(da.Interval) * time.Second)
	}
}

type waiter struct {
	opts retryOptions
}

func (w *waiter) clientRetry(ctx context.Context) error {
	o := w.opts
	for { // want `R-2.*no maximum` `loop ctx=sync unbounded`
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(o.RetryAfter) * time.Second) // want `R-1.*fixed`
	}
}

func startThenWait(ctx context.Context) error {
	if err := exec.Command("proxy").Start(); err != nil {
		return err
	}
	for i := 0; i < 10; i++ {
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

func waitWithoutStart(ctx context.Context) error {
	for i := 0; i < 10; i++ { // want `loop ctx=sync retries=9` `R-2: retry of get \(GET\) makes 10 attempts = 9 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond) // want `R-1.*fixed 200ms`
	}
	return nil
}

type tokenSource struct{ realm string }

func newTokenSource(realm string) (*tokenSource, error) {
	if realm == "" {
		return nil, errors.New("no realm")
	}
	return &tokenSource{realm: realm}, nil
}

func (t *tokenSource) refresh(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.realm, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type challenge struct{ params map[string]string }

// Not a retry: each challenge gives a different token source.
func firstUsable(ctx context.Context, challenges []challenge) error {
	for _, c := range challenges {
		realm := c.params["realm"]
		ts, err := newTokenSource(realm)
		if err != nil {
			continue
		}
		if err := ts.refresh(ctx); err != nil {
			continue
		}
		return nil
	}
	return errors.New("no usable challenge")
}

// A retry: one token source, refreshed again at a fixed interval.
func refreshAgain(ctx context.Context) error {
	ts, err := newTokenSource("https://auth.example.com/token")
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		if err := ts.refresh(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `R-1: .*fixed 1s`
	}
	return errors.New("gave up")
}
