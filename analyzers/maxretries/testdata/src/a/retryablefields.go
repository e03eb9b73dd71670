package a

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// go-retryablehttp configured on fields after NewClient (issue 15).
func retryableFieldsAfterNewClient(ctx context.Context) {
	c := retryablehttp.NewClient()
	c.RetryMax = 30
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return resp != nil && resp.StatusCode >= 400, nil
	}
	req, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://example.com", nil)
	_, _ = c.Do(req) // want `R-2: go-retryablehttp retry of c.Do \(GET\) makes RetryMax 30 = 30 retries`
}

// The same fields, compliant: silent.
func retryableFieldsCompliant(ctx context.Context) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.CheckRetry = retryablehttp.DefaultRetryPolicy
	req, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://example.com", nil)
	_, _ = c.Do(req)
}
