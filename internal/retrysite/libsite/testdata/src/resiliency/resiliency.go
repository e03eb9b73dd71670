package resiliency

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/eapache/go-resiliency/retrier"
)

// go-resiliency's retrier (internal/knowledge resiliency.go), known to
// the model by its table only: its bound from the schedule's
// constructor, its waits from the SpreadWaits model. The one copy of the
// case: libsite's TestResiliency runs the model and the four rules over
// it. Silent: R-3 (the model has no timeouts vocabulary for the library),
// R-4 (no outcomes vocabulary: silent on the 4xx it retries), R-1 on
// SetJitter(1) (full jitter), and every rule on a schedule the model
// cannot see (retrier.New(b, nil)).

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
	_ = retrier.New(retrier.ExponentialBackoff(3, 100*time.Millisecond), nil).Run(func() error { return resGet(ctx) }) // want `R-1: go-resiliency retrier retry of resGet \(GET\): its wait doubles from 100ms without jitter \(SetJitter 0\)` `library go-resiliency retrier ctx=sync retries=3`
	_ = retrier.New(retrier.ConstantBackoff(3, time.Second), nil).RunCtx(ctx, resGet)                                  // want `R-1: go-resiliency retrier retry of resGet waits a fixed 1s between attempts; use exponential backoff with full jitter` `library go-resiliency retrier ctx=sync retries=3`
	_ = retrier.New(retrier.ExponentialBackoff(8, time.Second), nil).RunCtx(ctx, resGet)                               // want `R-1: go-resiliency retrier retry of resGet: its wait doubles from 1s without jitter \(SetJitter 0\); use full jitter` `R-2: go-resiliency retrier retry of resGet makes ExponentialBackoff\(8\) = 8 retries, outside 1-5 for a synchronous API call; more needs IAB approval` `library go-resiliency retrier ctx=sync retries=8`
	_ = retrier.New(retrier.ExponentialBackoff(3, time.Second), nil).WithInfiniteRetry().RunCtx(ctx, resGet)           // want `R-1: go-resiliency retrier retry of resGet: its wait doubles from 1s without jitter` `R-2: go-resiliency retrier retry of resGet has no maximum retry count: a go-resiliency Retrier WithInfiniteRetry\(\) retries until the operation succeeds` `library go-resiliency retrier ctx=sync unbounded`
	r := retrier.New(retrier.LimitedExponentialBackoff(3, time.Second, 10*time.Second), nil)
	r.SetJitter(1)
	_ = r.RunCtx(ctx, resGet) // want `library go-resiliency retrier ctx=sync retries=3`
	p := retrier.New(retrier.LimitedExponentialBackoff(3, time.Second, 10*time.Second), nil)
	p.SetJitter(0.2)                            // want `R-1: p\.RunCtx of resGet uses partial jitter: SetJitter 0\.2, ±20% around a backoff that doubles from 1s up to 10s`
	_ = p.RunCtx(ctx, resGet)                   // want `library go-resiliency retrier ctx=sync retries=3`
	_ = retrier.New(b, nil).RunCtx(ctx, resGet) // want `library go-resiliency retrier ctx=sync bound=\?`
}
