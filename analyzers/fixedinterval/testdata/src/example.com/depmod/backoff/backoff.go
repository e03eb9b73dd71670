// Package backoff computes the waits of a retry that restarts its
// schedule every reset attempts (2^((attempt-1) % reset) seconds).
package backoff

import (
	"math"
	"math/rand"
	"time"

	"example.com/depmod/units"
)

// Partial is the schedule with +-10% jitter.
func Partial(attempt, reset int) time.Duration {
	s := base(attempt, reset)
	s += s * (rand.Float64()*0.2 - 0.1)
	return units.Seconds(s)
}

// Full is the schedule with full jitter.
func Full(attempt, reset int) time.Duration {
	return units.Seconds(rand.Float64() * base(attempt, reset))
}

func base(attempt, reset int) float64 {
	attempt--
	return math.Pow(2, float64(attempt%reset))
}
