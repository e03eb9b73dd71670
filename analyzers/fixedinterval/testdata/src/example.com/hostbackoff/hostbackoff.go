// Package hostbackoff: a client keeps a backoff per host, stepped after
// each failure and read back as an instant to sleep until; the attempt is
// a literal that waits for it (and for the host's request pacing) before
// it sends. Nothing on any path draws at random: no jitter, whatever the
// delays.
package hostbackoff

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

var defaultDelay, _ = time.ParseDuration("100ms")

type host struct {
	mu          sync.Mutex
	backoffCur  int
	backoffLast time.Time
}

type client struct {
	hc       *http.Client
	hosts    map[string]*host
	delay    time.Duration
	delayMax time.Duration
	throttle chan struct{}
	body     func() (io.Reader, error)
}

func newClient() *client {
	return &client{hc: http.DefaultClient, hosts: map[string]*host{}, delay: defaultDelay, delayMax: 30 * time.Second, throttle: make(chan struct{}, 4)}
}

func (c *client) getHost(name string) *host {
	h, ok := c.hosts[name]
	if !ok {
		h = &host{}
		c.hosts[name] = h
	}
	return h
}

// backoffGet is when the next attempt may start.
func (c *client) backoffGet(name string) time.Time { // want `R-1: retry of c\.hc\.Post \(POST\) waits a delay computed with no random draw: no jitter, the wait computed here`
	h := c.getHost(name)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.backoffCur > 0 {
		delay := min(c.delay<<h.backoffCur, c.delayMax)
		next := h.backoffLast.Add(delay)
		if now := time.Now(); now.After(next) {
			next = now
		}
		h.backoffLast = next
		return next
	}
	return h.backoffLast
}

// backoffSet steps the count, or takes the server's Retry-After.
func (c *client) backoffSet(name string, resp *http.Response) {
	h := c.getHost(name)
	h.mu.Lock()
	defer h.mu.Unlock()
	if resp != nil {
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
			h.backoffLast = time.Now().Add(time.Duration(s) * time.Second)
			return
		}
	}
	h.backoffCur++
}

func (c *client) get(name, url string) (*http.Response, error) {
	for tries := 0; tries < 5; tries++ {
		c.throttle <- struct{}{} // other requests to the host may hold it
		var resp *http.Response
		err := func() error { // want `R-1: retry of c\.hc\.Post \(POST\) waits a delay computed with no random draw: no jitter`
			body, err := c.body() // builds the request's body: no exchange
			if err != nil {
				return err
			}
			if bu := c.backoffGet(name); bu.After(time.Now()) {
				time.Sleep(time.Until(bu))
			}
			resp, err = c.hc.Post(url, "application/json", body)
			if err != nil {
				return err
			}
			if resp.StatusCode >= 500 {
				return errors.New(resp.Status)
			}
			return nil
		}()
		<-c.throttle
		if err == nil {
			return resp, nil
		}
		c.backoffSet(name, resp)
	}
	return nil, errors.New("gave up")
}

// The server's Retry-After alone: the peer's schedule, not one the
// package computes (must not flag).
type rateLimited struct {
	hc *http.Client
}

func (c *rateLimited) get(url string) (*http.Response, error) {
	for tries := 0; tries < 5; tries++ {
		resp, err := c.hc.Get(url)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
		s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		if err != nil {
			return nil, err
		}
		time.Sleep(time.Duration(s) * time.Second)
	}
	return nil, errors.New("gave up")
}

// A rate-limit error carrying the server's wait, made by an unkeyed
// literal: the wait is the peer's (must not flag).
type limitError struct{ after time.Duration }

func (e *limitError) Error() string { return "rate limited" }

func fetch(hc *http.Client, url string) error {
	resp, err := hc.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		s, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return &limitError{time.Duration(s) * time.Second}
	}
	return nil
}

func fetchRetrying(hc *http.Client, url string) error {
	var err error
	for tries := 0; tries < 5; tries++ {
		err = fetch(hc, url)
		le, ok := err.(*limitError)
		if !ok {
			return err
		}
		time.Sleep(le.after)
	}
	return err
}
