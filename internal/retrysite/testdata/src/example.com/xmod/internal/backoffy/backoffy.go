// Package backoffy computes waits for another package of the module: a
// server's hint when in range, otherwise an equal-jitter draw in
// [2^n·min, 2^(n+1)·min], capped.
package backoffy

import (
	"math"
	"math/rand"
	"net/http"
	"strconv"
	"time"
)

const maxWait = 120 * time.Second

func draw(n, minMs int) time.Duration {
	lo := int(math.Pow(2, float64(n))) * minMs
	hi := int(math.Pow(2, float64(n+1))) * minMs
	return time.Duration(rand.Intn(hi-lo+1)+lo) * time.Millisecond
}

func hint(h http.Header) time.Duration {
	if s, err := strconv.Atoi(h.Get("Retry-After")); err == nil {
		return time.Duration(s) * time.Second
	}
	return 0
}

// Wait is the wait before attempt n+1.
func Wait(n, max, minMs int, h http.Header) time.Duration {
	if n >= max {
		return 0
	}
	d := hint(h)
	if d > 0 {
		return d
	}
	d = draw(n, minMs)
	if d > 0 && d < maxWait {
		return d
	}
	return maxWait
}
