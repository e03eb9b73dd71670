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

// Policy is the interface the package's constructors return.
type Policy interface {
	Next() time.Duration
	Reset()
}

// Default doubles from 100ms to 60s and adds up to 20%.
type Default struct {
	backoff time.Duration
	rnd     *rand.Rand
}

func NewDefault() Policy {
	return &Default{rnd: rand.New(rand.NewPCG(1, 2))}
}

// NewFrom starts from a given wait: its argument is not followed.
func NewFrom(d time.Duration) Policy {
	return &Default{backoff: d / 2}
}

func (b *Default) Next() time.Duration {
	b.backoff += b.backoff
	if b.backoff < 100*time.Millisecond {
		b.backoff = 100 * time.Millisecond
	} else if b.backoff > 60*time.Second {
		b.backoff = 60 * time.Second
	}
	return b.backoff + time.Duration(b.rnd.Float64()*float64(b.backoff)*0.2)
}

func (b *Default) Reset() { b.backoff = 0 }

// FullPolicy draws the whole doubled wait: full jitter.
type FullPolicy struct{ n int }

func NewFull() Policy { return &FullPolicy{} }

func (f *FullPolicy) Next() time.Duration {
	d := time.Second << f.n
	f.n++
	return time.Duration(rand.Int64N(int64(d)))
}

func (f *FullPolicy) Reset() { f.n = 0 }
