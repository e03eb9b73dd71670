package recovery

import (
	"errors"
	"math/rand"
	"net"
	"time"
)

// Options are the caller's: the package writes no default for Interval,
// so its value is a setting the model cannot see.
type Options struct {
	Enabled  bool
	Interval time.Duration
}

type Client struct {
	opts Options
	addr string
	conn net.Conn
}

func NewClient(opts Options, addr string) *Client { return &Client{opts: opts, addr: addr} }

func (c *Client) on() bool { return c.opts.Enabled && c.addr != "" }

// interval is the configured interval, or no wait when recovery is off:
// a fixed interval either way.
func (c *Client) interval() time.Duration {
	if c.on() {
		return c.opts.Interval
	}
	return 0
}

// backoff doubles the configured interval with the attempt, or is no
// wait when recovery is off.
func (c *Client) backoff(n int) time.Duration { // want `R-1: retry of net\.Dial waits a delay computed with no random draw: no jitter, the wait computed here`
	if c.on() {
		return c.opts.Interval << n
	}
	return 0
}

func (c *Client) Reconnect(cancel chan struct{}) error {
	var err error
	for i := 0; i < 5; i++ {
		jitter := time.Duration(rand.Intn(500)) * time.Millisecond
		select {
		case <-cancel:
			return errors.New("closed")
		case <-time.After(c.interval() + jitter): // want `R-1: retry of net.Dial waits a fixed interval with a little jitter`
		}
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			continue
		}
		return nil
	}
	return err
}

// ReconnectBackoff waits a growing interval (of unknown base) or none:
// the two returns disagree on the shape, but neither draws at random: no
// jitter, whatever the interval.
func (c *Client) ReconnectBackoff(cancel chan struct{}) error {
	var err error
	for i := 0; i < 5; i++ {
		select {
		case <-cancel:
			return errors.New("closed")
		case <-time.After(c.backoff(i)): // want `R-1: retry of net\.Dial waits a delay computed with no random draw: no jitter`
		}
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			continue
		}
		return nil
	}
	return err
}
