// Package nilfallback sends through the client the caller gives, else a
// field only the user sets, else http.DefaultClient: by default the
// attempts have no timeout and only the caller's deadline ends the
// retry.
package nilfallback

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	External *http.Client // set by the user, never by the package
	Retries  int
}

type Upload struct {
	Client *http.Client
	URL    string
}

func (c *Client) try(ctx context.Context, client *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if client == nil {
		client = c.External
	}
	if client == nil {
		client = http.DefaultClient
	}
	return client.Do(req)
}

func (c *Client) Upload(ctx context.Context, u Upload) (*http.Response, error) {
	retries := c.Retries
	for { // want `R-3: retry of c.try \(GET\) has no total duration cap: attempts via http.DefaultClient have no timeout; only the caller's deadline stops it`
		resp, err := c.try(ctx, u.Client, u.URL)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if retries <= 0 {
			return nil, err
		}
		retries--
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

var timedClient = &http.Client{Timeout: 10 * time.Second}

func (c *Client) tryTimed(ctx context.Context, client *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if client == nil {
		client = timedClient
	}
	return client.Do(req)
}

// UploadTimed must not be flagged: its fallback client has a Timeout.
func (c *Client) UploadTimed(ctx context.Context, u Upload) (*http.Response, error) {
	retries := c.Retries
	for {
		resp, err := c.tryTimed(ctx, u.Client, u.URL)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if retries <= 0 {
			return nil, err
		}
		retries--
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
