// Package exchange hands requests to its own event loop over a channel
// and waits for the reply (exchange.go): an exchange whose handler calls
// a server is an operation; one whose handler works locally, a send that
// waits for nothing and a request no loop handles are not.
package exchange

import (
	"errors"
	"net/http"
	"time"
)

type infoRequest struct {
	done chan struct{}
	code int
	err  error
}

type localRequest struct {
	done chan struct{}
	n    int
	err  error
}

type unhandledRequest struct {
	done chan struct{}
	err  error
}

type client struct {
	url    string
	events chan any
	other  chan any
}

func (c *client) run() {
	for {
		select {
		case ev := <-c.events:
			switch v := ev.(type) {
			case *infoRequest:
				c.handleInfo(v)
			case *localRequest:
				c.handleLocal(v)
			}
		}
	}
}

func (c *client) handleInfo(req *infoRequest) {
	defer close(req.done)
	resp, err := http.Get(c.url)
	if err != nil {
		req.err = err
		return
	}
	req.code = resp.StatusCode
}

func (c *client) handleLocal(req *localRequest) {
	defer close(req.done)
	if req.n < 0 {
		req.err = errors.New("negative")
	}
}

// getInfo asks the event loop, which calls the server.
func (c *client) getInfo() (int, error) {
	req := &infoRequest{done: make(chan struct{})}
	c.events <- req
	<-req.done
	return req.code, req.err
}

func (c *client) infoForever() int {
	for { // want `loop ctx=sync unbounded; 1 waits`
		code, err := c.getInfo()
		if err == nil {
			return code
		}
		time.Sleep(time.Second)
	}
}

// The same exchange written in a literal the loop calls.
func (c *client) infoLiteral() error {
	op := func() error {
		req := &infoRequest{done: make(chan struct{})}
		c.events <- req
		<-req.done
		return req.err
	}
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2; 1 waits`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag: the handler works locally.
func (c *client) localForever(n int) {
	for {
		req := &localRequest{done: make(chan struct{}), n: n}
		c.events <- req
		<-req.done
		if req.err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (c *client) askLocal(n int) error {
	req := &localRequest{done: make(chan struct{}), n: n}
	c.events <- req
	<-req.done
	return req.err
}

func (c *client) localHelper(n int) {
	for {
		if err := c.askLocal(n); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the request is sent and nothing waits for the reply.
func (c *client) post() error {
	req := &infoRequest{done: make(chan struct{})}
	c.events <- req
	return nil
}

func (c *client) postForever() {
	for {
		if err := c.post(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: no loop receives this request from the channel it is
// sent on.
func (c *client) askOther() error {
	req := &infoRequest{done: make(chan struct{})}
	c.other <- req
	<-req.done
	return req.err
}

func (c *client) otherForever() {
	for {
		if err := c.askOther(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func (c *client) askUnhandled() error {
	req := &unhandledRequest{done: make(chan struct{})}
	c.events <- req
	<-req.done
	return req.err
}

func (c *client) unhandledForever() {
	for {
		if err := c.askUnhandled(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
