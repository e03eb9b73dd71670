// Package libfuncs: a retrying client whose Backoff holds one of the
// library's own backoff functions, reached through locals and fields the
// package defaults (the client built per request, its other settings
// read from the caller's configuration).
package libfuncs

import (
	"context"
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Config struct {
	HTTPClient   *http.Client
	MinRetryWait time.Duration
	MaxRetryWait time.Duration
	MaxRetries   int
	Backoff      retryablehttp.Backoff
	CheckRetry   retryablehttp.CheckRetry
}

// DefaultConfig ships the library's rate-limit-aware linear backoff.
func DefaultConfig() *Config {
	return &Config{
		MinRetryWait: time.Second,
		MaxRetryWait: 1500 * time.Millisecond,
		MaxRetries:   2,
		Backoff:      retryablehttp.RateLimitLinearJitterBackoff, // want `R-1: .*, the default set here`
	}
}

type Client struct {
	config *Config
}

func NewClient(c *Config) *Client { return &Client{config: c} }

// SetBackoff is the user's: their func is their choice.
func (c *Client) SetBackoff(b retryablehttp.Backoff) { c.config.Backoff = b }

// Clone copies the field into itself: no value of its own.
func (c *Client) Clone() *Client {
	n := DefaultConfig()
	n.Backoff = c.config.Backoff
	return &Client{config: &Config{Backoff: c.config.Backoff, MaxRetries: c.config.MaxRetries}}
}

func (c *Client) Raw(ctx context.Context, req *retryablehttp.Request) (*http.Response, error) {
	backoff := c.config.Backoff
	if backoff == nil {
		backoff = retryablehttp.LinearJitterBackoff
	}
	client := &retryablehttp.Client{
		HTTPClient:   c.config.HTTPClient,
		RetryWaitMin: c.config.MinRetryWait,
		RetryWaitMax: c.config.MaxRetryWait,
		RetryMax:     c.config.MaxRetries,
		Backoff:      backoff, // want `R-1: go-retryablehttp retry of client.Do.*: its wait grows linearly with partial jitter, DefaultConfig's default, which SetBackoff can change`
		CheckRetry:   c.config.CheckRetry,
	}
	return client.Do(req.WithContext(ctx))
}

// Direct: a local holding the library's function, the rest the caller's.
func Direct(hc *http.Client, check retryablehttp.CheckRetry, req *retryablehttp.Request) (*http.Response, error) {
	bo := retryablehttp.LinearJitterBackoff
	client := &retryablehttp.Client{HTTPClient: hc, CheckRetry: check, RetryMax: 3, Backoff: bo} // want `R-1: go-retryablehttp retry of client.Do.*: its wait grows linearly with partial jitter`
	return client.Do(req)
}
