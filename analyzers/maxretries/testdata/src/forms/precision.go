package forms

import (
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"os/exec"
	"time"
)

// Polls at the interval the server sent and readiness waits for a
// process the function started are not retries; the same loops at the
// client's own interval, or with no process started, are.

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
	for { // want `R-2.*no maximum`
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(o.RetryAfter) * time.Second)
	}
}

func startThenWait(ctx context.Context) error {
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

func waitWithoutStart(ctx context.Context) error {
	for i := 0; i < 30; i++ { // want `R-2.*29 retries`
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// A new random name each iteration searches for a free name; a restart
// when the attempt's own cancel-only context was cancelled is a
// switch-over. The same loops with the same name, or on a per-attempt
// timeout, retry.

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
	for i := 0; i < 30; i++ { // want `R-2.*29 retries`
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
	for i := 0; i < 30; i++ { // want `R-2.*29 retries`
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
