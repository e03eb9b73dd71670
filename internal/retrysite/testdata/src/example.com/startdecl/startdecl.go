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

// --- Must not be a site: the decision is not its zero at the operation. ---

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
