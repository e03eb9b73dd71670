package a

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/eapache/go-resiliency/retrier"
)

// go-resiliency's retrier (internal/knowledge resiliency.go), known to
// the model by its table only: its bound from the schedule's
// constructor, its waits from the SpreadWaits model.

var errResBad = errors.New("bad")

func resGet(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://x", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return errResBad
	}
	return nil
}

func resiliency(ctx context.Context, b []time.Duration) {
	_ = retrier.New(retrier.ExponentialBackoff(3, 100*time.Millisecond), nil).Run(func() error { return resGet(ctx) }) // the model has no outcomes vocabulary for the library: silent on the 4xx it retries
	_ = retrier.New(retrier.ConstantBackoff(3, time.Second), nil).RunCtx(ctx, resGet)
	_ = retrier.New(retrier.ExponentialBackoff(8, time.Second), nil).RunCtx(ctx, resGet)
	_ = retrier.New(retrier.ExponentialBackoff(3, time.Second), nil).WithInfiniteRetry().RunCtx(ctx, resGet)
	r := retrier.New(retrier.LimitedExponentialBackoff(3, time.Second, 10*time.Second), nil)
	r.SetJitter(1)
	_ = r.RunCtx(ctx, resGet)
	p := retrier.New(retrier.LimitedExponentialBackoff(3, time.Second, 10*time.Second), nil)
	p.SetJitter(0.2)
	_ = p.RunCtx(ctx, resGet)
	_ = retrier.New(b, nil).RunCtx(ctx, resGet)
}
