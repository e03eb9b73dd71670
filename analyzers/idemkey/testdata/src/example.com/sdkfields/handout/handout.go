// Package handout hands retrying clients to its users: an exported
// constructor returns one, an exported struct keeps one in an exported
// field. Users send through them whatever they build, POST and PATCH
// included, so a client with no method filter and no header hook
// retries those without a key: R-6 where it is built.
package handout

import (
	"context"
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

func NewRetryableClient() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `R-6: .* retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header`
	c.RetryMax = 3
	return c
}

type SDKClient struct {
	Retryable *retryablehttp.Client
}

func NewSDKClient(max int) *SDKClient {
	c := &SDKClient{Retryable: retryablehttp.NewClient()} // want `R-6: .* retries whatever request it is handed`
	configure(c, max)
	return c
}

func configure(c *SDKClient, max int) {
	if max != 0 {
		c.Retryable.RetryMax = max
	} else {
		c.Retryable.RetryMax = 4
	}
}

// A CheckRetry that tests the method keeps POST and PATCH from being
// retried.
func NewFilteredClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if resp != nil && resp.Request.Method != http.MethodGet {
			return false, nil
		}
		return err != nil, nil
	}
	return c
}

// A CheckRetry that only logs the method filters nothing.
func NewLoggingClient() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `R-6: .* retries whatever request it is handed`
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if resp != nil {
			println(resp.Request.Method)
		}
		return err != nil, nil
	}
	return c
}

// A PrepareRetry hook may set a key on every retry.
func NewHookedClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.PrepareRetry = func(req *http.Request) error {
		return nil
	}
	return c
}

// An unexported constructor's clients are its callers' in the package.
func newInternalClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	return c
}

var _ = newInternalClient

// An unexported field of an exported type is the package's own.
type Service struct {
	hc *retryablehttp.Client
}

func NewService() *Service {
	return &Service{hc: retryablehttp.NewClient()}
}
