package libs

// The go-retryablehttp client configured on its fields after NewClient,
// and the one that keeps the default DefaultBackoff, are in the model's
// testdata (internal/retrysite TestRetryableFields), with this rule's
// findings.

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type retryConfig struct {
	RetryMax     int
	RetryWaitMin *float64
	RetryWaitMax *float64
}

type apiClient struct {
	HTTPClient  *http.Client
	RetryConfig retryConfig
}

// Fields set after NewClient from the caller's configuration, the client
// used through StandardClient (godo's New): RetryWaitMin and RetryWaitMax
// are unknown, but DefaultBackoff never adds jitter whatever its bounds.
func (c *apiClient) retryableStandardClient() {
	if c.RetryConfig.RetryMax > 0 {
		rc := retryablehttp.NewClient()
		rc.RetryMax = c.RetryConfig.RetryMax
		if c.RetryConfig.RetryWaitMin != nil {
			rc.RetryWaitMin = time.Duration(*c.RetryConfig.RetryWaitMin * float64(time.Second))
		}
		if c.RetryConfig.RetryWaitMax != nil {
			rc.RetryWaitMax = time.Duration(*c.RetryConfig.RetryWaitMax * float64(time.Second))
		}
		rc.HTTPClient.Timeout = c.HTTPClient.Timeout
		c.HTTPClient = rc.StandardClient() // want `R-1: go-retryablehttp retry policy: its wait doubles without jitter; use exponential backoff with full jitter`
	}
}

// Must not flag: a Backoff the model cannot see, with unknown bounds.
func (c *apiClient) retryableOpaqueBackoff(b retryablehttp.Backoff) {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = time.Duration(*c.RetryConfig.RetryWaitMin * float64(time.Second))
	rc.Backoff = b
	c.HTTPClient = rc.StandardClient()
}

// LinearJitterBackoff with unknown bounds: attempt × a wait between the
// bounds grows linearly whatever they are (knowledge BackoffFuncs), so
// the shape is known without them.
func (c *apiClient) retryableJitterUnknownBounds() {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = time.Duration(*c.RetryConfig.RetryWaitMin * float64(time.Second))
	rc.Backoff = retryablehttp.LinearJitterBackoff // want `R-1: go-retryablehttp retry policy: its wait grows linearly with partial jitter \(LinearJitterBackoff\)`
	c.HTTPClient = rc.StandardClient()
}
