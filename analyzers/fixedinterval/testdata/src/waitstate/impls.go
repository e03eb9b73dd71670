package waitstate

import (
	"errors"
	"math/rand/v2"
	"time"
)

// A retry that waits what a Retryer of the package says, the Retryer
// being the caller's: each implementation the package ships is judged
// where it is declared, for every value of its fields.

type Retryer interface {
	NextDelay(attempt int) (time.Duration, bool)
}

type FixedRetryer struct {
	Delay      time.Duration
	MaxRetries int
}

func (r *FixedRetryer) NextDelay(attempt int) (time.Duration, bool) { // want `R-1: retry of dial with FixedRetryer waits a fixed interval between attempts`
	if r.MaxRetries > 0 && attempt >= r.MaxRetries {
		return 0, false
	}
	return r.Delay, true
}

type DoublingRetryer struct{ Base time.Duration }

func (r DoublingRetryer) NextDelay(attempt int) (time.Duration, bool) { // want `R-1: retry of dial with DoublingRetryer: its wait doubles without jitter`
	return r.Base << attempt, true
}

// Must not flag: full jitter over a capped exponential.
type JitterRetryer struct{ Base, Cap time.Duration }

func (r JitterRetryer) NextDelay(attempt int) (time.Duration, bool) {
	return time.Duration(rand.Int64N(int64(min(r.Cap, r.Base<<min(attempt, 10))))), true
}

// Must not flag: a retryer that keeps state between calls is not run.
type countingRetryer struct {
	n     int
	delay time.Duration
}

func (r *countingRetryer) NextDelay(int) (time.Duration, bool) {
	r.n++
	return r.delay, r.n < 3
}

var dial func() error

func connect(r Retryer) error {
	for attempt := 0; ; attempt++ {
		err := dial()
		if err == nil {
			return nil
		}
		d, ok := r.NextDelay(attempt)
		if !ok {
			return err
		}
		time.Sleep(d)
	}
}

// Must not flag: a wait read through an interface of another package
// (the model cannot list its implementations).
func connectWith(next interface{ Next() time.Duration }) error {
	for i := 0; i < 3; i++ {
		if err := dial(); err == nil {
			return nil
		}
		time.Sleep(next.Next())
	}
	return errors.New("gave up")
}
