// Package sdkloops: an SDK loop that reads the body of the response that
// ends the call inside the attempt.
package sdkloops

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

func retryHeader(res *http.Response) (retry bool, ok bool) {
	switch res.Header.Get("x-should-retry") {
	case "true":
		return true, true
	case "false":
		return false, true
	default:
		return false, false
	}
}

func shouldRetry(req *http.Request, res *http.Response) bool {
	if req.Body != nil && req.GetBody == nil {
		return false
	}
	if res == nil {
		return true
	}
	if retry, ok := retryHeader(res); ok {
		return retry
	}
	return res.StatusCode == http.StatusConflict || res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500
}

func readBody(res *http.Response) ([]byte, error) {
	contents, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("reading the body: %w", err)
	}
	return contents, nil
}

func bufferBody(res *http.Response) error {
	if _, err := readBody(res); err != nil {
		return err
	}
	return nil
}

type client struct {
	http       *http.Client
	maxRetries int
}

func (c *client) send(ctx context.Context, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; ; retryCount++ { // want `R-4: retry of c\.http\.Do retries 409 \(lastAttempt \|\| !retry\)` `R-9: .*retries every error, TLS certificate errors included`
		lastAttempt := retryCount >= c.maxRetries
		res, err = c.http.Do(req.Clone(ctx))
		retry := shouldRetry(req, res)
		var readErr error
		if err == nil && res != nil && (lastAttempt || !retry) {
			readErr = bufferBody(res)
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			res, err, readErr = nil, ctxErr, nil
			retry = shouldRetry(req, nil)
		}
		if readErr != nil {
			err = readErr
			retry = shouldRetry(req, nil)
		}
		if lastAttempt || !retry {
			break
		}
		time.Sleep(time.Duration(retryCount+1) * time.Second)
	}
	return res, err
}

// Must not flag: only a lost connection or a body that fails to read is
// retried; no status is (a 400 whose body fails to read is a network
// failure, not a retried 400).
func (c *client) sendOnlyLost(ctx context.Context, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; retryCount < 3; retryCount++ { // want `R-9: .*retries every error, TLS certificate errors included`
		res, err = c.http.Do(req.Clone(ctx))
		if err == nil {
			if err = bufferBody(res); err == nil {
				return res, nil
			}
		}
		time.Sleep(time.Duration(retryCount+1) * time.Second)
	}
	return res, err
}
