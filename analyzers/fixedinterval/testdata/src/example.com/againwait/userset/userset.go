// Package userset: retryablehttp clients whose Backoff the package sets
// or takes from its user; the function the helper calls is not the
// library's default, and the wait stays unknown (silent).
package userset

import (
	"errors"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// A client whose Backoff the package sets: the function it holds is the
// user's, not the library's default, and the wait stays unknown.
type userClient struct {
	rc *retryablehttp.Client
}

func newUserClient(b retryablehttp.Backoff) *userClient {
	r := retryablehttp.NewClient()
	r.Backoff = b
	return &userClient{rc: r}
}

func (c *userClient) try(req *retryablehttp.Request, i int) (*http.Response, bool, error) {
	resp, err := c.rc.Do(req)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	if i >= 3 {
		return resp, false, errGaveUp
	}
	time.Sleep(c.rc.Backoff(c.rc.RetryWaitMin, c.rc.RetryWaitMax, i, resp))
	return nil, true, nil
}

func (c *userClient) get(req *retryablehttp.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, again, err := c.try(req, i)
		if !again {
			return resp, err
		}
	}
}

// A client the user hands in: its Backoff may be anything.
type givenClient struct {
	rc *retryablehttp.Client
}

func newGivenClient(rc *retryablehttp.Client) *givenClient { return &givenClient{rc: rc} }

func (c *givenClient) try(req *retryablehttp.Request, i int) (*http.Response, bool, error) {
	resp, err := c.rc.Do(req)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	if i >= 3 {
		return resp, false, errGaveUp
	}
	time.Sleep(c.rc.Backoff(c.rc.RetryWaitMin, c.rc.RetryWaitMax, i, resp))
	return nil, true, nil
}

func (c *givenClient) get(req *retryablehttp.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, again, err := c.try(req, i)
		if !again {
			return resp, err
		}
	}
}

var errGaveUp = errors.New("gave up")

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
