// Package exchange asks its own event loop, which calls a server, and
// retries the exchange.
package exchange

import (
	"errors"
	"net/http"
	"time"
)

type statusRequest struct {
	done chan struct{}
	err  error
}

type sumRequest struct {
	done chan struct{}
	n    int
	err  error
}

type client struct {
	url    string
	events chan any
}

func (c *client) run() {
	for ev := range c.events {
		switch v := ev.(type) {
		case *statusRequest:
			c.status(v)
		case *sumRequest:
			c.sum(v)
		}
	}
}

func (c *client) status(req *statusRequest) {
	defer close(req.done)
	_, req.err = http.Get(c.url)
}

func (c *client) sum(req *sumRequest) {
	defer close(req.done)
	if req.n < 0 {
		req.err = errors.New("negative")
	}
}

func (c *client) ask() error {
	req := &statusRequest{done: make(chan struct{})}
	c.events <- req
	<-req.done
	return req.err
}

func (c *client) waitHealthy() {
	for { // want `R-2: retry of c.ask has no maximum retry count`
		if err := c.ask(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the loop's handler for this request works locally.
func (c *client) sumUntilValid(n int) {
	for {
		req := &sumRequest{done: make(chan struct{}), n: n}
		c.events <- req
		<-req.done
		if req.err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
