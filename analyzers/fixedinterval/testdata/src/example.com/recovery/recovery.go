// Package recovery holds reconnect loops whose wait is a setting read
// through a method that returns 0 when the feature is off, plus a small
// random jitter.
package recovery

import (
	"errors"
	"math/rand"
	"net"
	"sync"
	"time"
)

type RecoveryConfig struct {
	MaxRetryCount int
	RetryInterval time.Duration
}

type Config struct {
	Recovery *RecoveryConfig
}

func DefaultRecovery() *RecoveryConfig {
	return &RecoveryConfig{MaxRetryCount: 5, RetryInterval: 5 * time.Second}
}

type Conn struct {
	mu     sync.Mutex
	closed bool
	Config Config
	addr   string
	conn   net.Conn
}

func (c *Conn) enabled() bool {
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return false
	}
	return c.Config.Recovery != nil && c.Config.Recovery.MaxRetryCount > 0
}

func (c *Conn) MaxRetryCount() int {
	if c.enabled() {
		return c.Config.Recovery.MaxRetryCount
	}
	return 0
}

// RetryInterval is the configured interval, or 0 when recovery is off.
func (c *Conn) RetryInterval() time.Duration {
	if c.enabled() {
		return c.Config.Recovery.RetryInterval
	}
	return 0
}

// growing returns a wait that doubles with the attempt when recovery is
// on: a backoff, not a fixed interval.
func (c *Conn) growing(n int) time.Duration {
	if c.enabled() {
		return time.Second << n
	}
	return 0
}

func (c *Conn) recover(cancel chan struct{}) error {
	var err error
	for i := 0; i < c.MaxRetryCount(); i++ {
		jitter := time.Duration(rand.Intn(500)) * time.Millisecond
		select {
		case <-cancel:
			return errors.New("closed")
		case <-time.After(c.RetryInterval() + jitter): // want `R-1: retry of net.Dial waits a fixed 5s to 5.5s \(jittered within that range, but it never grows\)`
		}
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			continue
		}
		return nil
	}
	return err
}

// recoverGrowing waits a doubling interval, plus a little: partial jitter,
// sampled over every attempt (the wait comes before the dial, and the
// failed dial goes on through a continue). Read from the first attempt
// alone, it looked like a fixed 1s. The first wait comes before the first
// dial: the retries wait from 2s on.
func (c *Conn) recoverGrowing(cancel chan struct{}) error {
	var err error
	for i := 0; i < c.MaxRetryCount(); i++ {
		jitter := time.Duration(rand.Intn(500)) * time.Millisecond
		select {
		case <-cancel:
			return errors.New("closed")
		case <-time.After(c.growing(i) + jitter): // want `R-1: retry of net.Dial uses partial jitter: every wait is at least 80% of the backoff, which doubles from 2.25s`
		}
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			c.logf("dial: %v", err)
			continue
		}
		return nil
	}
	return err
}

func (c *Conn) logf(format string, args ...any) {}

// recoverFullJitter draws each wait from 0 to a doubling ceiling:
// compliant, no finding.
func (c *Conn) recoverFullJitter(cancel chan struct{}) error {
	var err error
	for i := 0; i < c.MaxRetryCount(); i++ {
		select {
		case <-cancel:
			return errors.New("closed")
		case <-time.After(time.Duration(rand.Int63n(int64(time.Second << i)))):
		}
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			continue
		}
		return nil
	}
	return err
}

// recoverSetWait sets the next wait on the failure path, the branch on the
// dial's error that goes on to the next attempt: a fixed 1s (the zero
// wait comes before the first dial).
func (c *Conn) recoverSetWait(cancel chan struct{}) error {
	var err error
	wait := time.Duration(0)
	for i := 0; i < 5; i++ {
		select {
		case <-cancel:
			return errors.New("closed")
		case <-time.After(wait): // want `R-1: retry of net.Dial waits a fixed 1s between attempts`
		}
		c.conn, err = net.Dial("tcp", c.addr)
		if err != nil {
			wait = time.Second
			continue
		}
		return nil
	}
	return err
}
