// Package wait is a copy of k8s apimachinery's wait under the module's
// own path that keeps only ExponentialBackoff (knowledge.Copies).
package wait

import (
	"errors"
	"math/rand"
	"time"
)

var ErrWaitTimeout = errors.New("timed out waiting for the condition")

type ConditionFunc func() (done bool, err error)

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

func (b *Backoff) Step() time.Duration {
	if b.Steps < 1 {
		return b.Duration
	}
	b.Steps--
	d := b.Duration
	if b.Factor != 0 {
		b.Duration = time.Duration(float64(b.Duration) * b.Factor)
	}
	if b.Jitter > 0 {
		d += time.Duration(rand.Float64() * b.Jitter * float64(d))
	}
	return d
}

func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error {
	for backoff.Steps > 0 {
		if ok, err := condition(); err != nil || ok {
			return err
		}
		if backoff.Steps == 1 {
			break
		}
		time.Sleep(backoff.Step())
	}
	return ErrWaitTimeout
}
