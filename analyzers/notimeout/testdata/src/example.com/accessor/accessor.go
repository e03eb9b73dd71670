// Package accessor picks its HTTP client in a method: the user's when
// set, else http.DefaultClient, which the package ships with no Timeout.
package accessor

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	HTTPClient *http.Client
	Timed      *http.Client
}

func (c *Client) httpClient() *http.Client {
	if c.HTTPClient == nil {
		return http.DefaultClient
	}
	return c.HTTPClient
}

func (c *Client) Get(ctx context.Context, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `R-3: retry of c\.httpClient\(\)\.Do \(GET\) has no total duration cap: attempts via http\.DefaultClient have no timeout`
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, derr := c.httpClient().Do(req)
		if derr == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		err = derr
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil, err
}

var timed = &http.Client{Timeout: 5 * time.Second}

func (c *Client) timedClient() *http.Client {
	if c.Timed == nil {
		return timed
	}
	return c.Timed
}

// Must not flag: the package's default client has a Timeout.
func (c *Client) GetTimed(ctx context.Context, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, derr := c.timedClient().Do(req)
		if derr == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		err = derr
		time.Sleep(time.Duration(1<<i) * 100 * time.Millisecond)
	}
	return nil, err
}
