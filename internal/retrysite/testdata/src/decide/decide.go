// Package decide holds loops whose retry decision is made by a predicate
// of the package over the operation's results, as hand-written SDKs do.
package decide

import (
	"errors"
	"net/http"
	"time"
)

type noRetry interface{ noRetry() }

// shouldRetry honours the server's x-should-retry header before the
// status: on a response without that header it decides by the status.
func shouldRetry(res *http.Response, err error) bool {
	var deterministic noRetry
	if errors.As(err, &deterministic) {
		return false
	}
	if res == nil {
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
	for retryCount := 0; retryCount <= 2; retryCount++ { // want `loop ctx=sync retries=2`
		res, err = c.Do(req)
		if !shouldRetry(res, err) {
			break
		}
		time.Sleep(time.Second << retryCount)
	}
	return res, err
}

// A header that only overrides a 401: the predicate compares the status
// with 401 itself, and the model tries it.
func shouldRetryHandshake(res *http.Response, err error) bool {
	if err != nil {
		return false
	}
	return res.StatusCode == http.StatusUnauthorized && res.Header.Get("x-should-retry") == "true"
}

// handshake retries a 401 that the server marks retryable.
func handshake(c *http.Client, req *http.Request) (*http.Response, error) {
	for retryCount := 0; ; retryCount++ { // want `loop ctx=sync retries=3`
		res, err := c.Do(req)
		if retryCount >= 3 || !shouldRetryHandshake(res, err) {
			return res, err
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: a poll whose predicate sees success and continues
// until the server says the job is done in a header.
func pollHeader(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		res, err := c.Do(req)
		if !pending(res, err) {
			return res, err
		}
		time.Sleep(time.Second)
	}
}

func pending(res *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return res.Header.Get("x-job-state") != "done"
}

// Must not flag: a poll on success, the predicate says continue for
// every response.
func pollStatus(c *http.Client, req *http.Request) error {
	for {
		res, err := c.Do(req)
		if !again(res, err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func again(res *http.Response, err error) bool {
	if err != nil {
		return false
	}
	return res.StatusCode < 500
}

// Must not flag: pagination whose next page comes from the response.
func pages(c *http.Client, url string) error {
	for url != "" {
		res, err := c.Get(url)
		if err != nil {
			return err
		}
		url = res.Header.Get("Link")
		res.Body.Close()
	}
	return nil
}

type backend struct {
	client *http.Client
}

// shouldRetry also says why, and reads the error a handler made of the
// response.
func (b *backend) shouldRetry(err error, resp *http.Response, n int) (bool, string) {
	if n >= 3 {
		return false, "max retries exceeded"
	}
	if err != nil {
		return true, ""
	}
	if resp.Header.Get("Should-Retry") == "false" {
		return false, "the server says so"
	}
	if resp.Header.Get("Should-Retry") == "true" {
		return true, ""
	}
	if resp.StatusCode == http.StatusConflict || resp.StatusCode >= 500 {
		return true, ""
	}
	return false, "not retryable"
}

// request passes every outcome through the caller's handler before the
// predicate decides: a successful response handled is still a success.
func (b *backend) request(req *http.Request, handle func(*http.Response, error) (any, error)) (any, error) {
	var result any
	var err error
	for retry := 0; ; { // want `loop ctx=sync retries=3`
		var resp *http.Response
		resp, err = b.client.Do(req)
		result, err = handle(resp, err)
		again, _ := b.shouldRetry(err, resp, retry)
		if !again {
			break
		}
		retry++
		time.Sleep(time.Duration(retry) * time.Second)
	}
	return result, err
}

// Must not flag: the handler's result, not its error, says whether the
// job is done; a successful response comes back until it is.
func (b *backend) waitDone(req *http.Request, handle func(*http.Response, error) (bool, error)) error {
	for {
		resp, err := b.client.Do(req)
		done, err := handle(resp, err)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Pagination whose next page comes from the response: the loop is no
// retry, but its failure path, which sleeps and fetches the same page
// again, is one (periodic.go). Its bound is unknown: the loop's condition
// reads the page's address, which the model does not follow.
func pagesRetried(c *http.Client, url string) error {
	for url != "" { // want `loop ctx=sync bound=\?`
		res, err := c.Get(url)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		url = res.Header.Get("Link")
		res.Body.Close()
	}
	return nil
}

// retryAfter reads the server's advice; on a response without it the
// delay is the backoff's, and the attempt is retried.
func retryAfter(res *http.Response, n int) (time.Duration, bool) {
	for _, h := range []string{"Retry-After-Ms", "Retry-After"} {
		v := res.Header.Get(h)
		if v == "" {
			continue
		}
		if d, err := time.ParseDuration(v + "s"); err == nil {
			return d, d < time.Minute
		}
	}
	return time.Second << n, true
}

func executeDelay(c *http.Client, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < 3; n++ { // want `loop ctx=sync retries=2`
		res, err = c.Do(req)
		if !shouldRetry(res, err) {
			break
		}
		d, ok := retryAfter(res, n)
		if !ok {
			break
		}
		time.Sleep(d)
	}
	return res, err
}
