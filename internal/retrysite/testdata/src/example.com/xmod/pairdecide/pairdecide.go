// Package pairdecide: counted loops whose wait is the duration result of
// a (bool, time.Duration) decision method, itself computed by a function
// of another package of the module (backoffy) or by a method of a typed
// error.
package pairdecide

import (
	"errors"
	"math/rand"
	"net/http"
	"time"

	"example.com/xmod/internal/backoffy"
)

type Params struct{ Max, MinMs int }

type limitErr struct{ h http.Header }

func (limitErr) Error() string { return "limited" }

func (e limitErr) wait(n int, p Params) time.Duration {
	return backoffy.Wait(n, p.Max, p.MinMs, e.h)
}

type serverErr struct {
	code int
	h    http.Header
}

func (serverErr) Error() string { return "server" }

func (e serverErr) retryable() bool { return e.code != http.StatusNotImplemented }

// wait gives no wait to a failure it does not retry (a condition on the
// error): the other return's shape stands. A no-wait branch under a
// setting (statewaits' growing, recovery's backoff) stays a disagreement.
func (e serverErr) wait(n int, p Params) time.Duration {
	if !e.retryable() {
		return 0
	}
	return backoffy.Wait(n, p.Max, p.MinMs, e.h)
}

type badRequest struct{}

func (badRequest) Error() string { return "bad request" }

type client struct {
	hc *http.Client
	p  Params
}

func (c *client) decide(err error, n int, p Params) (bool, time.Duration) {
	if err == nil {
		return false, 0
	}
	var le limitErr
	var se serverErr
	var br badRequest
	switch {
	case errors.As(err, &le):
		d := le.wait(n, p)
		return d > 0, d
	case errors.As(err, &se):
		d := se.wait(n, p)
		return d > 0, d
	case errors.As(err, &br):
		return false, 0
	default:
		d := backoffy.Wait(n, p.Max, p.MinMs, http.Header{})
		return d > 0, d
	}
}

func (c *client) do(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < c.p.Max+1; n++ { // want `loop ctx=sync bound=\?`
		res, err = c.hc.Do(req)
		if err == nil && res.StatusCode < 300 {
			return res, nil
		}
		if ok, d := c.decide(err, n, c.p); ok {
			time.Sleep(d) // want `R-1: .*partial jitter`
			continue
		}
		return res, err
	}
	return res, err
}

// Trap: the decision's duration is a full-jitter draw under a constant
// cap: compliant, no R-1 (guards against reading every (bool, duration)
// decision as a floored wait).
func (c *client) decideFull(err error, n int) (bool, time.Duration) {
	if err == nil {
		return false, 0
	}
	return true, time.Duration(rand.Int63n(int64(time.Second << n)))
}

func (c *client) doFull(req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < c.p.Max+1; n++ { // want `loop ctx=sync bound=\?`
		res, err = c.hc.Do(req)
		if err == nil && res.StatusCode < 300 {
			return res, nil
		}
		if ok, d := c.decideFull(err, n); ok {
			time.Sleep(d)
			continue
		}
		return res, err
	}
	return res, err
}
