// Package capself holds issue 33's cases: a retry enforces its own total
// cap, whatever context its caller hands it.
package capself

import (
	"context"
	"errors"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
)

func fetch(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// 1. A cap the retry enforces itself.

// The caller's ctx is watched, but nothing in the package gives it a
// deadline: the default 15m is the cap.
func CenkCaller(ctx context.Context, u string) error {
	return backoff.Retry(func() error { return fetch(ctx, u) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx)) // want `R-3: backoff\.Retry of fetch \(GET\) sets no deadline on ctx and is capped at 15m by cenkalti/backoff/v4's default MaxElapsedTime`
}

// MaxElapsedTime 0 and no count: only a deadline nobody sets stops it.
func CenkCallerForever(ctx context.Context, u string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { return fetch(ctx, u) }, backoff.WithContext(b, ctx)) // want `R-3: backoff\.Retry of fetch \(GET\) sets no deadline on ctx and has no total duration cap: MaxElapsedTime 0`
}

// Must not flag: every call in the package gives ctx a deadline.
func cenkCalled(ctx context.Context, u string) error {
	return backoff.Retry(func() error { return fetch(ctx, u) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func CallsWithDeadline(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return cenkCalled(ctx, u)
}

// Must not flag: a forwarder's callers set the deadline.
func cenkForwarded(ctx context.Context, u string) error {
	return backoff.Retry(func() error { return fetch(ctx, u) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func forward(ctx context.Context, u string) error { return cenkForwarded(ctx, u) }

func CallsForwarder(parent context.Context, u string) error {
	ctx, cancel := context.WithTimeout(parent, 25*time.Second)
	defer cancel()
	return forward(ctx, u)
}

// Must not flag: the retry's own limit is within the cap.
func CenkOwnCap(ctx context.Context, u string) error {
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(20 * time.Second))
	return backoff.Retry(func() error { return fetch(ctx, u) }, backoff.WithContext(b, ctx))
}

// Must not flag: a count with MaxElapsedTime 0 under the caller's
// context: the count ends it.
func CenkCallerCounted(ctx context.Context, u string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { return fetch(ctx, u) }, backoff.WithContext(backoff.WithMaxRetries(b, 3), ctx))
}

// 2. A retry that never sees the context.

func CenkNoContext(ctx context.Context, u string) error {
	return backoff.Retry(func() error { return fetch(ctx, u) }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `R-3: backoff\.Retry of fetch \(GET\) never watches ctx and is capped at 15m by cenkalti/backoff/v4's default MaxElapsedTime, above the 30s cap`
}

func CenkNoContextForever(ctx context.Context, u string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { return fetch(ctx, u) }, b) // want `R-3: backoff\.Retry of fetch \(GET\) never watches ctx and has no total duration cap: MaxElapsedTime 0 means the ExponentialBackOff never stops`
}

func RetryGoNoContext(ctx context.Context, u string) error {
	return retrygo.Do(func() error { return fetch(ctx, u) }, retrygo.Attempts(10), retrygo.Delay(time.Second)) // want `R-3: retrygo\.Do of fetch \(GET\) never watches ctx and has no total duration cap: retry-go/v4 has no time limit of its own`
}

func SleepLoop(ctx context.Context, u string) error {
	for { // want `R-3: retry of fetch \(GET\) never watches ctx and has no total duration cap`
		if err := fetch(ctx, u); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the Context option watches ctx.
func RetryGoContext(ctx context.Context, u string) error {
	return retrygo.Do(func() error { return fetch(ctx, u) }, retrygo.Attempts(10), retrygo.Context(ctx))
}

// Must not flag: the operation stops the retry when ctx ends.
func RetryGoOpWatches(ctx context.Context, u string) error {
	return retrygo.Do(func() error {
		if err := ctx.Err(); err != nil {
			return retrygo.Unrecoverable(err)
		}
		return fetch(ctx, u)
	}, retrygo.Attempts(10))
}

// The operation stops the retry when ctx ends, so the retry watches ctx
// (not "never watches"); but nothing sets ctx's deadline, and the default
// 15m is the retry's own cap.
func CenkOpWatches(ctx context.Context, u string) error {
	return backoff.Retry(func() error {
		err := fetch(ctx, u)
		if errors.Is(err, context.DeadlineExceeded) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `R-3: backoff\.Retry of fetch \(GET\) sets no deadline on ctx and is capped at 15m`
}

// Not blind: the wait watches ctx. With no count and no cap of its own
// it relies on ctx's deadline (issue 33).
func SelectLoop(ctx context.Context, u string) error {
	for { // want `R-3: .*has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		if err := fetch(ctx, u); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

var errPermanent = errors.New("permanent")

// Not blind: the loop also ends on errors it does not retry, which may
// include the context's. It relies on ctx's deadline (issue 33).
func SleepLoopExits(ctx context.Context, u string) error {
	for { // want `R-3: .*has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
		err := fetch(ctx, u)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errPermanent) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// 3. Library defaults as caps.

func Cenk5Caller(ctx context.Context, u string) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, fetch(ctx, u) }, backoff5.WithMaxTries(3)) // want `R-3: backoff5\.Retry of fetch \(GET\) sets no deadline on ctx and is capped at 15m by cenkalti/backoff/v5's default MaxElapsedTime`
	return err
}

func RetryableProduct(ctx context.Context, u string) error {
	c := retryablehttp.NewClient()
	c.HTTPClient.Timeout = 20 * time.Second
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req) // want `R-3: go-retryablehttp retry of c\.Do \(GET\) can take 5 attempts x 20s timeout \+ waits 1s\+2s\+4s\+8s at least = 1m55s > the 30s cap`
	return err
}

// Must not flag: v5 with its own cap within 30s.
func Cenk5OwnCap(ctx context.Context, u string) error {
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, fetch(ctx, u) }, backoff5.WithMaxTries(3), backoff5.WithMaxElapsedTime(20*time.Second))
	return err
}

// Must not flag: RetryMax 2 x 5s + waits 1s+2s is within the cap.
func RetryableWithin(ctx context.Context, u string) error {
	c := retryablehttp.NewClient()
	c.HTTPClient.Timeout = 5 * time.Second
	c.RetryMax = 2
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}
