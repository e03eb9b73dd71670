package nojitter

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"time"
)

// A wait set before the loop, then set again from a helper on the only
// way back: the interpreter cannot compute the helper (its base is loaded
// from an atomic), so the wait is not a fixed interval, whatever value it
// held before the loop: silent.

var baseDelay atomic.Int64

func reconnectDelay(attempt int) time.Duration {
	if attempt == 0 {
		return 0
	}
	d := time.Duration(float64(baseDelay.Load()) * math.Pow(1.5, float64(attempt-1)))
	return d + rand.N(d)
}

type Stream struct {
	tries int
	dial  func(context.Context) (int, error)
	done  chan struct{}
}

func (s *Stream) reconnect(ctx context.Context, hinted time.Duration, first bool) (int, error) {
	attempt := 0
	if !first {
		attempt = 1
	}
	delay := reconnectDelay(attempt)
	if hinted > 0 {
		delay = hinted
	}
	for ; attempt <= s.tries; attempt++ { // want `loop ctx=sync bound=\?`
		select {
		case <-s.done:
			return 0, errors.New("closed")
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(delay):
			n, err := s.dial(ctx)
			if err != nil {
				delay = reconnectDelay(attempt + 1)
				continue
			}
			return n, nil
		}
	}
	return 0, errors.New("gave up")
}

// The same loop with a wait the loop never sets again waits a fixed
// interval: reported.
func (s *Stream) reconnectFixed(ctx context.Context, hinted time.Duration) (int, error) {
	delay := reconnectDelay(1)
	if hinted > 0 {
		delay = hinted
	}
	for attempt := 0; attempt <= s.tries; attempt++ { // want `loop ctx=sync bound=\?`
		select {
		case <-s.done:
			return 0, errors.New("closed")
		case <-time.After(delay): // want `R-1: retry of s.dial waits a fixed interval \(delay\)`
			n, err := s.dial(ctx)
			if err != nil {
				continue
			}
			return n, nil
		}
	}
	return 0, errors.New("gave up")
}
