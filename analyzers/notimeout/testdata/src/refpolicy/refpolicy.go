// Package refpolicy gives retry.Do policies it refuses before the first
// attempt for a duration cap or a missing dead-letter hook (R-8,
// which R-3's last sentence asks for too), and policies it accepts.
package refpolicy

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

func syncTwoMinutes(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{MaxDuration: 2 * time.Minute}, func(ctx context.Context) error { // want `R-3: retry\.Do of get \(GET\) refuses its retry\.Policy: MaxDuration 2m0s exceeds the synchronous API call cap of 30s$`
		return get(ctx, u)
	})
}

// The count is not known, but the policy is refused whatever it is.
func noDeadLetter(ctx context.Context, u string, n int) error {
	p := retry.Policy{Context: policy.AsyncEvent, MaxRetries: n} // want `R-3: retry\.Do of get \(GET\) refuses its retry\.Policy: the async event processing context needs a DeadLetter hook \(R-8\)$`
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

func schedule(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.Batch, WebhookSchedule: true}, func(ctx context.Context) error { // want `R-3: retry\.Do of get \(GET\) refuses its retry\.Policy: WebhookSchedule needs Context policy\.Webhook, not batch$`
		return get(ctx, u)
	})
}

func negativeTimeout(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{AttemptTimeout: -time.Second}, func(ctx context.Context) error { // want `R-3: retry\.Do of get \(GET\) refuses its retry\.Policy: negative AttemptTimeout -1s$`
		return get(ctx, u)
	})
}

// A count refusal is maxretries' finding, not this rule's.
func count(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{MaxRetries: 9, MaxDuration: time.Hour}, func(ctx context.Context) error { return get(ctx, u) })
}

// Accepted, or not known: no finding.

func zero(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error { return get(ctx, u) })
}

func asyncDay(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.AsyncEvent, MaxDuration: 24 * time.Hour, DeadLetter: deadLetter}, func(ctx context.Context) error {
		return get(ctx, u)
	})
}

func hookFromParam(ctx context.Context, u string, dl func(context.Context, retry.DeadLetterMessage) error) error {
	return retry.Do(ctx, retry.Policy{Context: policy.Webhook, DeadLetter: dl}, func(ctx context.Context) error { return get(ctx, u) })
}

func capFromParam(ctx context.Context, u string, d time.Duration) error {
	return retry.Do(ctx, retry.Policy{MaxDuration: d}, func(ctx context.Context) error { return get(ctx, u) })
}
