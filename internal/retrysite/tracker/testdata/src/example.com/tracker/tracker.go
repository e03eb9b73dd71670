// Package tracker holds request loops that keep their attempt count in an
// object of the package, asked before each new round.
package tracker

import (
	"net/http"
	"time"
)

// Retrier decides whether a failed attempt goes round again.
type Retrier interface {
	IsNextRetry(resp *http.Response, err error) bool
}

type withRetry struct {
	maxRetries int
	attempts   int
}

// IsNextRetry counts the attempt, then says no past the limit.
func (r *withRetry) IsNextRetry(resp *http.Response, err error) bool {
	if resp == nil && err == nil {
		return false
	}
	r.attempts++
	if r.attempts > r.maxRetries {
		return false
	}
	return err != nil || resp.StatusCode >= 500
}

func newRetry(maxRetries int) Retrier {
	return &withRetry{maxRetries: maxRetries}
}

// Request is built by NewRequest with ten retries and a retry factory the
// package sets; MaxRetries lets the user change the count.
type Request struct {
	client     *http.Client
	url        string
	maxRetries int
	retryFn    func(int) Retrier
}

func NewRequest(c *http.Client, url string) *Request {
	return &Request{client: c, url: url, maxRetries: 10, retryFn: newRetry}
}

func (r *Request) MaxRetries(n int) *Request {
	r.maxRetries = n
	return r
}

// Do asks the tracker before each new round: eleven attempts by default.
func (r *Request) Do() (*http.Response, error) {
	retry := r.retryFn(r.maxRetries)
	for { // want `loop ctx=sync retries=10` `R-2: retry of r.client.Get \(GET\) makes 11 attempts = 10 retries, NewRequest's default, which MaxRetries can change`
		resp, err := r.client.Get(r.url)
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp, nil
		}
		done := func() bool {
			if retry.IsNextRetry(resp, err) {
				return false
			}
			return true
		}()
		if done {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// DoFew builds its tracker directly with three retries: within range.
func (r *Request) DoFew() (*http.Response, error) {
	retry := newRetry(3)
	for { // want `loop ctx=sync retries=3`
		resp, err := r.client.Get(r.url)
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp, nil
		}
		if !retry.IsNextRetry(resp, err) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// eager says yes before it counts: it bounds nothing.
type eager struct {
	max, n int
}

func (e *eager) Next(err error) bool {
	if err != nil {
		return true
	}
	e.n++
	if e.n >= e.max {
		return false
	}
	return true
}

func newEager(max int) *eager { return &eager{max: max} }

func (r *Request) DoEager() (*http.Response, error) {
	retry := newEager(20)
	for { // want `loop ctx=sync bound=\?`
		resp, err := r.client.Get(r.url)
		if err == nil {
			return resp, nil
		}
		if !retry.Next(err) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// resettable's count is reset by another method: not a count of attempts.
type resettable struct {
	max, n int
}

func (c *resettable) Next() bool {
	c.n++
	if c.n > c.max {
		return false
	}
	return true
}

func (c *resettable) Reset() { c.n = 0 }

func newResettable(max int) *resettable { return &resettable{max: max} }

func (r *Request) DoReset() (*http.Response, error) {
	retry := newResettable(20)
	for { // want `loop ctx=sync bound=\?`
		resp, err := r.client.Get(r.url)
		if err == nil {
			return resp, nil
		}
		if !retry.Next() {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// A tracker that also decides whether a response is worth another
// attempt (client-go's withRetry: only 429 and 5xx wait for another), asked
// inside a literal called in place: the loop's success leaves only because
// the tracker says no to it. The interface call is read through the one
// type the local holds, and the literal through its body.
type statusRetry struct {
	maxRetries int
	attempts   int
}

func (r *statusRetry) IsNextRetry(resp *http.Response, err error) bool {
	if resp == nil && err == nil {
		return false
	}
	r.attempts++
	if r.attempts > r.maxRetries {
		return false
	}
	if err != nil {
		return true
	}
	if !worthWaiting(resp) {
		return false
	}
	return true
}

func worthWaiting(resp *http.Response) bool {
	switch c := resp.StatusCode; {
	case c == http.StatusTooManyRequests, c >= 500:
		return true
	}
	return false
}

func newStatusRetry(n int) Retrier { return &statusRetry{maxRetries: n} }

// DoDecided: the client-go request() shape, ten retries.
func (r *Request) DoDecided(handle func(*http.Response)) error {
	retry := newStatusRetry(r.maxRetries)
	for { // want `loop ctx=sync retries=10` `R-2: retry of r.client.Get \(GET\) makes 11 attempts = 10 retries, NewRequest's default, which MaxRetries can change`
		resp, err := r.client.Get(r.url)
		done := func() bool {
			if retry.IsNextRetry(resp, err) {
				return false
			}
			handle(resp)
			return true
		}()
		if done {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the local may hold either of two trackers, so its
// interface hides which method runs; the success is not known to leave.
func (r *Request) DoEither(fast bool, handle func(*http.Response)) error {
	retry := newStatusRetry(r.maxRetries)
	if fast {
		retry = newRetry(1)
	}
	for {
		resp, err := r.client.Get(r.url)
		done := func() bool {
			if retry.IsNextRetry(resp, err) {
				return false
			}
			handle(resp)
			return true
		}()
		if done {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the literal writes a variable of the loop (seen), so
// what it decides depends on more than the values the loop holds.
func (r *Request) DoCounting(handle func(*http.Response)) error {
	retry := newStatusRetry(r.maxRetries)
	seen := 0
	for {
		resp, err := r.client.Get(r.url)
		done := func() bool {
			seen++
			if retry.IsNextRetry(resp, err) {
				return false
			}
			handle(resp)
			return true
		}()
		if done || seen > 100 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A tracker that counts but goes round while a job is still running: a
// 200 without the "done" header comes back.
type jobPoll struct {
	max, n int
}

func (p *jobPoll) IsNextRetry(resp *http.Response, err error) bool {
	p.n++
	if p.n > p.max {
		return false
	}
	return err != nil || resp.Header.Get("X-Job-State") != "done"
}

func newJobPoll(n int) Retrier { return &jobPoll{max: n} }

// Must not flag: read through jobPoll, the loop polls a job's state.
func (r *Request) DoPoll(handle func(*http.Response)) error {
	retry := newJobPoll(30)
	for {
		resp, err := r.client.Get(r.url)
		done := func() bool {
			if retry.IsNextRetry(resp, err) {
				return false
			}
			handle(resp)
			return true
		}()
		if done {
			return err
		}
		time.Sleep(time.Second)
	}
}
