// Package retrydecision holds loops whose retry decision is a callee's
// bool that waits a backoff and counts on the path where it says "again"
// (retrysite's RetryDecision), and the callees that are no such decision.
package retrydecision

import (
	"encoding/json"
	"io"
	"net/http"
	"time"
)

// ErrorBody is an error decoded from a response body; the package does
// not implement it. Asking it whether it is retryable is a test of what
// the failure was.
type ErrorBody interface {
	error
	Retryable() bool
	Done() bool
}

type Client struct {
	h       *http.Client
	max     int
	minWait time.Duration
}

func NewClient() *Client {
	return &Client{h: &http.Client{Timeout: 5 * time.Second}, max: 3, minWait: time.Second}
}

// Do re-sends the request while attempt says again.
func (c *Client) Do(req *http.Request, ev ErrorBody) (*http.Response, error) {
	var resp *http.Response
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?; 1 waits`
		var again bool
		var err error
		resp, again, err = c.attempt(req, ev, i) // want `R-1: retry of c.attempt waits a fixed 1s between attempts`
		if again {
			continue
		}
		if err != nil {
			return nil, err
		}
		break
	}
	return resp, nil
}

// attempt sends once; when the decoded body says retryable it counts and
// waits, then says again.
func (c *Client) attempt(req *http.Request, ev ErrorBody, i int) (*http.Response, bool, error) {
	resp, err := c.h.Do(req)
	if err != nil {
		return resp, false, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp, false, err
	}
	_ = json.Unmarshal(body, &ev)
	if !ev.Retryable() {
		return resp, false, nil
	}
	if c.max-i <= 0 {
		return resp, false, io.EOF
	}
	time.Sleep(c.minWait) // want `R-1: retry of c.attempt waits a fixed 1s between attempts, the wait made here`
	return resp, true, nil
}

// Fresh is an error value decoded from a body, made new for each
// attempt (its New is an interface method: an operation to the model).
type Fresh interface {
	ErrorBody
	New() Fresh
}

type MaxErr struct{}

func (*MaxErr) Error() string { return "max" }

// DoFresh decodes into a fresh error value on each attempt and hands it
// to the decision: a call given an error-typed value is still the
// operation when it is the retry decision.
func (c *Client) DoFresh(req *http.Request, proto Fresh) (*http.Response, error) {
	var resp *http.Response
	var ev Fresh
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?; 1 waits`
		var again bool
		var err error
		ev = proto.New()
		resp, again, err = c.attempt(req, ev, i) // want `R-1: retry of c.attempt waits a fixed 1s between attempts`
		if serr, ok := err.(*MaxErr); ok {
			return nil, serr
		}
		if again {
			continue
		}
		if err != nil {
			return nil, err
		}
		break
	}
	return resp, nil
}

// Send asks a separate decision after each send.
func (c *Client) Send(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ { // want `loop ctx=sync retries=3; 1 waits`
		resp, err := c.h.Do(req)
		if !c.shouldRetry(resp, err, attempt) { // want `R-1: retry of c.h.Do waits a fixed 1s between attempts`
			return resp, err
		}
	}
}

func (c *Client) shouldRetry(resp *http.Response, err error, attempt int) bool {
	if attempt >= c.max {
		return false
	}
	if err == nil && resp.StatusCode < 500 {
		return false
	}
	time.Sleep(c.minWait)
	return true
}

// Policy classifies outcomes; the package does not implement it.
type Policy interface {
	Retryable(resp *http.Response, err error) bool
}

// SendPolicy asks a decision whose classification is a policy the model
// cannot see.
func (c *Client) SendPolicy(req *http.Request, p Policy) (*http.Response, error) {
	for attempt := 0; ; attempt++ { // want `loop ctx=sync retries=3; 1 waits`
		resp, err := c.h.Do(req)
		if !c.decide(p, resp, err, attempt) { // want `R-1: retry of c.h.Do waits a fixed 1s between attempts`
			return resp, err
		}
	}
}

func (c *Client) decide(p Policy, resp *http.Response, err error, attempt int) bool {
	if !p.Retryable(resp, err) {
		return false
	}
	if attempt >= c.max {
		return false
	}
	time.Sleep(c.minWait)
	return true
}

// Trap: a predicate that only classifies (no wait, no count) stays a
// predicate: a success may come back, no site (as before).
func (c *Client) SendClassify(req *http.Request, p Policy) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.h.Do(req)
		if !c.classify(p, resp, err) {
			return resp, err
		}
	}
}

func (c *Client) classify(p Policy, resp *http.Response, err error) bool {
	if !p.Retryable(resp, err) {
		return false
	}
	return true
}

// Trap: a callee that sleeps before it says stop does not wait between
// attempts: no retry decision, no site.
func (c *Client) SendPause(req *http.Request, p Policy) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.h.Do(req)
		if !c.pause(p, resp, err, attempt) {
			return resp, err
		}
	}
}

func (c *Client) pause(p Policy, resp *http.Response, err error, attempt int) bool {
	if attempt >= c.max {
		return false
	}
	if !p.Retryable(resp, err) {
		time.Sleep(c.minWait)
		return false
	}
	return true
}

// Trap: an operation whose flag says "not done yet" after it counted,
// with no wait, is a poll's step: no site.
func (c *Client) Watch(req *http.Request, ev ErrorBody) error {
	for i := 0; ; i++ {
		more, err := c.step(req, ev, i)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
}

func (c *Client) step(req *http.Request, ev ErrorBody, i int) (bool, error) {
	resp, err := c.h.Do(req)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	_ = json.NewDecoder(resp.Body).Decode(&ev)
	if ev.Done() || i >= c.max {
		return false, nil
	}
	return true, nil
}

type jobState struct{ Done bool }

// Trap: a step that sends, waits and counts before it says "not done
// yet" on a state it decoded is a state poll's step, not a retry
// decision: its true follows no test of what a failure was (a 503 would
// otherwise come back, and the poll read as a retry).
func (c *Client) Poll(req *http.Request) error {
	for i := 0; ; i++ {
		_, more, err := c.pollStep(req, i)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
}

func (c *Client) pollStep(req *http.Request, i int) (*http.Response, bool, error) {
	resp, err := c.h.Do(req)
	if err != nil {
		return resp, false, err
	}
	defer resp.Body.Close()
	var st jobState
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		return resp, false, err
	}
	if st.Done {
		return resp, false, nil
	}
	if i >= c.max {
		return resp, false, io.ErrUnexpectedEOF
	}
	time.Sleep(c.minWait)
	return resp, true, nil
}
