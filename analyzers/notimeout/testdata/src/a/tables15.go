package a

// Issue 15's libraries, R-3: a finding and a must-not-flag case for the
// libraries whose time limit is their own, the defaults included.

import (
	"context"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	sethvargo "github.com/sethvargo/go-retry"
)

func tables15Get(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func tables15(u string) {
	bg := context.Background()
	// cenkalti/backoff v5: the default MaxElapsedTime is 15m, above the
	// 30s cap; WithMaxElapsedTime(20s) is within it.
	_, _ = backoff5.Retry(bg, func() (int, error) { return 0, tables15Get(bg, u) }, backoff5.WithMaxTries(3)) // want `R-3: .*15m`
	_, _ = backoff5.Retry(bg, func() (int, error) { return 0, tables15Get(bg, u) }, backoff5.WithMaxTries(3), backoff5.WithMaxElapsedTime(20*time.Second))
	// retry-go: no time limit of its own, and the default context is
	// Background; a Context option with a deadline caps it.
	_ = retrygo.Do(func() error { return tables15Get(bg, u) }, retrygo.Attempts(3)) // want `R-3: .*no total duration cap`
	ctx, cancel := context.WithTimeout(bg, 20*time.Second)
	defer cancel()
	_ = retrygo.Do(func() error { return tables15Get(ctx, u) }, retrygo.Attempts(3), retrygo.Context(ctx))
	// sethvargo/go-retry: WithMaxDuration caps; Do's context too.
	_ = sethvargo.Do(bg, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second)), func(ctx context.Context) error { // want `R-3: .*no total duration cap`
		return tables15Get(ctx, u)
	})
	_ = sethvargo.Do(bg, sethvargo.WithMaxDuration(20*time.Second, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(time.Second))), func(ctx context.Context) error {
		return tables15Get(ctx, u)
	})
}
