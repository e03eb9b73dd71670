// Package configpolicy builds its retrying client in one function and
// sets its policy in another, so the construction is the site of the
// client's retry policy: the finding about the POST its sends retry goes
// there, the send named as related information.
package configpolicy

import (
	"context"
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Config struct{ RetryCount int }

type Client struct {
	retryable *retryablehttp.Client
}

func New(cfg *Config) *Client {
	c := &Client{retryable: retryablehttp.NewClient()} // want `R-6: go-retryablehttp retry of c.retryable.Do \(POST\) sends no Idempotency-Key header`
	setPolicy(c, cfg)
	return c
}

func setPolicy(c *Client, cfg *Config) {
	c.retryable.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return true, err
		}
		return resp.StatusCode >= 500, nil
	}
	if cfg.RetryCount != 0 {
		c.retryable.RetryMax = cfg.RetryCount
	} else {
		c.retryable.RetryMax = 4
	}
}

type request struct {
	method string
	req    *retryablehttp.Request
}

func newRequest(method, url string) (*request, error) {
	r := &request{method: method}
	var err error
	r.req, err = retryablehttp.NewRequest(r.method, url, nil)
	return r, err
}

func (c *Client) send(r *request) (*http.Response, error) {
	return c.retryable.Do(r.req)
}

func (c *Client) CreateAlert(url string) (*http.Response, error) {
	r, err := newRequest(http.MethodPost, url)
	if err != nil {
		return nil, err
	}
	return c.send(r)
}

func (c *Client) GetAlert(url string) (*http.Response, error) {
	r, err := newRequest(http.MethodGet, url)
	if err != nil {
		return nil, err
	}
	return c.send(r)
}
