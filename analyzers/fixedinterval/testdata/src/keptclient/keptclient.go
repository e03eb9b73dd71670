// Package keptclient: a retrying client kept in a field and copied into
// every request, whose Backoff is a method of the package that hands the
// client's own schedule to the library's LinearJitterBackoff.
package keptclient

import (
	"context"
	"math/rand"
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	http    *retryablehttp.Client
	logHook func(int, *http.Response)
}

type request struct {
	http *retryablehttp.Client
	req  *retryablehttp.Request
}

func NewClient(hc *http.Client) *Client {
	c := &Client{}
	c.http = &retryablehttp.Client{
		Backoff:      c.backoff, // want `R-1: go-retryablehttp retry policy: its wait grows linearly with partial jitter \(LinearJitterBackoff\)`
		HTTPClient:   hc,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     3,
	}
	return c
}

func (c *Client) newRequest(req *retryablehttp.Request) *request {
	return &request{http: c.http, req: req}
}

func (r *request) do(ctx context.Context) (*http.Response, error) {
	return r.http.Do(r.req.WithContext(ctx))
}

// backoff logs, waits the server's reset on a 429 (its advice, R-5's),
// and otherwise waits the library's linear jitter: where the fix goes,
// a second finding.
func (c *Client) backoff(min, max time.Duration, n int, resp *http.Response) time.Duration { // want `R-1: go-retryablehttp retry policy: its wait grows linearly with partial jitter, the wait computed here`
	if c.logHook != nil {
		c.logHook(n, resp)
	}
	if resp != nil && resp.StatusCode == 429 {
		return resetOf(resp)
	}
	min = 700 * time.Millisecond
	max = 900 * time.Millisecond
	return retryablehttp.LinearJitterBackoff(min, max, n, resp)
}

func resetOf(resp *http.Response) time.Duration { return time.Second }

// A wrapper with its own branch on a server error: not the library's
// schedule on every path, no finding.
type branchy struct {
	http *retryablehttp.Client
}

func newBranchy(hc *http.Client) *branchy {
	b := &branchy{}
	b.http = &retryablehttp.Client{Backoff: b.backoff, HTTPClient: hc, RetryMax: 3}
	return b
}

func (b *branchy) raw() *http.Client { return b.http.HTTPClient }

func (b *branchy) backoff(min, max time.Duration, n int, resp *http.Response) time.Duration {
	if resp != nil && resp.StatusCode >= 500 {
		return time.Duration(rand.Int63n(int64(max)))
	}
	return retryablehttp.LinearJitterBackoff(min, max, n, resp)
}
