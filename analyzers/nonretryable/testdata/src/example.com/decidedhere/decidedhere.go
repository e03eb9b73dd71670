// Package decidedhere builds its retrying client in one function and
// installs the retry decision in another: the finding is at the client,
// and a copy at the decision, where the fix goes.
package decidedhere

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	Retryable *retryablehttp.Client
}

func New(max int) *Client {
	c := &Client{Retryable: retryablehttp.NewClient()} // want `R-9: go-retryablehttp retry policy retries TLS certificate errors \(CheckRetry`
	configure(c, max)
	return c
}

func configure(c *Client, max int) {
	c.Retryable.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { // want `R-9: go-retryablehttp retry policy retries TLS certificate errors, the decision made here`
		if err != nil {
			return true, err
		}
		return resp.StatusCode == 429 || resp.StatusCode >= 500, nil
	}
	if max != 0 {
		c.Retryable.RetryMax = max
	} else {
		c.Retryable.RetryMax = 4
	}
}

// A decision made beside the client is reported once, there.
func NewLocal() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `R-9: go-retryablehttp retry policy retries TLS certificate errors`
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return true, err
		}
		return resp.StatusCode >= 500, nil
	}
	return c
}
