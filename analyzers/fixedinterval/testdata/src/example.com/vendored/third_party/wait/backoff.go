// Package wait is a copy of k8s.io/apimachinery/pkg/util/wait's
// backoff.go kept under the project's own path, as vendored forks are
// (signatures of k8s.io/apimachinery@v0.37.2). No table names this
// path: the model knows it by its code.
package wait

import (
	"context"
	"time"
)

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

func (b *Backoff) Step() time.Duration { return 0 }

type ConditionFunc func() (done bool, err error)

type ConditionWithContextFunc func(context.Context) (done bool, err error)

func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}

func PollInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

func Jitter(duration time.Duration, maxFactor float64) time.Duration { return 0 }
