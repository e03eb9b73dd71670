// Package heldretry holds recursive retries through a closure the
// function holds (typesx.HeldSelfCalls, retrysite's heldrecursion.go),
// some after a loop over candidates (sarama's findCoordinator), and the
// repeats that are not such retries.
package heldretry

import (
	"errors"
	"net"
	"time"
)

type KError int16

func (e KError) Error() string { return "kafka error" }

const (
	ErrNoError                KError = 0
	ErrCoordinatorUnavailable KError = 15
)

type response struct {
	Err         KError
	Coordinator string
	Brokers     []string
}

type broker struct{ addr string }

func (b *broker) findCoordinator(key string) (*response, error) {
	c, err := net.Dial("tcp", b.addr)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if _, err := c.Write([]byte(key)); err != nil {
		return nil, err
	}
	return &response{}, nil
}

type client struct {
	brokers []*broker
	backoff time.Duration
	fresh   bool
}

func newClient() *client { return &client{backoff: 250 * time.Millisecond} }

func (c *client) leastLoaded() *broker {
	if len(c.brokers) == 0 {
		return nil
	}
	return c.brokers[0]
}

// findCoordinator asks each broker in turn; once none is left, or one
// says the coordinator is not available, it retries itself through its
// closure after the fixed backoff.
func (c *client) findCoordinator(key string, attemptsRemaining int) (*response, error) { // want `recursion ctx=sync bound=\?; 1 waits`
	retry := func(err error) (*response, error) {
		if attemptsRemaining > 0 {
			attemptsRemaining--
			time.Sleep(c.backoff) // want `R-1: recursive retry of b.findCoordinator waits a fixed 250ms between attempts`
			return c.findCoordinator(key, attemptsRemaining)
		}
		return nil, err
	}
	for _, b := range c.brokers {
		resp, err := b.findCoordinator(key)
		if err != nil {
			continue
		}
		if errors.Is(resp.Err, ErrNoError) {
			return resp, nil
		}
		if errors.Is(resp.Err, ErrCoordinatorUnavailable) {
			return retry(resp.Err)
		}
		return nil, resp.Err
	}
	return retry(errors.New("out of brokers"))
}

func dial(addr string) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// connect retries through its closure, with no loop: the closure counts
// down a captured parameter, so the count is the closure's.
func connect(addr string, tries int) error { // want `recursion ctx=sync bound=\?; 1 waits`
	retry := func(err error) error {
		if tries <= 0 {
			return err
		}
		tries--
		time.Sleep(time.Second) // want `R-1: recursive retry of dial waits a fixed 1s between attempts`
		return connect(addr, tries)
	}
	if err := dial(addr); err != nil {
		return retry(err)
	}
	return nil
}

// Traps.

func locate(addr string) (string, error) {
	if err := dial(addr); err != nil {
		return "", err
	}
	return addr + "/moved", errors.New("moved")
}

// The closure calls the function with the address the failure named: a
// redirect followed, not a retry.
func fetch(addr string) error {
	follow := func(loc string) error {
		return fetch(loc)
	}
	loc, err := locate(addr)
	if err != nil {
		return follow(loc)
	}
	return nil
}

// A success that finds the answer incomplete asks again too (sarama's
// tryRefreshMetadata with an empty broker list): a poll until complete,
// not a retry of the failure.
func (c *client) refresh(key string, attemptsRemaining int) error {
	retry := func(err error) error {
		if attemptsRemaining > 0 {
			attemptsRemaining--
			time.Sleep(c.backoff)
			return c.refresh(key, attemptsRemaining)
		}
		return err
	}
	for _, b := range c.brokers {
		resp, err := b.findCoordinator(key)
		if err != nil {
			continue
		}
		if len(resp.Brokers) == 0 {
			return retry(errors.New("no brokers yet"))
		}
		return nil
	}
	return retry(errors.New("out of brokers"))
}

// The closure runs only when a cache says it is stale: a refresh, then a
// second look, guarded by state the model cannot see.
func (c *client) lookup(key string) (*response, error) {
	again := func() (*response, error) {
		c.fresh = true
		return c.lookup(key)
	}
	b := c.leastLoaded()
	if b == nil {
		return nil, errors.New("no broker")
	}
	resp, err := b.findCoordinator(key)
	if err != nil && !c.isFresh() {
		return again()
	}
	return resp, err
}

func (c *client) isFresh() bool { return c.fresh }

// A closure written again is not the one literal: no recursion through it.
func reconnect(addr string, tries int) error {
	retry := func(err error) error { return err }
	retry = func(err error) error {
		time.Sleep(time.Second)
		return reconnect(addr, tries-1)
	}
	if err := dial(addr); err != nil && tries > 0 {
		return retry(err)
	}
	return nil
}
