// Package decide: loops whose retry decision is a predicate of the
// package over the response, read before its status by a header.
package decide

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"time"
)

// shouldRetry retries every error: it only compares it with nil (R-9 at
// each loop it decides).
func shouldRetry(res *http.Response, err error) bool {
	if err != nil || res == nil {
		return true
	}
	if res.Header.Get("x-should-retry") == "true" {
		return true
	}
	if res.Header.Get("x-should-retry") == "false" {
		return false
	}
	return res.StatusCode == http.StatusConflict || res.StatusCode == http.StatusTooManyRequests ||
		res.StatusCode >= http.StatusInternalServerError
}

func execute(c *http.Client, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < 3; n++ { // want `R-4: retry of c\.Do retries 409` `R-9: retry of c\.Do retries every error, TLS certificate errors included`
		res, err = c.Do(req)
		if !shouldRetry(res, err) {
			break
		}
		time.Sleep(time.Second << n)
	}
	return res, err
}

// shouldRetryOK leaves every 4xx to the caller.
func shouldRetryOK(res *http.Response, err error) bool {
	if err != nil || res == nil {
		return true
	}
	if res.Header.Get("x-should-retry") == "true" {
		return true
	}
	return res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= http.StatusInternalServerError
}

// Must not flag R-4: only 429 and 5xx are retried unless the server says
// so. Every error is: the predicate only compares it with nil.
func executeOK(c *http.Client, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < 3; n++ { // want `R-9: retry of c\.Do retries every error, TLS certificate errors included`
		res, err = c.Do(req)
		if !shouldRetryOK(res, err) {
			break
		}
		time.Sleep(time.Second << n)
	}
	return res, err
}

// Must not flag: a poll on a header, not a retry.
func poll(c *http.Client, req *http.Request) error {
	for {
		res, err := c.Do(req)
		if err == nil && res.Header.Get("x-job-state") == "done" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// waitForRetry waits as long as the response asks, and ends with the
// context: its error is the context's.
func waitForRetry(ctx context.Context, res *http.Response, n int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t := time.NewTimer(retryAfter(res, n))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func retryAfter(res *http.Response, n int) time.Duration {
	if v := res.Header.Get("Retry-After"); v != "" {
		if s, err := strconv.Atoi(v); err == nil {
			return time.Duration(s) * time.Second
		}
	}
	return time.Second << n
}

// The body of a response is closed before the wait, whose length the
// response decides; the wait fails only with the context.
func executeCtx(ctx context.Context, c *http.Client, req *http.Request) error {
	for n := 0; n < 3; n++ { // want `R-4: retry of c\.Do retries 409` `R-9: retry of c\.Do retries every error, TLS certificate errors included`
		res, err := c.Do(req)
		if !shouldRetry(res, err) {
			return err
		}
		if res != nil && res.Body != nil {
			res.Body.Close()
		}
		if err := waitForRetry(ctx, res, n); err != nil {
			return err
		}
	}
	return nil
}

// drainAndWait also fails when reading the response fails: whether a
// 409 is retried depends on it.
func drainAndWait(ctx context.Context, res *http.Response, n int) error {
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return err
	}
	return waitForRetry(ctx, res, n)
}

// Must not flag R-4: the retry of a 409 is not certain (every error is
// retried: R-9).
func executeMaybe(ctx context.Context, c *http.Client, req *http.Request) error {
	for n := 0; n < 3; n++ { // want `R-9: retry of c\.Do retries every error, TLS certificate errors included`
		res, err := c.Do(req)
		if !shouldRetry(res, err) {
			return err
		}
		if err := drainAndWait(ctx, res, n); err != nil {
			return err
		}
	}
	return nil
}

// retryDelay reads the server's advice from the first header present;
// on a response without one it backs off, and the attempt is retried.
func retryDelay(res *http.Response, n int) (time.Duration, bool) {
	for _, h := range []string{"Retry-After-Ms", "Retry-After"} {
		v := res.Header.Get(h)
		if v == "" {
			continue
		}
		s, err := strconv.Atoi(v)
		if err != nil {
			continue
		}
		d := time.Duration(s) * time.Second
		return d, d < time.Minute
	}
	return time.Second << n, true
}

func executeAdvised(c *http.Client, req *http.Request) error {
	for n := 0; n < 3; n++ { // want `R-4: retry of c\.Do retries 409`
		res, err := c.Do(req)
		if !shouldRetry(res, err) {
			return err
		}
		d, ok := retryDelay(res, n)
		if !ok {
			break
		}
		time.Sleep(d)
	}
	return nil
}
