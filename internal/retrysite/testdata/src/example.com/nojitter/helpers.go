package nojitter

import (
	"errors"
	"math"
	"math/rand"
	"time"
)

// grow is a pure helper of the package: its result is computed from its
// parameters alone, with no random draw.
func grow(factor, n float64) int {
	return int(math.Pow(factor, n))
}

// A timer re-armed with a delay computed through the pure helper: no
// jitter whatever the options (waits_determ.go follows the helper).
func (s *Session) recoverGrow() error {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for n := 0; ; n++ { // want `loop ctx=sync bound=\?`
		select {
		case <-s.ctx.Done():
			return s.ctx.Err()
		case <-timer.C: // want `R-1: retry of s.open waits a delay computed with no random draw: no jitter`
		}
		err := s.open(s.ctx)
		if err == nil || s.attempts >= s.options.MaxAttempts {
			return err
		}
		s.attempts++
		wait := s.options.InitialDelay * time.Duration(grow(1.5, float64(n-1)))
		if wait > s.options.MaxDelay {
			wait = s.options.MaxDelay
		}
		timer = time.NewTimer(wait)
	}
}

// through runs the schedule it is given: a helper whose result is a call
// of a func value is no pure helper (the caller's func may draw).
func through(schedule func(int) time.Duration, n int) time.Duration {
	return schedule(n)
}

// Must not flag: the delay comes from the caller's schedule through the
// helper; it may be jittered.
func (s *Session) recoverThrough(schedule func(int) time.Duration) error {
	for n := 0; s.attempts < s.options.MaxAttempts; n++ { // want `loop ctx=sync bound=\?`
		if err := s.open(s.ctx); err == nil {
			return nil
		}
		s.attempts++
		time.Sleep(through(schedule, n))
	}
	return errors.New("gave up")
}

// spread draws the delay at random: the helper is no pure one.
func spread(d time.Duration) time.Duration {
	return time.Duration(rand.Int63n(int64(d)))
}

// Must not flag: full jitter through a helper of the package.
func (s *Session) recoverSpread() error {
	for n := 0; s.attempts < s.options.MaxAttempts; n++ { // want `loop ctx=sync bound=\?`
		if err := s.open(s.ctx); err == nil {
			return nil
		}
		s.attempts++
		time.Sleep(spread(s.options.InitialDelay * time.Duration(grow(2, float64(n)))))
	}
	return errors.New("gave up")
}
