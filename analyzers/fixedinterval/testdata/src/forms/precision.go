package forms

import (
	"context"
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
	for {
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
	for i := 0; i < 10; i++ {
		err := get(ctx)
		if err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond) // want `R-1.*fixed 200ms`
	}
	return nil
}
