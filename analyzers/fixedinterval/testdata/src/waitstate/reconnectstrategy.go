package waitstate

import (
	"math"
	"math/rand"
	"net"
	"sync"
	"time"
)

// A reconnect scheduled again after every failure (time.AfterFunc),
// whose delay comes from a strategy behind an interface: the one value
// the package installs is made by a constructor that fills in defaults
// for the settings the user left zero, and the attempt count is a field
// of the client the scheduling steps. The strategy draws between its
// floor and a doubling ceiling, then clamps at its maximum after the
// draw: from some attempt on, most waits are the maximum.

type reconnectStrategy interface {
	delay(attempt int) time.Duration
}

type clampedBackoff struct {
	min, max time.Duration
}

func (b *clampedBackoff) delay(attempt int) time.Duration { // want `R-1: recursive retry of net\.Dial with clampedBackoff uses a random draw clamped at its cap after it is drawn`
	minf := float64(b.min)
	d := minf * math.Pow(2, float64(attempt))
	d = rand.Float64()*(d-minf) + minf
	dur := time.Duration(d)
	if dur < b.min {
		return b.min
	}
	if dur > b.max {
		return b.max
	}
	return dur
}

func newClampedBackoff(min, max time.Duration) reconnectStrategy {
	if min == 0 {
		min = 200 * time.Millisecond
	}
	if max == 0 {
		max = 20 * time.Second
	}
	return &clampedBackoff{min: min, max: max}
}

type ReconnectConfig struct {
	MinDelay, MaxDelay time.Duration
}

type reconnectingClient struct {
	mu       sync.Mutex
	strategy reconnectStrategy
	attempts int
	timer    *time.Timer
	conn     net.Conn
}

func newReconnectingClient(cfg ReconnectConfig) *reconnectingClient {
	return &reconnectingClient{strategy: newClampedBackoff(cfg.MinDelay, cfg.MaxDelay)}
}

func (c *reconnectingClient) scheduleReconnect() {
	c.attempts++
	d := c.strategy.delay(c.attempts)
	c.timer = time.AfterFunc(d, func() { _ = c.reconnect() }) // want `R-1: recursive retry of net\.Dial uses a random draw clamped at its cap after it is drawn`
}

func (c *reconnectingClient) reconnect() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	conn, err := net.Dial("tcp", "broker.example.com:4222")
	if err != nil {
		c.scheduleReconnect()
		return err
	}
	c.conn = conn
	c.attempts = 0
	return nil
}

// Must not flag: the same client whose strategy caps the ceiling before
// it draws from zero (full jitter).

type fullJitterBackoff struct {
	base, max time.Duration
}

func (b *fullJitterBackoff) delay(attempt int) time.Duration {
	ceil := float64(b.base) * math.Pow(2, float64(attempt))
	ceil = math.Min(ceil, float64(b.max))
	return time.Duration(rand.Float64() * ceil)
}

func newFullJitterBackoff(base, max time.Duration) reconnectStrategy {
	if base == 0 {
		base = 200 * time.Millisecond
	}
	if max == 0 {
		max = 20 * time.Second
	}
	return &fullJitterBackoff{base: base, max: max}
}

type jitteredClient struct {
	strategy reconnectStrategy
	attempts int
	timer    *time.Timer
	conn     net.Conn
}

func newJitteredClient(cfg ReconnectConfig) *jitteredClient {
	return &jitteredClient{strategy: newFullJitterBackoff(cfg.MinDelay, cfg.MaxDelay)}
}

func (c *jitteredClient) scheduleReconnect() {
	c.attempts++
	d := c.strategy.delay(c.attempts)
	c.timer = time.AfterFunc(d, func() { _ = c.reconnect() })
}

func (c *jitteredClient) reconnect() error {
	conn, err := net.Dial("tcp", "broker.example.com:4222")
	if err != nil {
		c.scheduleReconnect()
		return err
	}
	c.conn = conn
	c.attempts = 0
	return nil
}
