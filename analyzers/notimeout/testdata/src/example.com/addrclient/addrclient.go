// Package addrclient builds its http.Client in a local with the
// package's default timeout, lets the caller's configuration replace it,
// and hands the client to a retrying client by address: the default
// timeout is the one to judge, and four attempts of 30s exceed the
// synchronous cap.
package addrclient

import (
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

const defaultTimeout = 30 * time.Second

type Config struct {
	Timeout *time.Duration
}

func NewClient(cfg Config) *retryablehttp.Client {
	c := http.Client{Timeout: defaultTimeout}
	if cfg.Timeout != nil {
		c.Timeout = *cfg.Timeout
	}
	r := retryablehttp.NewClient() // want `R-3: go-retryablehttp retry policy can take 4 attempts x 30s timeout`
	r.HTTPClient = &c
	r.RetryMax = 3
	return r
}

// A short default timeout and two retries stay under the cap.
func NewShortClient(cfg Config) *retryablehttp.Client {
	c := http.Client{Timeout: 5 * time.Second}
	if cfg.Timeout != nil {
		c.Timeout = *cfg.Timeout
	}
	r := retryablehttp.NewClient()
	r.HTTPClient = &c
	r.RetryMax = 2
	return r
}

// A client whose address is handed elsewhere too may be changed there:
// its timeout is not known.
func NewSharedClient(cfg Config, register func(*http.Client)) *retryablehttp.Client {
	c := http.Client{Timeout: defaultTimeout}
	register(&c)
	r := retryablehttp.NewClient()
	r.HTTPClient = &c
	r.RetryMax = 3
	return r
}
