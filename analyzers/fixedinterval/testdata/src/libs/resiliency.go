package libs

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
	_ = retrier.New(retrier.ExponentialBackoff(3, 100*time.Millisecond), nil).Run(func() error { return resGet(ctx) }) // want `R-1: go-resiliency retrier retry of resGet \(GET\): its wait doubles from 100ms without jitter \(SetJitter 0\)`
	_ = retrier.New(retrier.ConstantBackoff(3, time.Second), nil).RunCtx(ctx, resGet)                                  // want `R-1: go-resiliency retrier retry of resGet waits a fixed 1s between attempts; use exponential backoff with full jitter`
	_ = retrier.New(retrier.ExponentialBackoff(8, time.Second), nil).RunCtx(ctx, resGet)                               // want `R-1: go-resiliency retrier retry of resGet: its wait doubles from 1s without jitter \(SetJitter 0\); use full jitter`
	_ = retrier.New(retrier.ExponentialBackoff(3, time.Second), nil).WithInfiniteRetry().RunCtx(ctx, resGet)           // want `R-1: go-resiliency retrier retry of resGet: its wait doubles from 1s without jitter`
	r := retrier.New(retrier.LimitedExponentialBackoff(3, time.Second, 10*time.Second), nil)
	r.SetJitter(1)
	_ = r.RunCtx(ctx, resGet) // SetJitter(1): ±100%, full jitter: no finding
	p := retrier.New(retrier.LimitedExponentialBackoff(3, time.Second, 10*time.Second), nil)
	p.SetJitter(0.2) // want `R-1: p\.RunCtx of resGet uses partial jitter: SetJitter 0\.2, ±20% around a backoff that doubles from 1s up to 10s`
	_ = p.RunCtx(ctx, resGet)
	_ = retrier.New(b, nil).RunCtx(ctx, resGet) // a schedule the model cannot see: silent
}
