package waitstate

import (
	"errors"
	"math/rand"
	"net"
	"time"
)

// A command policy whose sleep is a setting: the constructor writes a
// constant, and a configuration update, which no attempt reaches, writes
// what a dynamic configuration holds. The value may be anything, but it is
// the same for every attempt, and nothing draws at random between two
// attempts: no jitter, whatever the setting.

type dynSettings struct {
	SleepMillis *int
	Multiplier  *float64
}

type cmdPolicy struct {
	MaxRetries   int
	Sleep        time.Duration
	Multiplier   float64
	TotalTimeout time.Duration
}

func newCmdPolicy() *cmdPolicy {
	return &cmdPolicy{MaxRetries: 2, Sleep: time.Millisecond, Multiplier: 1.0}
}

func (p *cmdPolicy) patch(c *dynSettings) {
	if c.SleepMillis != nil {
		v := time.Duration(*c.SleepMillis) * time.Millisecond
		p.Sleep = v
	}
	if c.Multiplier != nil {
		p.Multiplier = *c.Multiplier
	}
}

type command struct {
	conn net.Conn
	sent int
}

func (c *command) executeAt(policy *cmdPolicy, deadline time.Time) error {
	interval := policy.Sleep
	notFirst := false
	var err error
	for {
		c.sent++
		if c.sent > policy.MaxRetries {
			return errors.Join(errors.New("max retries"), err)
		}
		if policy.Sleep > 0 && notFirst {
			if policy.TotalTimeout > 0 && time.Now().Add(interval).After(deadline) {
				break
			}
			time.Sleep(interval) // want `R-1: retry of c.conn.Write waits a delay computed with no random draw: no jitter`
			if policy.Multiplier > 1 {
				interval = time.Duration(float64(interval) * policy.Multiplier)
			}
		}
		notFirst = true
		if _, err = c.conn.Write([]byte("ping")); err == nil {
			return nil
		}
	}
	return err
}

// The same loop, but the setting is written by a function that draws at
// random, or from a call whose result the model does not know: the
// setting may be a draw, and the model, which cannot run this loop,
// stays silent.

type spreadPolicy struct {
	Sleep time.Duration
}

func (p *spreadPolicy) spread(c *dynSettings) {
	if c.SleepMillis != nil {
		v := time.Duration(*c.SleepMillis) * time.Millisecond
		p.Sleep = v + time.Duration(rand.Int63n(int64(v)+1))
	}
}

func (p *spreadPolicy) reload(c *dynSettings) {
	if c.SleepMillis != nil {
		p.Sleep = time.Until(time.Now().Add(time.Duration(*c.SleepMillis)))
	}
}

func (c *command) executeSpread(policy *spreadPolicy, max int) error {
	notFirst := false
	var err error
	for {
		c.sent++
		if c.sent > max {
			return err
		}
		if policy.Sleep > 0 && notFirst {
			time.Sleep(policy.Sleep)
		}
		notFirst = true
		if _, err = c.conn.Write([]byte("ping")); err == nil {
			return nil
		}
	}
}
