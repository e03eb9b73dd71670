// Package startdecl holds loops that declare their decision before the
// operation on every iteration (interp/exits' startdecl.go): the walk from
// the operation knows the decision's zero, so a success leaves.
package startdecl

import (
	"net/http"
	"time"
)

type Client struct {
	hc     *http.Client
	always bool
	onErr  func(error) bool
}

// Perform declares shouldRetry before the request (elastic-transport's
// Perform): a failure sets it, a success leaves it false and breaks.
func (c *Client) Perform(req *http.Request) (*http.Response, error) {
	var (
		res *http.Response
		err error
	)
	for i := 0; i <= 3; i++ { // want `loop ctx=sync retries=3`
		var (
			shouldRetry     bool
			shouldCloseBody bool
		)
		res, err = c.hc.Do(req)
		if err != nil && (c.onErr == nil || c.onErr(err)) {
			shouldRetry = true
		}
		if res != nil && res.StatusCode >= 500 {
			shouldRetry = true
			shouldCloseBody = true
		}
		if !shouldRetry {
			break
		}
		if shouldCloseBody {
			_ = res.Body.Close()
		}
		time.Sleep(time.Second) // want `R-1: retry of c.hc.Do waits a fixed 1s between attempts`
	}
	return res, err
}

// Defined declares its decision with a constant.
func (c *Client) Defined(req *http.Request) error {
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		again := false
		res, err := c.hc.Do(req)
		if err != nil {
			again = true
		} else {
			_ = res.Body.Close()
		}
		if !again {
			return nil
		}
		time.Sleep(2 * time.Second) // want `R-1: retry of c.hc.Do waits a fixed 2s between attempts`
	}
	return nil
}

var retryStatuses = []int{502, 503, 504}

// Member sets its decision in a range over a known list of statuses
// (a membership test) and by a func value given the error: the flag is
// the disjunction of the guards it is set under, read by the walk as
// any local.
func (c *Client) Member(req *http.Request) (*http.Response, error) {
	var (
		res *http.Response
		err error
	)
	for i := 0; i <= 3; i++ { // want `loop ctx=sync retries=3`
		var shouldRetry bool
		res, err = c.hc.Do(req)
		if err != nil {
			if c.onErr == nil || c.onErr(err) {
				shouldRetry = true
			}
		}
		if res != nil {
			for _, code := range retryStatuses {
				if res.StatusCode == code {
					shouldRetry = true
				}
			}
		}
		if !shouldRetry {
			break
		}
		time.Sleep(500 * time.Millisecond) // want `R-1: retry of c.hc.Do waits a fixed 500ms between attempts`
	}
	return res, err
}

// --- Must not be a site: the decision is not its zero at the operation. ---

// Ready sets its flag on a success, when the job is done: a poll, whose
// success comes back while the job runs.
func (c *Client) Ready(req *http.Request) error {
	for i := 0; i < 10; i++ {
		done := false
		res, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		if res.Header.Get("X-State") == "done" {
			done = true
		}
		_ = res.Body.Close()
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Stop sets its flag on a failure, which ends the loop: a success comes
// back.
func (c *Client) Stop(req *http.Request) error {
	for i := 0; i < 3; i++ {
		done := false
		res, err := c.hc.Do(req)
		if err != nil {
			done = true
		} else {
			_ = res.Body.Close()
		}
		if done {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Computed sets its decision from a value the model cannot read (a
// field): a success may come back.
func (c *Client) Computed(req *http.Request) error {
	for i := 0; i < 3; i++ {
		var again bool
		res, err := c.hc.Do(req)
		if err != nil {
			again = true
		} else {
			again = c.always
			_ = res.Body.Close()
		}
		if !again {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Written sets the decision from a field between its declaration and
// the request: a success may come back.
func (c *Client) Written(req *http.Request) error {
	for i := 0; i < 3; i++ {
		again := false
		if c.always {
			again = true
		}
		res, err := c.hc.Do(req)
		if err != nil {
			again = true
		} else {
			_ = res.Body.Close()
		}
		if !again {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Carried declares the decision before the loop: a failure leaves it
// set for every later iteration, successes included.
func (c *Client) Carried(req *http.Request) error {
	var again bool
	for i := 0; i < 3; i++ {
		res, err := c.hc.Do(req)
		if err != nil {
			again = true
		} else {
			_ = res.Body.Close()
		}
		if !again {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

func (c *Client) mark(again *bool) { *again = c.always }

// Addressed hands the decision's address to a method before the request.
func (c *Client) Addressed(req *http.Request) error {
	for i := 0; i < 3; i++ {
		var again bool
		c.mark(&again)
		res, err := c.hc.Do(req)
		if err != nil {
			again = true
		} else {
			_ = res.Body.Close()
		}
		if !again {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
