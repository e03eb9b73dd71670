// Package keptclient: a retrying client built once in the constructor,
// kept in a field and copied into every request object, so the sends
// cannot follow it: its definition is the site.
package keptclient

import (
	"context"
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	http *retryablehttp.Client
}

type request struct {
	http *retryablehttp.Client
	req  *retryablehttp.Request
}

func NewClient(hc *http.Client) *Client {
	c := &Client{}
	c.http = &retryablehttp.Client{ // want `R-2: go-retryablehttp retry policy makes RetryMax 30 = 30 retries, outside 1-5`
		HTTPClient:   hc,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     30,
	}
	return c
}

func (c *Client) newRequest(req *retryablehttp.Request) *request {
	return &request{http: c.http, req: req}
}

func (r *request) do(ctx context.Context) (*http.Response, error) {
	return r.http.Do(r.req.WithContext(ctx))
}

// Within the range: no finding.
type modest struct{ http *retryablehttp.Client }

func newModest(hc *http.Client) *modest {
	m := &modest{}
	m.http = &retryablehttp.Client{HTTPClient: hc, RetryMax: 3}
	return m
}

func (m *modest) raw() *http.Client { return m.http.HTTPClient }

// RetryMax left out: 0 retries, no retry at all.
type none struct{ http *retryablehttp.Client }

func newNone(hc *http.Client) *none {
	n := &none{}
	n.http = &retryablehttp.Client{HTTPClient: hc}
	return n
}

func (n *none) raw() *http.Client { return n.http.HTTPClient }

// One write, only sent through: the send follows the field and is the
// site, not the literal.
type direct struct{ http *retryablehttp.Client }

func newDirect(hc *http.Client) *direct {
	d := &direct{}
	d.http = &retryablehttp.Client{HTTPClient: hc, RetryMax: 20}
	return d
}

func (d *direct) get(ctx context.Context, req *retryablehttp.Request) (*http.Response, error) {
	return d.http.Do(req.WithContext(ctx)) // want `R-2: go-retryablehttp retry of d.http.Do.* 20 retries`
}
