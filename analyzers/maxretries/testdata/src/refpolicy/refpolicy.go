// Package refpolicy gives retry.Do policies it refuses before the first
// attempt (R-2: a count outside its context's range), and policies it
// accepts.
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

// The case: retry.Do refuses it before any attempt.
func asyncTwenty(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.AsyncEvent, MaxRetries: 20, DeadLetter: deadLetter}, func(ctx context.Context) error { // want `R-2: retry\.Do of get \(GET\) refuses its retry\.Policy: MaxRetries 20 is outside the async event processing range 1-10$`
		return get(ctx, u)
	})
}

// The Policy's own Context decides, not the directive: this one is
// sync, where 8 retries are too many.
//
//retrylint:context async
func variable(ctx context.Context, u string) error {
	p := retry.Policy{MaxRetries: 8} // want `R-2: retry\.Do of get \(GET\) refuses its retry\.Policy: MaxRetries 8 is outside the synchronous API call range 1-5$`
	p.Service = "orders"
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

// A field set after the declaration counts.
func fieldSet(ctx context.Context, u string) error {
	var p retry.Policy // want `R-2: retry\.Do of get \(GET\) refuses its retry\.Policy: MaxRetries 2 is outside the webhook delivery range 3-8$`
	p.Context = policy.Webhook
	p.DeadLetter = deadLetter
	p.MaxRetries = 2
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

// An unexported package variable set once.
var batchPolicy = retry.Policy{Context: policy.Batch, MaxRetries: 6} // want `R-2: retry\.Do of get \(GET\) refuses its retry\.Policy: MaxRetries 6 is outside the batch job item range 1-5$`

func batch(ctx context.Context, u string) error {
	return retry.Do(ctx, batchPolicy, func(ctx context.Context) error { return get(ctx, u) })
}

// Declared after its use: a package variable's order does not matter.
func late(ctx context.Context, u string) error {
	return retry.Do(ctx, latePolicy, func(ctx context.Context) error { return get(ctx, u) })
}

var latePolicy = retry.Policy{MaxRetries: 6} // want `R-2: retry\.Do of get \(GET\) refuses its retry\.Policy: MaxRetries 6 is outside the synchronous API call range 1-5$`

// A package variable whose field is set somewhere: the order is not
// known, so neither is the field.
var tunedPolicy = retry.Policy{MaxRetries: 9}

func init() { tunedPolicy.MaxRetries = 3 }

func tuned(ctx context.Context, u string) error {
	return retry.Do(ctx, tunedPolicy, func(ctx context.Context) error { return get(ctx, u) })
}

// A local set twice, or after the call: not one value.
func twice(ctx context.Context, u string, fast bool) error {
	p := retry.Policy{MaxRetries: 9}
	if fast {
		p = retry.Policy{MaxRetries: 2}
	}
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

func after(ctx context.Context, u string) error {
	var p retry.Policy
	for i := 0; i < 2; i++ {
		if err := retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) }); err == nil {
			return nil
		}
		p.MaxRetries = 9
	}
	return nil
}

func value(ctx context.Context, u string) (int, error) {
	return retry.DoValue(ctx, retry.Policy{Context: 9}, func(ctx context.Context) (int, error) { // want `R-2: retry\.DoValue of get \(GET\) refuses its retry\.Policy: unknown context Context\(9\)$`
		return 1, get(ctx, u)
	})
}

// Accepted policies are no finding.

func zero(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{}, func(ctx context.Context) error { return get(ctx, u) })
}

func asyncValid(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.AsyncEvent, MaxRetries: 10, MaxDuration: 24 * time.Hour, DeadLetter: deadLetter}, func(ctx context.Context) error {
		return get(ctx, u)
	})
}

func webhook(ctx context.Context, u string) error {
	return retry.Do(ctx, retry.Policy{Context: policy.Webhook, MaxRetries: 8, WebhookSchedule: true, DeadLetter: func(context.Context, retry.DeadLetterMessage) error { return nil }}, func(ctx context.Context) error {
		return get(ctx, u)
	})
}

// What the code does not show is not guessed.

func unknownCount(ctx context.Context, u string, n int) error {
	return retry.Do(ctx, retry.Policy{MaxRetries: n}, func(ctx context.Context) error { return get(ctx, u) })
}

func unknownContext(ctx context.Context, u string, c policy.Context) error {
	return retry.Do(ctx, retry.Policy{Context: c, MaxRetries: 9}, func(ctx context.Context) error { return get(ctx, u) })
}

func parameter(ctx context.Context, u string, p retry.Policy) error {
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

// A count set after the call, or through a pointer, is not the call's.
func addressed(ctx context.Context, u string) error {
	p := retry.Policy{MaxRetries: 9}
	tune(&p)
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

func tune(p *retry.Policy) { p.MaxRetries = 3 }

func incremented(ctx context.Context, u string) error {
	p := retry.Policy{MaxRetries: 9}
	p.MaxRetries--
	return retry.Do(ctx, p, func(ctx context.Context) error { return get(ctx, u) })
}

// An exported package variable may be set by other packages.
var DefaultPolicy = retry.Policy{MaxRetries: 9}

func exported(ctx context.Context, u string) error {
	return retry.Do(ctx, DefaultPolicy, func(ctx context.Context) error { return get(ctx, u) })
}
