// Package retryablehttp is a cut-down copy of github.com/hashicorp/go-retryablehttp@v0.7.8 analysed as
// itself: its convenience methods send through the package's own retrying Do, whose body passes the
// request to hooks held in func fields. The table describes Do; its body is not a use of the request.
package retryablehttp

import (
	"io"
	"net/http"
	"time"
)

type Backoff func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration

type RequestLogHook func(req *http.Request, attempt int)

type PrepareRetry func(req *http.Request) error

type Client struct {
	HTTPClient     *http.Client
	RetryWaitMin   time.Duration
	RetryWaitMax   time.Duration
	RetryMax       int
	RequestLogHook RequestLogHook
	PrepareRetry   PrepareRetry
	Backoff        Backoff
}

type Request struct {
	*http.Request
}

func NewRequest(method, url string, body interface{}) (*Request, error) {
	r, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	return &Request{r}, nil
}

// Do hands the request to func-valued hooks: what they do is the user's.
func (c *Client) Do(req *Request) (*http.Response, error) {
	for i := 0; ; i++ {
		if c.RequestLogHook != nil {
			c.RequestLogHook(req.Request, i)
		}
		resp, err := c.HTTPClient.Do(req.Request)
		if err == nil || i >= c.RetryMax {
			return resp, err
		}
		if c.PrepareRetry != nil {
			if err := c.PrepareRetry(req.Request); err != nil {
				return nil, err
			}
		}
		time.Sleep(c.Backoff(c.RetryWaitMin, c.RetryWaitMax, i, resp))
	}
}

func (c *Client) Get(url string) (*http.Response, error) {
	req, err := NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	req, err := NewRequest("POST", url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", bodyType)
	return c.Do(req) // want `R-6: go-retryablehttp retry of c.Do \(POST\) sends no Idempotency-Key header`
}

// PostKeyed sets a key through a helper of the package before the send:
// the helper's body is still read.
func (c *Client) PostKeyed(url, key string, body io.Reader) (*http.Response, error) {
	req, err := NewRequest("POST", url, body)
	if err != nil {
		return nil, err
	}
	withKey(req, key)
	return c.Do(req)
}

func withKey(req *Request, key string) {
	req.Header.Set("Idempotency-Key", key)
}

// PostHooked hands the request to a hook of the caller before the send:
// the hook may set the key, so the model cannot tell.
func (c *Client) PostHooked(url string, body io.Reader, hook func(*http.Request)) (*http.Response, error) {
	req, err := NewRequest("POST", url, body)
	if err != nil {
		return nil, err
	}
	hook(req.Request)
	return c.Do(req)
}
