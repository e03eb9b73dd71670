// Package joinfork holds retry loops with forks that decide no exit
// (interp/joinfork.go): an if with no jump in its branches, a range over
// headers. Such a fork counts nothing, whatever decides it.
package joinfork

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	hc     *http.Client
	user   string
	hdr    http.Header
	budget interface{ Take() bool }
	tries  int
}

// fetch sets optional headers on each attempt and retries every error
// until it succeeds: no count.
func (c *Client) fetch(ctx context.Context, url string) (*http.Response, error) {
	auth := c.user != ""
	for { // want `R-2: retry of c.hc.Do \(GET\) has no maximum retry count`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		if auth {
			req.SetBasicAuth(c.user, "")
		} else {
			req.Header.Set("X-Anonymous", "1")
		}
		for k, vs := range c.hdr {
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		res, err := c.hc.Do(req)
		if err == nil {
			return res, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// budgeted leaves when a budget object says so: it may count attempts
// out of sight, so the bound is unknown and R-2 is silent.
func (c *Client) budgeted(ctx context.Context, url string) (*http.Response, error) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		res, err := c.hc.Do(req)
		if err == nil {
			return res, nil
		}
		if !c.budget.Take() {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// stopHeader leaves through an if on a header map: the if returns, so
// it is an exit, and a map may count attempts out of sight: the bound is
// unknown and R-2 is silent.
func (c *Client) stopHeader(ctx context.Context, url string) (*http.Response, error) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		res, err := c.hc.Do(req)
		if err == nil {
			return res, nil
		}
		if c.hdr.Get("X-Give-Up") != "" {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// breakBound leaves by a break once its count passes a field's value:
// the true side leaves while the other goes round, so the fork decides
// an exit, although both sides end at the same return after the loop.
// The count is unknown (the field is the user's), and R-2 is silent.
func (c *Client) breakBound(url string) (res *http.Response, err error) {
	for i := 1; ; i++ {
		res, err = c.hc.Get(url)
		if err == nil {
			break
		}
		if i > c.tries {
			break
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// breakBusy breaks only on success; the if before the sleep picks a
// header and goes round on both sides: no count.
func (c *Client) breakBusy(ctx context.Context, url string) (res *http.Response, err error) {
	for { // want `R-2: retry of c.hc.Do \(GET\) has no maximum retry count`
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		res, err = c.hc.Do(req)
		if err == nil {
			break
		}
		if c.user != "" {
			continue
		}
		time.Sleep(time.Second)
	}
	return res, err
}
