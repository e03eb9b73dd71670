// Package decisioncount: a loop counts its attempts and hands the count
// to its retry decision, which says no once it reaches its limit: the
// loop's bound is the decision's.
package decisioncount

import (
	"errors"
	"net/http"
	"time"
)

type apiError interface {
	error
	Retryable() bool
}

type bodyError struct{ code string }

func (e *bodyError) Error() string   { return e.code }
func (e *bodyError) Retryable() bool { return e.code == "TIMEOUT" }

func decode(resp *http.Response) apiError { return &bodyError{code: resp.Header.Get("X-Error")} }

type client struct{ hc *http.Client }

// try says again until i reaches 9: nine retries.
func (c *client) try(url string, i int) (*http.Response, bool, error) {
	resp, err := c.hc.Get(url)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	if i >= 9 {
		return resp, false, errors.New("gave up")
	}
	time.Sleep(time.Second)
	return nil, true, nil
}

func (c *client) get(url string) (*http.Response, error) {
	for i := 0; ; i++ { // want `R-2: retry of c\.try \(GET\) makes 10 attempts = 9 retries`
		resp, again, err := c.try(url, i)
		if !again {
			return resp, err
		}
	}
}

// tryFew stops at 2: two retries, within range.
func (c *client) tryFew(url string, i int) (*http.Response, bool, error) {
	resp, err := c.hc.Get(url)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	remain := 2 - i
	if remain <= 0 {
		return resp, false, errors.New("gave up")
	}
	time.Sleep(time.Second)
	return nil, true, nil
}

func (c *client) getFew(url string) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, again, err := c.tryFew(url, i)
		if !again {
			return resp, err
		}
	}
}
