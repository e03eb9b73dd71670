// Package expo holds backoff objects whose Retry method another package
// of the module calls: each keeps its current interval in a field that
// its next method grows (waits_recv.go, followed from source).
package expo

import (
	"math/rand"
	"time"
)

// Floored waits cur plus a random second: partial jitter.
type Floored struct {
	Initial  time.Duration
	Attempts int
	cur      time.Duration
}

// NewFloored returns a Floored over cfg.
func NewFloored(cfg Floored) *Floored {
	return &Floored{Initial: cfg.Initial, Attempts: cfg.Attempts}
}

func (e *Floored) Retry(f func() error) error {
	if e.cur <= 0 {
		e.cur = e.Initial
	}
	var err error
	for i := 0; i < e.Attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(e.next())
	}
	return err
}

func (e *Floored) next() time.Duration {
	t := e.cur + time.Duration(rand.Int63n(int64(time.Second)))
	e.cur *= 2
	return t
}

// Full draws each wait over the whole interval: full jitter.
type Full struct {
	Initial  time.Duration
	Attempts int
	cur      time.Duration
}

// NewFull returns a Full over cfg.
func NewFull(cfg Full) *Full {
	return &Full{Initial: cfg.Initial, Attempts: cfg.Attempts}
}

func (e *Full) Retry(f func() error) error {
	if e.cur <= 0 {
		e.cur = e.Initial
	}
	var err error
	for i := 0; i < e.Attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(e.next())
	}
	return err
}

func (e *Full) next() time.Duration {
	t := time.Duration(rand.Int63n(int64(e.cur)))
	e.cur *= 2
	return t
}
