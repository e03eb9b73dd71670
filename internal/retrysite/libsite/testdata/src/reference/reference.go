package reference

import (
	"context"
	"net/http"
	"time"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

var client = &http.Client{Timeout: 5 * time.Second}

// A call of retry.Do is a site for its operation and its policy: waits
// and timeouts are the package's to enforce. A policy it refuses has no
// bound: the call never runs.
func do(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{MaxRetries: 9}, func(ctx context.Context) error { // want `library retrylint retry ctx=sync bound=\? http-ops=1 waits=unknown timeouts=none retried=- refused=R-2`
		resp, err := http.DefaultClient.Get(u)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func doValue(ctx context.Context, u string) (int, error) {
	return retry.DoValue(ctx, retry.Policy{}, func(ctx context.Context) (int, error) { // want `library retrylint retry ctx=sync retries=3 http-ops=1 waits=unknown timeouts=none retried=\[400\] refused=-`
		resp, err := client.Get(u)
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		if resp.StatusCode == 400 {
			// Not a constant: the model does not guess.
			return 0, retry.Retryable(&retry.StatusError{StatusCode: resp.StatusCode})
		}
		return resp.StatusCode, retry.Retryable(&retry.StatusError{StatusCode: 400})
	})
}

// A policy it accepts gives the site its own context, whatever the
// directive says, and its count.
//
//retrylint:context batch
func async(ctx context.Context, u string) error {
	p := retry.Policy{Context: policy.AsyncEvent, MaxRetries: 7, DeadLetter: func(context.Context, retry.DeadLetterMessage) error { return nil }}
	return retry.Do(ctx, p, func(ctx context.Context) error { // want `library retrylint retry ctx=async retries=7 http-ops=1 waits=unknown timeouts=none retried=- refused=-`
		resp, err := client.Get(u)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Other functions of the package are no sites.
func other(ctx context.Context) context.Context {
	return retry.WithIdempotencyKey(ctx, "k")
}
