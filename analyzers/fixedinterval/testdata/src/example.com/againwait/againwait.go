// Package againwait: the attempt is a helper that sends through a
// retrying client (whose own waits the loop cannot see) and decides the
// loop's retry: on an error it classifies as retryable, under its count,
// it waits and answers "again" (return nil, true, nil). That wait is the
// wait between two attempts whatever else waits inside the helper, and
// the fix goes there.
package againwait

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// errorResponse is the error the API answers with, in the body of a 200.
type errorResponse interface {
	error
	Retryable() bool
}

type apiError struct{ code string }

func (e *apiError) Error() string   { return e.code }
func (e *apiError) Retryable() bool { return e.code == "TIMEOUT" }

func decode(resp *http.Response) errorResponse {
	return &apiError{code: resp.Header.Get("X-Error")}
}

type client struct {
	rc *retryablehttp.Client
}

func newClient() *client {
	r := retryablehttp.NewClient() // want `R-1: go-retryablehttp retry policy: its wait doubles from 1s up to 30s without jitter`
	r.RetryMax = 2
	return &client{rc: r}
}

// try waits a fixed second before it answers "again".
func (c *client) try(req *retryablehttp.Request, i int) (*http.Response, bool, error) {
	resp, err := c.rc.Do(req)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	if i >= 3 {
		return resp, false, e
	}
	time.Sleep(time.Second) // want `R-1: retry of c\.try \(GET\) waits a fixed 1s between attempts, the wait made here`
	return nil, true, nil
}

func (c *client) get() (*http.Response, error) {
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://example.com", nil)
	if err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		resp, again, err := c.try(req, i) // want `R-1: retry of c\.try \(GET\) waits a fixed 1s between attempts`
		if again {
			continue
		}
		return resp, err
	}
}

// tryRC waits what the retryablehttp client's Backoff gives: the package
// never sets it, and NewClient put DefaultBackoff there, which draws
// nothing at random whatever its bounds.
func (c *client) tryRC(req *retryablehttp.Request, i int) (*http.Response, bool, error) {
	resp, err := c.rc.Do(req)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	if i >= 3 {
		return resp, false, e
	}
	wait := c.rc.Backoff(c.rc.RetryWaitMin, c.rc.RetryWaitMax, i, resp)
	time.Sleep(wait) // want `R-1: retry of c\.tryRC \(GET\) waits a delay computed with no random draw: no jitter, the wait made here`
	return nil, true, nil
}

func (c *client) getRC() (*http.Response, error) {
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://example.com", nil)
	if err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		resp, again, err := c.tryRC(req, i) // want `R-1: retry of c\.tryRC \(GET\) waits a delay computed with no random draw`
		if !again {
			return resp, err
		}
	}
}

// tryJittered draws its whole wait, under a ceiling that doubles: compliant.
func (c *client) tryJittered(req *retryablehttp.Request, i int) (*http.Response, bool, error) {
	resp, err := c.rc.Do(req)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	if i >= 3 {
		return resp, false, e
	}
	time.Sleep(rand.N(min(time.Second<<i, 30*time.Second)))
	return nil, true, nil
}

func (c *client) getJittered() (*http.Response, error) {
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://example.com", nil)
	if err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		resp, again, err := c.tryJittered(req, i)
		if !again {
			return resp, err
		}
	}
}

var errGaveUp = errors.New("gave up")
