// Package ctorclient gives its retrying client an http.Client that a
// constructor of the package builds: cleanhttp's pooled client, with no
// Timeout, tuned by a helper that leaves the Timeout alone.
package ctorclient

import (
	"net/http"
	"time"

	cleanhttp "github.com/hashicorp/go-cleanhttp"
	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

func tune(c *http.Client) {
	if tr, ok := c.Transport.(*http.Transport); ok {
		tr.MaxIdleConns = 10
	}
}

func defaultHTTPClient() *http.Client {
	c := cleanhttp.DefaultPooledClient()
	tune(c)
	return c
}

func NewRetrying(hc *http.Client) *retryablehttp.Client {
	r := retryablehttp.NewClient() // want `R-3: go-retryablehttp retry policy has no per-attempt timeout: cleanhttp.DefaultPooledClient has no Timeout`
	if hc != nil {
		r.HTTPClient = hc
	} else {
		r.HTTPClient = defaultHTTPClient()
	}
	return r
}

func timedHTTPClient() *http.Client {
	c := cleanhttp.DefaultPooledClient()
	c.Timeout = 10 * time.Second
	return c
}

// NewTimed must not be flagged for its attempts: its client has a
// Timeout.
func NewTimed() *retryablehttp.Client {
	r := retryablehttp.NewClient()
	r.HTTPClient = timedHTTPClient()
	r.RetryMax = 1
	return r
}
