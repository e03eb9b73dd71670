// Package helperworst holds same-package retry helpers whose count is the
// caller's: a call that makes the count known gives the retry its worst
// case (attempts x per-attempt timeout + waits), judged at the helper's
// loop, not the helper's own case with an unknown count. The attempts go
// through a Doer interface; the request's context is what times them.
package helperworst

import (
	"context"
	"net/http"
	"time"
)

// Doer sends a request.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Client retries through its Doer.
type Client struct{ hc Doer }

func (c Client) retry(maxRetries int, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < maxRetries; attempt++ { // want `R-3: retry of c\.hc\.Do can take 3 attempts x 1m timeout \+ waits 2 x 1s = 3m2s > the 30s cap`
		tryCtx, cancel := context.WithTimeout(req.Context(), time.Minute)
		resp, err = c.hc.Do(req.Clone(tryCtx))
		cancel()
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-time.After(time.Second):
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
	}
	return resp, err
}

// Get retries three times: 3 x 1m + 2 x 1s.
func (c Client) Get(req *http.Request) (*http.Response, error) { return c.retry(3, req) }

// Must not flag (trap: every attempt has a 5s deadline and the one call
// makes 2 attempts: 2 x 5s + 1s is within the cap).
func (c Client) short(maxRetries int, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < maxRetries; attempt++ {
		tryCtx, cancel := context.WithTimeout(req.Context(), 5*time.Second)
		resp, err = c.hc.Do(req.Clone(tryCtx))
		cancel()
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-time.After(time.Second):
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
	}
	return resp, err
}

// Head retries twice.
func (c Client) Head(req *http.Request) (*http.Response, error) { return c.short(2, req) }
