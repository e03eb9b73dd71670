package a

import (
	"context"
	"time"

	"github.com/go-resty/resty/v2"
	resty3 "resty.dev/v3"
)

// resty with SetRetryCount and no SetTimeout: the request's context
// decides whether anything bounds the attempts (issue 15).

func restyBackground() {
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().SetContext(context.Background()).Get("http://x") // want `R-3: resty/v2 retry of Get \(GET\) has no per-attempt timeout and no total duration cap`
}

func restyCancelOnly() {
	c := resty.New().SetRetryCount(3)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, _ = c.R().SetContext(ctx).Get("http://x") // want `R-3: resty/v2 retry of c\.R\(\)\.SetContext\(ctx\)\.Get \(GET\) has no per-attempt timeout and no total duration cap`
}

func restyTODO() {
	c := resty.New()
	c.SetRetryCount(3)
	ctx := context.TODO()
	_, _ = c.R().SetContext(ctx).Get("http://x") // want `R-3: resty/v2 retry of c\.R\(\)\.SetContext\(ctx\)\.Get \(GET\) has no per-attempt timeout`
}

func restyV3Background() {
	c := resty3.New().SetRetryCount(3)
	_, _ = c.R().SetContext(context.Background()).Get("http://x") // want `R-3: resty/v3 retry of Get \(GET\) has no per-attempt timeout and no total duration cap`
}

// Must not flag.

// SetTimeout bounds each attempt (the http.Client's Timeout).
func restyTimeoutBackground() {
	c := resty.New().SetRetryCount(3).SetTimeout(5 * time.Second)
	_, _ = c.R().SetContext(context.Background()).Get("http://x")
}

// A deadline on the request's context caps the whole retry.
func restyDeadline() {
	c := resty.New().SetRetryCount(3)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _ = c.R().SetContext(ctx).Get("http://x")
}

// The caller's context may carry a deadline, but it bounds the whole
// retry, not one attempt (issue 33).
func restyCallerCtx(ctx context.Context) {
	c := resty.New().SetRetryCount(3)
	_, _ = c.R().SetContext(ctx).Get("http://x") // want `R-3: resty/v2 retry of c\.R\(\)\.SetContext\(ctx\)\.Get \(GET\) has no per-attempt timeout: the resty client has no SetTimeout; only the caller's deadline stops it`
}

// No retries switched on: not a retry.
func restyNoRetry() {
	c := resty.New()
	_, _ = c.R().SetContext(context.Background()).Get("http://x")
}
