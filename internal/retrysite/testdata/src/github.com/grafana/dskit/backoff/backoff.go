// Package backoff is a stub of github.com/grafana/dskit/backoff
// (v0.0.0-20260703122047-de1ec7541c44, backoff/backoff.go).
package backoff

import (
	"context"
	"time"
)

// Config configures a Backoff.
type Config struct {
	MinBackoff time.Duration // start backoff at this level
	MaxBackoff time.Duration // increase exponentially to this level
	MaxRetries int           // give up after this many; zero means infinite retries
}

// Backoff implements exponential backoff with randomized wait times.
type Backoff struct {
	cfg        Config
	ctx        context.Context
	numRetries int
}

// New creates a Backoff object.
func New(ctx context.Context, cfg Config) *Backoff { return &Backoff{cfg: cfg, ctx: ctx} }

// Reset the Backoff back to its initial condition.
func (b *Backoff) Reset() { b.numRetries = 0 }

// Ongoing returns true if caller should keep going.
func (b *Backoff) Ongoing() bool {
	return b.ctx.Err() == nil && (b.cfg.MaxRetries == 0 || b.numRetries < b.cfg.MaxRetries)
}

// Err returns the reason for terminating the backoff.
func (b *Backoff) Err() error { return b.ctx.Err() }

// NumRetries returns the number of retries so far.
func (b *Backoff) NumRetries() int { return b.numRetries }

// Wait sleeps for the backoff time then increases the retry count.
func (b *Backoff) Wait() { b.numRetries++ }

// NextDelay increases the retry count and returns the next delay.
func (b *Backoff) NextDelay() time.Duration { b.numRetries++; return b.cfg.MinBackoff }
