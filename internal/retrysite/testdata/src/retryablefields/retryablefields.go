package retryablefields

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
	_, _ = c.Do(req) // want `library go-retryablehttp ctx=sync retries=30$` `R-2: go-retryablehttp retry of c.Do \(GET\) makes RetryMax 30 = 30 retries` `R-4: go-retryablehttp retry of c.Do \(GET\) retries 400, 401, 403, 404, 409, 422 and other 4xx`
}

// The same fields, compliant: the rules are silent.
func retryableFieldsCompliant(ctx context.Context) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.CheckRetry = retryablehttp.DefaultRetryPolicy
	req, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://example.com", nil)
	_, _ = c.Do(req) // want `library go-retryablehttp ctx=sync retries=3$`
}
