// Package optionsfilled holds a transport configured the way
// elastic-transport's is: NewClient applies the user's options to a local
// Config by address and passes it to New, which defaults what is left
// unset (valueindex's optionsFilled). The Config's fields are then the
// user's values, and the defaults New gives them are the package's.
package optionsfilled

import (
	"net/http"
	"time"
)

var defaultRetryOnStatus = [...]int{502, 503, 504}

type Config struct {
	RetryOnStatus []int
	MaxRetries    int
}

type Option struct{ apply func(*Config) error }

func WithRetryOnStatus(statuses ...int) Option {
	return Option{apply: func(c *Config) error { c.RetryOnStatus = statuses; return nil }}
}

type Client struct {
	hc            *http.Client
	retryOnStatus []int
	maxRetries    int
}

func NewClient(opts ...Option) (*Client, error) {
	var cfg Config
	for _, o := range opts {
		if err := o.apply(&cfg); err != nil {
			return nil, err
		}
	}
	return New(cfg)
}

func New(cfg Config) (*Client, error) {
	if len(cfg.RetryOnStatus) == 0 {
		cfg.RetryOnStatus = defaultRetryOnStatus[:]
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 3
	}
	return &Client{hc: http.DefaultClient, retryOnStatus: cfg.RetryOnStatus, maxRetries: cfg.MaxRetries}, nil
}

// Perform retries the statuses of c.retryOnStatus, {502, 503, 504} by
// default, deciding through a flag it sets in a range over them.
func (c *Client) Perform(req *http.Request) (*http.Response, error) {
	var (
		res *http.Response
		err error
	)
	for i := 0; i <= c.maxRetries; i++ { // want `loop ctx=sync retries=3`
		var shouldRetry bool
		res, err = c.hc.Do(req)
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
		time.Sleep(time.Second) // want `R-1: retry of c.hc.Do waits a fixed 1s between attempts`
	}
	return res, err
}

// --- Must not be a site: the list is not known. ---

type OtherConfig struct{ RetryOnStatus []int }

type OtherOption func(*OtherConfig)

type Other struct {
	hc            *http.Client
	retryOnStatus []int
}

// NewOther writes a list of its own into the local before the options:
// it is not the user's alone, and what New makes of it stays unknown.
func NewOther(opts ...OtherOption) *Other {
	var cfg OtherConfig
	cfg.RetryOnStatus = []int{200, 503}
	for _, o := range opts {
		o(&cfg)
	}
	return NewOtherFrom(cfg)
}

func NewOtherFrom(cfg OtherConfig) *Other {
	if len(cfg.RetryOnStatus) == 0 {
		cfg.RetryOnStatus = defaultRetryOnStatus[:]
	}
	return &Other{hc: http.DefaultClient, retryOnStatus: cfg.RetryOnStatus}
}

func (c *Other) Perform(req *http.Request) (*http.Response, error) {
	var (
		res *http.Response
		err error
	)
	for i := 0; i <= 3; i++ {
		var shouldRetry bool
		res, err = c.hc.Do(req)
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
		time.Sleep(time.Second)
	}
	return res, err
}
