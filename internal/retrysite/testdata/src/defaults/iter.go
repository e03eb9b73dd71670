package defaults

import (
	"context"
	"iter"
	"net/http"
	"time"
)

// 4. A range over a retry iterator of the package, given the count the
// constructor copies from an exported package variable unless the
// options set one (minio-go's newRetryTimer and MaxRetry).

var MaxAttempts = 10

type IterOptions struct{ MaxRetries int }

type iterClient struct {
	maxRetries int
	hc         *http.Client
}

func NewIterClient(opts *IterOptions) *iterClient {
	c := &iterClient{hc: &http.Client{}}
	c.maxRetries = MaxAttempts
	if opts.MaxRetries > 0 {
		c.maxRetries = opts.MaxRetries
	}
	return c
}

func (c *iterClient) newRetryTimer(ctx context.Context, maxRetry int, base time.Duration) iter.Seq[int] {
	wait := func(attempt int) time.Duration { return base * time.Duration(1<<uint(attempt)) }
	return func(yield func(int) bool) {
		for i := range maxRetry {
			if !yield(i) {
				return
			}
			select {
			case <-time.After(wait(i)):
			case <-ctx.Done():
				return
			}
		}
	}
}

func (c *iterClient) execute(ctx context.Context, req *http.Request) (res *http.Response, err error) {
	reqRetry := c.maxRetries
	for range c.newRetryTimer(ctx, reqRetry, time.Second) { // want `loop ctx=sync retries=9` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter` `R-2: retry of c\.hc\.Do makes 10 attempts = 9 retries, MaxAttempts's default, which NewIterClient can change, outside 1-5 for a synchronous API call`
		res, err = c.hc.Do(req)
		if err != nil || res.StatusCode >= 500 {
			continue
		}
		return res, nil
	}
	return nil, err
}

// A constant count: 3 iterations, 2 retries.
func (c *iterClient) executeThree(ctx context.Context, req *http.Request) (res *http.Response, err error) {
	for range c.newRetryTimer(ctx, 3, time.Second) { // want `loop ctx=sync retries=2` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter`
		res, err = c.hc.Do(req)
		if err != nil || res.StatusCode >= 500 {
			continue
		}
		return res, nil
	}
	return nil, err
}

// Must not count: the iterator yields in two places.
func (c *iterClient) twice(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
		yield(n)
	}
}

func (c *iterClient) executeTwice(req *http.Request) (res *http.Response, err error) {
	for range c.twice(3) { // want `loop ctx=sync bound=\?` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter`
		res, err = c.hc.Do(req)
		if err != nil {
			continue
		}
		return res, nil
	}
	return nil, err
}

// Must not count: the iterator changes its count.
func (c *iterClient) grows(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		n *= 2
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func (c *iterClient) executeGrows(req *http.Request) (res *http.Response, err error) {
	for range c.grows(3) { // want `loop ctx=sync bound=\?` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter`
		res, err = c.hc.Do(req)
		if err != nil {
			continue
		}
		return res, nil
	}
	return nil, err
}

// A count set twice before the range (minio-go's reqRetry, 1 for a body
// that cannot be rewound): at most the larger, 10 iterations.
func (c *iterClient) executeRewind(ctx context.Context, req *http.Request, rewindable bool) (res *http.Response, err error) {
	reqRetry := c.maxRetries
	if !rewindable {
		reqRetry = 1
	}
	for range c.newRetryTimer(ctx, reqRetry, time.Second) { // want `loop ctx=sync retries=9` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter` `R-2: retry of c\.hc\.Do makes 10 attempts = 9 retries, MaxAttempts's default, which NewIterClient can change, outside 1-5 for a synchronous API call`
		res, err = c.hc.Do(req)
		if err != nil || res.StatusCode >= 500 {
			continue
		}
		return res, nil
	}
	return nil, err
}

// Must not count: one write of the count is not known (a parameter).
func (c *iterClient) executeGiven(ctx context.Context, req *http.Request, n int) (res *http.Response, err error) {
	reqRetry := 3
	if n > 0 {
		reqRetry = n
	}
	for range c.newRetryTimer(ctx, reqRetry, time.Second) { // want `loop ctx=sync bound=\?` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter`
		res, err = c.hc.Do(req)
		if err != nil || res.StatusCode >= 500 {
			continue
		}
		return res, nil
	}
	return nil, err
}

// Must not count: the count is stepped (reqRetry++), not only assigned.
func (c *iterClient) executeStepped(ctx context.Context, req *http.Request, more bool) (res *http.Response, err error) {
	reqRetry := 3
	if more {
		reqRetry = 4
		reqRetry++
	}
	for range c.newRetryTimer(ctx, reqRetry, time.Second) { // want `loop ctx=sync bound=\?` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter`
		res, err = c.hc.Do(req)
		if err != nil || res.StatusCode >= 500 {
			continue
		}
		return res, nil
	}
	return nil, err
}

// Both counts within 1-5 (4, or 1 for a body that cannot be rewound):
// 3 retries at most, compliant.
func (c *iterClient) executeSmall(ctx context.Context, req *http.Request, rewindable bool) (res *http.Response, err error) {
	reqRetry := 4
	if !rewindable {
		reqRetry = 1
	}
	for range c.newRetryTimer(ctx, reqRetry, time.Second) { // want `loop ctx=sync retries=3` `R-1: retry of c\.hc\.Do retries at once, with no wait between attempts; use exponential backoff with full jitter`
		res, err = c.hc.Do(req)
		if err != nil || res.StatusCode >= 500 {
			continue
		}
		return res, nil
	}
	return nil, err
}
