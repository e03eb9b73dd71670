// Package keyed is an SDK of another module whose request builder sets
// an Idempotency-Key itself.
package keyed

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// Client is the SDK's client.
type Client struct{ hc *http.Client }

func (c *Client) newRequest(ctx context.Context, method, url string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err == nil {
		req.Header.Set("Idempotency-Key", uuid.NewString())
	}
	return req, err
}

// Charge builds a POST.
func (c *Client) Charge(ctx context.Context, url string) (*http.Response, error) {
	req, err := c.newRequest(ctx, http.MethodPost, url)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// Call sends req with a key of its own.
func (c *Client) Call(ctx context.Context, req *http.Request) (*http.Response, error) {
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return c.hc.Do(req.WithContext(ctx))
}
