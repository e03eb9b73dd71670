// Package refranges is checked with -ranges sync=1-2,async=1-4: the
// count of a retry.Policy retry.Do accepts, its MaxRetries or its
// context's default, is judged by the tightened range like any retry's.
package refranges

import (
	"context"
	"net/http"
	"time"

	"github.com/retrylint/retrylint/policy"
	"github.com/retrylint/retrylint/retry"
)

var client = &http.Client{Timeout: 5 * time.Second}

func get(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func deadLetter(context.Context, retry.DeadLetterMessage) error { return nil }

func zeroPolicy(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error { return get(ctx, u) }) // want `R-2: retry\.Do of get \(GET\) makes retry\.Policy's default of 3 retries, outside 1-2 for a synchronous API call`
}

func count(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{MaxRetries: 4}, func(ctx context.Context) error { return get(ctx, u) }) // want `R-2: retry\.Do of get \(GET\) makes MaxRetries 4 = 4 retries, outside 1-2 for a synchronous API call`
}

func asyncDefault(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.AsyncEvent, DeadLetter: deadLetter}, func(ctx context.Context) error { return get(ctx, u) }) // want `R-2: retry\.Do of get \(GET\) makes retry\.Policy's default of 5 retries, outside 1-4 for async event processing`
}

// The Policy's Context decides, not the directive.
//
//retrylint:context async
func directive(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{MaxRetries: 3}, func(ctx context.Context) error { return get(ctx, u) }) // want `R-2: retry\.Do of get \(GET\) makes MaxRetries 3 = 3 retries, outside 1-2 for a synchronous API call`
}

// Inside the tightened ranges, or not known: no finding.

func inside(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{MaxRetries: 2}, func(ctx context.Context) error { return get(ctx, u) })
}

func asyncInside(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.AsyncEvent, MaxRetries: 4, DeadLetter: deadLetter}, func(ctx context.Context) error {
		return get(ctx, u)
	})
}

func batchDefault(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.Batch}, func(ctx context.Context) error { return get(ctx, u) })
}

func unknown(ctx context.Context, u string, n int) error {
	return retry.Do(ctx, retry.Policy{MaxRetries: n}, func(ctx context.Context) error { return get(ctx, u) })
}
