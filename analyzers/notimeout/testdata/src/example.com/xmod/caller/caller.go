// Package caller calls a retry helper of another package of its module
// (example.com/xmod/internal/retryx): the caller's context is the
// helper's.
package caller

import (
	"context"
	"net/http"
	"time"

	"example.com/xmod/internal/retryx"
)

func get(url string) (*http.Response, error) { return http.Get(url) }

func background(url string) (*http.Response, error) {
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Retry(context.Background(), op, func(error) time.Duration { return time.Second }) // want `R-3: retry helper retryx.Retry of op \(GET\) has no total duration cap: its context, context.Background\(\), has no deadline`
}

// The caller's deadline caps the helper's loop.
func capped(url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Retry(ctx, op, func(error) time.Duration { return time.Second })
}

// The caller's caller gives the only deadline: the helper relies on a
// deadline it never sets (issue 33).
func fromCaller(ctx context.Context, url string) (*http.Response, error) {
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Retry(ctx, op, func(error) time.Duration { return time.Second }) // want `R-3: .*has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
}

// Through a helper that forwards to Retry: the helper's package sees only
// its own context parameter, so the context this call passes decides
// (timeouts' HelperCall): the caller's, which nothing here caps.
func forwarded(ctx context.Context, url string) (*http.Response, error) {
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Forward(ctx, op, func(error) time.Duration { return time.Second }) // want `R-3: .*has no total duration cap: no attempt count, and only ctx's deadline, which it never sets, ends it`
}

// Must not flag (trap: a deadline set before the forwarded call caps it).
func forwardedCapped(url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Forward(ctx, op, func(error) time.Duration { return time.Second })
}

// Must not flag (trap: its one caller in the package gives ctx a
// deadline, so the retry does not rely on the caller's).
func forwardedInner(ctx context.Context, url string) (*http.Response, error) {
	op := func() (*http.Response, error) { return get(url) }
	return retryx.Forward(ctx, op, func(error) time.Duration { return time.Second })
}

func ForwardedOuter(url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return forwardedInner(ctx, url)
}
