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
	c.Backoff = retryablehttp.LinearJitterBackoff // want `R-1: go-retryablehttp retry of c.Do \(GET\): its wait grows linearly`
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return resp != nil && resp.StatusCode >= 400, nil
	}
	req, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://example.com", nil)
	_, _ = c.Do(req) // want `library go-retryablehttp ctx=sync retries=30$` `R-2: go-retryablehttp retry of c.Do \(GET\) makes RetryMax 30 = 30 retries` `R-4: go-retryablehttp retry of c.Do \(GET\) retries 400, 401, 403, 404, 409, 422 and other 4xx`
}

// No Backoff field: the default DefaultBackoff doubles from RetryWaitMin
// 1s to RetryWaitMax 30s with no jitter (go-retryablehttp v0.7.8
// client.go:49-50), reported at the call that relies on it; the count
// and the retried outcomes comply (R-2, R-4 silent).
func retryableFieldsDefaultBackoff(ctx context.Context) {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.CheckRetry = retryablehttp.DefaultRetryPolicy
	req, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://example.com", nil)
	_, _ = c.Do(req) // want `library go-retryablehttp ctx=sync retries=3$` `R-1: go-retryablehttp retry of c.Do \(GET\): its wait doubles from 1s up to 30s without jitter`
}
