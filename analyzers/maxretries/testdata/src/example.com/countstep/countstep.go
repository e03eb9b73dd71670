// Package countstep: a reconnect that is no loop (the failure arms a
// timer that reconnects again) counts its attempts to compute the next
// delay, and nothing compares the count with a limit: the limit goes
// where the count is stepped.
package countstep

import (
	"net"
	"time"
)

type client struct {
	addr     string
	conn     net.Conn
	attempts int
	timer    *time.Timer
}

func (c *client) connect() { // want `R-2: recursive retry of net\.Dial has no maximum retry count`
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		c.scheduleReconnect()
		return
	}
	c.attempts = 0
	c.conn = conn
}

func (c *client) scheduleReconnect() {
	c.attempts++ // want `R-2: recursive retry of net\.Dial counts its attempts here but no limit reads the count`
	delay := time.Duration(c.attempts) * time.Second
	c.timer = time.AfterFunc(delay, func() {
		c.connect()
	})
}

// A count some comparison reads (here a health check): it may be a
// limit's, so no line at its step; the reconnect itself has none.
type watched struct {
	addr     string
	conn     net.Conn
	attempts int
	timer    *time.Timer
}

func (c *watched) connect() { // want `R-2: recursive retry of net\.Dial has no maximum retry count`
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		c.scheduleReconnect()
		return
	}
	c.attempts = 0
	c.conn = conn
}

func (c *watched) scheduleReconnect() {
	c.attempts++
	delay := time.Duration(c.attempts) * time.Second
	c.timer = time.AfterFunc(delay, func() {
		c.connect()
	})
}

func (c *watched) healthy() bool { return c.attempts == 0 }
