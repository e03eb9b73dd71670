// Package jbackoff is a backoff library of another module (a dependency
// of example.com/xmod) with no table: a counter kept in a field with
// sync/atomic, defaults filled when a setting is zero, and a random draw
// only when Jitter is set. Its callers read it from its source.
package jbackoff

import (
	"math"
	"math/rand"
	"sync/atomic"
	"time"
)

// Backoff counts attempts from Min, multiplied by Factor, up to Max.
type Backoff struct {
	attempt  uint64
	Factor   float64
	Jitter   bool
	Min, Max time.Duration
}

// Duration returns the wait of the current attempt and counts it.
func (b *Backoff) Duration() time.Duration {
	d := b.ForAttempt(float64(atomic.AddUint64(&b.attempt, 1) - 1))
	return d
}

// ForAttempt returns the wait of attempt n (from 0).
func (b *Backoff) ForAttempt(n float64) time.Duration {
	min := b.Min
	if min <= 0 {
		min = 100 * time.Millisecond
	}
	max := b.Max
	if max <= 0 {
		max = 10 * time.Second
	}
	if min >= max {
		return max
	}
	factor := b.Factor
	if factor <= 0 {
		factor = 2
	}
	minf := float64(min)
	durf := minf * math.Pow(factor, n)
	if b.Jitter {
		durf = rand.Float64()*(durf-minf) + minf
	}
	dur := time.Duration(durf)
	if dur < min {
		return min
	}
	if dur > max {
		return max
	}
	return dur
}

// Reset starts counting again.
func (b *Backoff) Reset() { atomic.StoreUint64(&b.attempt, 0) }

// shared counts every Shared backoff's attempts together.
var shared uint64

// Shared doubles with a count all its values share: a method that
// writes a package variable is not followed.
type Shared struct{ Min time.Duration }

func (s *Shared) Duration() time.Duration {
	return s.Min << atomic.AddUint64(&shared, 1)
}
