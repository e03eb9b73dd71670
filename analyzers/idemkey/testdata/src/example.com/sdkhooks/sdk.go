// Package sdkhooks is an SDK whose request loop takes the request its
// endpoints build, and hands it to a user's hook: after the last attempt
// (the hook cannot change what was sent) or before the next one (it may
// set the key).
package sdkhooks

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type Client struct {
	hc                 *http.Client
	onRequestCompleted func(*http.Request, *http.Response)
	beforeRetry        func(*http.Request)
}

// OnRequestCompleted sets the hook called once a request is done.
func (c *Client) OnRequestCompleted(f func(*http.Request, *http.Response)) { c.onRequestCompleted = f }

// BeforeRetry sets the hook called before each new attempt.
func (c *Client) BeforeRetry(f func(*http.Request)) { c.beforeRetry = f }

func (c *Client) NewRequest(ctx context.Context, method, uri string, body []byte) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, uri, bytes.NewReader(body))
}

// Send retries the request; the hook sees it after the last attempt.
func (c *Client) Send(r *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i < 3; i++ {
		res, err = c.hc.Do(r) // want `R-6: retry of c\.hc\.Do \(POST\) sends no Idempotency-Key header`
		if err == nil {
			break
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	if c.onRequestCompleted != nil {
		c.onRequestCompleted(r, res)
	}
	return res, err
}

// SendHooked hands the request to a hook before every new attempt: the
// hook may set a key, silent.
func (c *Client) SendHooked(r *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i < 3; i++ {
		res, err = c.hc.Do(r)
		if err == nil {
			break
		}
		if c.beforeRetry != nil {
			c.beforeRetry(r)
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return res, err
}

func (c *Client) Create(ctx context.Context, body []byte) error {
	req, err := c.NewRequest(ctx, http.MethodPost, "https://api.example.com/things", body)
	if err != nil {
		return err
	}
	_, err = c.Send(req)
	return err
}

func (c *Client) CreateHooked(ctx context.Context, body []byte) error {
	req, err := c.NewRequest(ctx, http.MethodPost, "https://api.example.com/things", body)
	if err != nil {
		return err
	}
	_, err = c.SendHooked(req)
	return err
}
