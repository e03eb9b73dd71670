// Package recvstate holds retries whose wait is computed by a method of
// the retrying method's own receiver, which keeps the current interval
// in a field between attempts (the shape of gofiber's
// addon/retry ExponentialBackoff, written fresh).
package recvstate

import (
	"crypto/rand"
	"math/big"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// Stepper grows its interval on each call and adds up to a second drawn
// at random on top: the floor is the whole interval (additive jitter).
type Stepper struct {
	Initial  time.Duration
	Max      time.Duration
	Factor   float64
	Attempts int
	cur      time.Duration
}

func (s *Stepper) Run(f func() error) error {
	if s.cur <= 0 {
		s.cur = s.Initial
	}
	var err error
	for i := 0; i < s.Attempts; i++ {
		err = f()
		if err == nil {
			return nil
		}
		if i < s.Attempts-1 {
			d := s.step()
			time.Sleep(d) // want `R-1: retry of f uses partial jitter: every wait has a floor, and the backoff grows exponentially`
		}
	}
	return err
}

func (s *Stepper) step() time.Duration {
	n, err := rand.Int(rand.Reader, big.NewInt(1000))
	if err != nil {
		return s.Max
	}
	t := s.cur + time.Duration(n.Int64())*time.Millisecond
	s.cur = time.Duration(float64(s.cur) * s.Factor)
	if t >= s.Max {
		s.cur = s.Max
		return s.Max
	}
	return t
}

func Use() error {
	s := &Stepper{Initial: time.Second, Max: 30 * time.Second, Factor: 2, Attempts: 5}
	return s.Run(do)
}

// Spread draws over the whole current interval: full jitter, silent.
type Spread struct {
	Initial  time.Duration
	Max      time.Duration
	Attempts int
	cur      time.Duration
}

func (s *Spread) Run(f func() error) error {
	if s.cur <= 0 {
		s.cur = s.Initial
	}
	var err error
	for i := 0; i < s.Attempts; i++ {
		err = f()
		if err == nil {
			return nil
		}
		time.Sleep(s.step())
	}
	return err
}

func (s *Spread) step() time.Duration {
	n, err := rand.Int(rand.Reader, big.NewInt(int64(s.cur)))
	if err != nil {
		return s.Max
	}
	s.cur = min(2*s.cur, s.Max)
	return time.Duration(n.Int64())
}

func UseSpread() error {
	s := &Spread{Initial: time.Second, Max: 30 * time.Second, Attempts: 5}
	return s.Run(do)
}
