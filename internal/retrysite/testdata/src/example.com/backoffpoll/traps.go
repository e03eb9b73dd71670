package backoffpoll

import (
	"context"
	"time"
)

// Must not flag: the period of a poll, the same on every run, that the
// failure waits too: the failure is the poll run again on its schedule.
func pollFixed(ctx context.Context, c *Conn, topic string) ([]Partition, error) {
	for {
		if !sleep(ctx, time.Second) {
			return nil, ctx.Err()
		}
		ps, err := c.ReadPartitions(topic)
		if err != nil {
			continue
		}
		if len(ps) > 0 {
			return ps, nil
		}
	}
}

// Must not flag: the wait grows with the polls that came back empty, a
// count the failure does not move: a failed read waits what the last
// poll waited, a fixed period to the failure.
func pollSlower(ctx context.Context, c *Conn, topic string) ([]Partition, error) {
	empty := 0
	for {
		if !sleep(ctx, time.Duration(empty)*time.Second) {
			return nil, ctx.Err()
		}
		ps, err := c.ReadPartitions(topic)
		if err != nil {
			continue
		}
		if len(ps) > 0 {
			return ps, nil
		}
		empty++
	}
}

// Client is a library's generic client: the caller sets how it backs off.
type Client struct {
	Backoff func(attempt int) time.Duration
}

// DefaultBackoff doubles from 100ms.
func DefaultBackoff(attempt int) time.Duration {
	return 100 * time.Millisecond << attempt
}

// NewClient returns a client that backs off with DefaultBackoff.
func NewClient() *Client {
	return &Client{Backoff: DefaultBackoff}
}

// Must not flag: the growing wait is a func value the caller sets; the
// call sites that set it decide, not this generic loop.
func (cl *Client) pollWith(ctx context.Context, c *Conn, topic string) ([]Partition, error) {
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			wait := cl.Backoff(attempt)
			if !sleep(ctx, wait) {
				return nil, ctx.Err()
			}
		}
		ps, err := c.ReadPartitions(topic)
		if err != nil {
			continue
		}
		if len(ps) > 0 {
			return ps, nil
		}
	}
}

// Must not flag: every run, failed or not, also waits for the next tick
// of a ticker: the loop runs on its schedule, and the backoff only slows
// it down.
func pollTicked(ctx context.Context, c *Conn, topic string, tick <-chan time.Time) ([]Partition, error) {
	for attempt := 0; ; attempt++ {
		<-tick
		if attempt > 0 {
			if !sleep(ctx, backoff(attempt, 100*time.Millisecond, 10*time.Second)) {
				return nil, ctx.Err()
			}
		}
		ps, err := c.ReadPartitions(topic)
		if err != nil {
			continue
		}
		if len(ps) > 0 {
			return ps, nil
		}
	}
}
