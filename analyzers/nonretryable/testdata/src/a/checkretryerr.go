package a

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// A CheckRetry that retries every error the HTTP client returns retries
// certificate errors, as `if err != nil { retry }` around a request does.

func checkRetryEveryError(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err != nil {
			return true, err
		}
		return resp.StatusCode == 429 || resp.StatusCode >= 500 && resp.StatusCode != 501, nil
	}
	_, _ = c.Do(req) // want `R-9: go-retryablehttp retry of c\.Do retries TLS certificate errors`
}

// Must not flag: errors are not retried, only 429 and 5xx responses.
func checkRetryStatusOnly(req *retryablehttp.Request) {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return false, err
		}
		return resp.StatusCode == 429 || resp.StatusCode >= 500 && resp.StatusCode != 501, nil
	}
	_, _ = c.Do(req)
}
