package a

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

// The retried closure writes an error variable of its enclosing function
// before reading it: in each run it holds what the request returned.

func capturedErr(c *http.Client, req *http.Request) error {
	var err error
	retryErr := backoff.Retry(func() error { // want `R-9: backoff\.Retry of c\.Do retries TLS certificate errors`
		var httpResp *http.Response
		httpResp, err = c.Do(req)
		switch {
		case errors.Is(err, context.Canceled):
			return backoff.Permanent(err)
		case err != nil:
			return err
		}
		if code := httpResp.StatusCode; code >= 500 {
			_, _ = io.Copy(io.Discard, httpResp.Body)
			_ = httpResp.Body.Close()
			if req.Body, err = req.GetBody(); err != nil {
				return backoff.Permanent(err)
			}
			return fmt.Errorf("got status code %d", code)
		}
		return nil
	}, backoff.NewExponentialBackOff())
	return errors.Join(err, retryErr)
}

// Must not flag: only timeouts go back, and a certificate error is none.
func capturedTimeoutsOnly(c *http.Client, req *http.Request) error {
	var err error
	return backoff.Retry(func() error {
		var httpResp *http.Response
		httpResp, err = c.Do(req)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return err
		}
		if err != nil {
			return backoff.Permanent(err)
		}
		return httpResp.Body.Close()
	}, backoff.NewExponentialBackOff())
}
