package a

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"time"
)

// A backoff schedule kept in package variables, its wait computed by a
// method: the method reads the fields of the one literal each variable
// holds.
type schedule struct {
	base, max            time.Duration
	factor               float64
	jitterMin, jitterMax float64
}

func (b schedule) delayFor(attempt int) time.Duration {
	d := float64(b.base) * math.Pow(b.factor, float64(attempt-1))
	d = math.Min(d, float64(b.max))
	if b.jitterMax > 0 {
		d *= b.jitterMin + rand.Float64()*(b.jitterMax-b.jitterMin)
	}
	return time.Duration(d)
}

var (
	connBackoff  = schedule{base: time.Second, max: 2 * time.Minute, factor: 2, jitterMin: 0.75, jitterMax: 1.25}
	steadyPace   = schedule{base: time.Second, max: time.Second, factor: 1}
	jitteredPace = schedule{base: time.Second, max: time.Minute, factor: 2, jitterMin: 0, jitterMax: 1}
	tunedBackoff = schedule{base: time.Second, max: time.Minute, factor: 2}
)

// SetBackoff lets the user choose the schedule.
func SetBackoff(s schedule) { tunedBackoff = s }

var dial func(ctx context.Context) error

func reconnect(ctx context.Context) error {
	for attempt := 1; attempt <= 5; attempt++ {
		if err := dial(ctx); err == nil {
			return nil
		}
		time.Sleep(connBackoff.delayFor(attempt)) // want `R-1: retry of dial uses partial jitter: every wait is at least 60% of the backoff`
	}
	return errors.New("gave up")
}

func reconnectSteady(ctx context.Context) error {
	for attempt := 1; attempt <= 5; attempt++ {
		if err := dial(ctx); err == nil {
			return nil
		}
		time.Sleep(steadyPace.delayFor(attempt)) // want `R-1: retry of dial waits a fixed 1s between attempts`
	}
	return errors.New("gave up")
}

// Full jitter over an exponential: no finding.
func reconnectJittered(ctx context.Context) error {
	for attempt := 1; attempt <= 5; attempt++ {
		if err := dial(ctx); err == nil {
			return nil
		}
		time.Sleep(jitteredPace.delayFor(attempt))
	}
	return errors.New("gave up")
}

// The user can set the schedule (SetBackoff), but the package's default
// breaks the rule, and the standard governs the default: a finding.
func reconnectTuned(ctx context.Context) error {
	for attempt := 1; attempt <= 5; attempt++ {
		if err := dial(ctx); err == nil {
			return nil
		}
		time.Sleep(tunedBackoff.delayFor(attempt)) // want `R-1: retry of dial: its wait doubles from 1s up to 1m0s without jitter`
	}
	return errors.New("gave up")
}

// The package itself writes two schedules, one of which complies: which
// one a run takes is unknown, and so is the wait: no finding.
var mixedPace = schedule{base: time.Second, max: time.Second, factor: 1}

func init() {
	if time.Now().Unix()%2 == 0 {
		mixedPace = schedule{base: time.Second, max: time.Minute, factor: 2, jitterMin: 0, jitterMax: 1}
	}
}

func reconnectMixed(ctx context.Context) error {
	for attempt := 1; attempt <= 5; attempt++ {
		if err := dial(ctx); err == nil {
			return nil
		}
		time.Sleep(mixedPace.delayFor(attempt))
	}
	return errors.New("gave up")
}
