// Package handoff holds recursions that hand the next item over, not
// retries (fasthttp's dialConnFor: a failed dial frees its slot, and
// decConnsCount dials again for the next waiter popped from the queue),
// beside a recursion that retries its own input.
package handoff

import (
	"errors"
	"net"
	"net/http"
	"time"
)

type waiter struct{ conn net.Conn }

type queue struct{ ws []*waiter }

func (q *queue) popFront() *waiter {
	w := q.ws[0]
	q.ws = q.ws[1:]
	return w
}

type pool struct {
	addr  string
	waits *queue
}

func (p *pool) dialFor(w *waiter) {
	conn, err := net.Dial("tcp", p.addr)
	if err != nil {
		p.release()
		return
	}
	w.conn = conn
}

func (p *pool) release() {
	if q := p.waits; q != nil && len(q.ws) > 0 {
		w := q.popFront()
		go p.dialFor(w)
	}
}

type client struct {
	hc    *http.Client
	addrs []string
	next  int
}

func (c *client) nextAddr() string {
	c.next++
	return c.addrs[c.next%len(c.addrs)]
}

// A failover over the pool's addresses: each call fetches another one.
func (c *client) fetchFrom(addr string) (*http.Response, error) {
	resp, err := c.hc.Get("http://" + addr + "/status")
	if err != nil {
		time.Sleep(100 * time.Millisecond)
		return c.fetchFrom(c.nextAddr())
	}
	return resp, nil
}

// Still a retry: the same URL again.
func (c *client) fetch(url string, tries int) (*http.Response, error) { // want `recursion ctx=sync bound=\?`
	resp, err := c.hc.Get(url)
	if err != nil {
		if tries >= 3 {
			return nil, errors.New("gave up")
		}
		time.Sleep(time.Second) // want `R-1: recursive retry of c.hc.Get \(GET\) waits a fixed 1s between attempts`
		return c.fetch(url, tries+1)
	}
	return resp, nil
}
