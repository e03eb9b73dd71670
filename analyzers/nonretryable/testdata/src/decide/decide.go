// Package decide: loops whose retry decision is a predicate of the
// package over the response, read before its status by a header.
package decide

import (
	"net/http"
	"time"
)

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
	for n := 0; n < 3; n++ { // want `R-4: retry of c\.Do retries 409`
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

// Must not flag: only 429 and 5xx are retried unless the server says so.
func executeOK(c *http.Client, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < 3; n++ {
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
