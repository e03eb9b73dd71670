// Package decide: loops whose retry decision is a predicate of the
// package, made after a handler the caller passes.
package decide

import (
	"net/http"
	"time"
)

type backend struct{ client *http.Client }

func (b *backend) shouldRetry(err error, resp *http.Response, n int) (bool, string) {
	if n >= 3 {
		return false, "max retries exceeded"
	}
	if err != nil {
		return true, ""
	}
	if resp.Header.Get("Should-Retry") == "true" {
		return true, ""
	}
	if resp.StatusCode >= 500 {
		return true, ""
	}
	return false, "not retryable"
}

func (b *backend) request(req *http.Request, handle func(*http.Response, error) (any, error)) (any, error) {
	var result any
	var err error
	for retry := 0; ; {
		var resp *http.Response
		resp, err = b.client.Do(req)
		result, err = handle(resp, err)
		again, _ := b.shouldRetry(err, resp, retry)
		if !again {
			break
		}
		retry++
		time.Sleep(500 * time.Millisecond) // want `R-1: retry of b\.client\.Do waits a fixed 500ms`
	}
	return result, err
}

// Must not flag: the handler says when the job is done; a successful
// response comes back until then.
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
