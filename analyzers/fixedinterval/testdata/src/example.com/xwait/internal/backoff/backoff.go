// Package backoff holds backoff objects of the module: their state is in
// their fields, their methods compute the next wait.
package backoff

import (
	"math/rand/v2"
	"time"
)

// Backoff doubles from Initial up to Max and adds at most Jitter.
type Backoff struct {
	attempts int
	Initial  time.Duration
	Jitter   time.Duration
	Max      time.Duration
}

func (b *Backoff) Duration() (dur time.Duration) {
	if b.Max == 0 {
		b.Max = 10 * time.Second
	}
	if b.Initial == 0 {
		b.Initial = 100 * time.Millisecond
	}
	if multiplier := int64(1) << uint(b.attempts); multiplier > 0 {
		dur = time.Duration(multiplier * b.Initial.Nanoseconds())
	}
	if dur <= 0 || dur > b.Max {
		dur = b.Max
	}
	if b.Jitter > 0 {
		dur += rand.N(b.Jitter)
	}
	b.attempts++
	return dur
}

func (b *Backoff) Reset() { b.attempts = 0 }

func (b *Backoff) Attempts() int { return b.attempts }

// Full draws the whole doubled wait at random: full jitter.
type Full struct {
	n    int
	Base time.Duration
}

func (f *Full) Next() time.Duration {
	d := f.Base << f.n
	f.n++
	return time.Duration(rand.Int64N(int64(d)))
}

// calls is written by Shared.Next: a method that changes more than its
// receiver is not followed.
var calls int

type Shared struct{ Base time.Duration }

func (s *Shared) Next() time.Duration {
	calls++
	return s.Base
}
