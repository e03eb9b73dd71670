// Package refpolicy gives retry.Do policies it refuses before the first
// attempt for their backoff, and policies it accepts.
package refpolicy

import (
	"context"
	"net/http"
	"time"

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

func baseAboveCap(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{BaseDelay: 5 * time.Second, MaxDelay: 2 * time.Second}, func(ctx context.Context) error { // want `R-1: retry\.Do of get \(GET\) refuses its retry\.Policy: BaseDelay 5s exceeds MaxDelay 2s$`
		return get(ctx, u)
	})
}

// The default base (1s) is above this cap.
func defaultBase(ctx context.Context, u string) error {
	p := retry.Policy{MaxDelay: 500 * time.Millisecond} // want `R-1: retry\.Do of get \(GET\) refuses its retry\.Policy: BaseDelay 1s exceeds MaxDelay 500ms$`
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

func jitter(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Jitter: 2}, func(ctx context.Context) error { // want `R-1: retry\.Do of get \(GET\) refuses its retry\.Policy: unknown jitter Jitter\(2\), neither full nor decorrelated$`
		return get(ctx, u)
	})
}

// Accepted, or not known: no finding.

func decorrelated(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Jitter: retry.DecorrelatedJitter, BaseDelay: 100 * time.Millisecond, MaxDelay: 5 * time.Second}, func(ctx context.Context) error {
		return get(ctx, u)
	})
}

// The cap may be larger than the base.
func capFromParam(ctx context.Context, u string, d time.Duration) error {
	return retry.Do(ctx, retry.Policy{BaseDelay: 5 * time.Second, MaxDelay: d}, func(ctx context.Context) error { return get(ctx, u) })
}
