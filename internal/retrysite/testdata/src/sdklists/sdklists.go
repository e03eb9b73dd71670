// Package sdklists holds transports that keep the statuses they retry in
// a slice field, defaulted where the client is built (issue 15).
package sdklists

import (
	"net/http"
	"time"
)

var defaultRetryOnStatus = [...]int{502, 503, 504}

// Config is what the caller passes to New.
type Config struct {
	RetryOnStatus []int
	MaxRetries    int
}

type Client struct {
	http          *http.Client
	retryOnStatus []int
	maxRetries    int
}

// New fills in the defaults the package ships.
func New(cfg Config) *Client {
	if len(cfg.RetryOnStatus) == 0 {
		cfg.RetryOnStatus = defaultRetryOnStatus[:]
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 3
	}
	return &Client{http: http.DefaultClient, retryOnStatus: cfg.RetryOnStatus, maxRetries: cfg.MaxRetries}
}

// Perform retries the statuses of the list and every transport error.
func (c *Client) Perform(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i <= c.maxRetries; i++ { // want `loop ctx=sync retries=3`
		res, err = c.http.Do(req)
		shouldRetry := false
		if err != nil {
			shouldRetry = true
		}
		if res != nil {
			for _, code := range c.retryOnStatus {
				if res.StatusCode == code {
					shouldRetry = true
				}
			}
		}
		if !shouldRetry {
			break
		}
		time.Sleep(time.Second) // want `sleep fixed interval: a fixed 1s \[attempt i\]`
	}
	return res, err
}

// Pooled is the same transport, with a list the caller can set through
// an option of the package: the statuses are the caller's.
type Pooled struct {
	http          *http.Client
	retryOnStatus []int
}

// WithRetryOnStatus sets the statuses a Pooled client retries.
func WithRetryOnStatus(p *Pooled, statuses ...int) {
	p.retryOnStatus = statuses
}

// NewPooled ships the default list.
func NewPooled() *Pooled {
	return &Pooled{http: http.DefaultClient, retryOnStatus: []int{502, 503, 504}}
}

// The caller may set any list through WithRetryOnStatus; the package
// ships 502, 503 and 504, and that default is what the model judges (a
// list of statuses is data the user chooses, like a count; see doc.go,
// "Defaults the user can change").
func (p *Pooled) Perform(req *http.Request) (*http.Response, error) {
	for { // want `loop ctx=sync unbounded`
		res, err := p.http.Do(req)
		if err != nil {
			return nil, err
		}
		again := false
		for _, code := range p.retryOnStatus {
			if res.StatusCode == code {
				again = true
			}
		}
		if !again {
			return res, nil
		}
		time.Sleep(time.Second) // want `sleep fixed interval: a fixed 1s`
	}
}

// Must not flag: a poll over a list of pending statuses the package
// ships: 202 Accepted is in it, so success comes back.
var pendingStatuses = []int{http.StatusAccepted, http.StatusNoContent}

func waitJob(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		res, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		pending := false
		for _, code := range pendingStatuses {
			if res.StatusCode == code {
				pending = true
			}
		}
		if !pending {
			return res, nil
		}
		time.Sleep(time.Second)
	}
}
