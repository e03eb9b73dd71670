// Package rewind holds request loops that carry the request from one
// round to the next: rewound for the next attempt (the same operation, a
// retry) or moved on to the next page (a new operation each round).
package rewind

import (
	"errors"
	"math/rand"
	"net/http"
	"time"
)

var errUnusable = errors.New("connection unusable")

// rewindRequest gives back the request itself, or a copy with a fresh
// body from its own GetBody, or nil with an error.
func rewindRequest(req *http.Request, err error) (*http.Request, error) {
	if err != errUnusable {
		return nil, err
	}
	if req.Body == nil || req.Body == http.NoBody {
		return req, nil
	}
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		newReq := *req
		newReq.Body = body
		return &newReq, nil
	}
	return nil, errors.New("cannot rewind the body")
}

// roundTrip retries the same request seven times, rewinding its body.
func roundTrip(c *http.Client, req *http.Request) (*http.Response, error) {
	for retry := 0; ; retry++ { // want `loop ctx=sync retries=7` `R-2: retry of c.Do makes 8 attempts = 7 retries`
		res, err := c.Do(req)
		if err != nil && retry <= 6 {
			if req, err = rewindRequest(req, err); err == nil {
				backoff := float64(uint(1) << uint(retry))
				backoff += backoff * (0.1 * rand.Float64())
				time.Sleep(time.Second * time.Duration(backoff)) // want `R-1: retry of c.Do uses partial jitter`
				continue
			}
		}
		if err != nil {
			return nil, err
		}
		return res, nil
	}
}

// nextPage copies the request and points the copy at the cursor the
// response gave: each round is a new request.
func nextPage(req *http.Request, res *http.Response) (*http.Request, error) {
	cursor := res.Header.Get("Link")
	if cursor == "" {
		return nil, errors.New("done")
	}
	next := *req
	u := *req.URL
	u.RawQuery = cursor
	next.URL = &u
	return &next, nil
}

// pages walks the pages: not a retry, even though it goes round after an
// error of its own.
func pages(c *http.Client, req *http.Request) error {
	for i := 0; i < 100; i++ {
		res, err := c.Do(req)
		if err != nil {
			return err
		}
		res.Body.Close()
		if req, err = nextPage(req, res); err != nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// redirect gives the request the response's Location: another request.
func redirect(req *http.Request, loc *http.Request) (*http.Request, error) {
	if loc == nil {
		return req, nil
	}
	return loc, nil
}

// follow goes round with whatever redirect returns: not the same input.
func follow(c *http.Client, req *http.Request, locs chan *http.Request) error {
	for i := 0; i < 10; i++ {
		_, err := c.Do(req)
		if err == nil {
			return nil
		}
		if req, err = redirect(req, <-locs); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}
