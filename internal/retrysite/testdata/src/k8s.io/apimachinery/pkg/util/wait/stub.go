// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait for analysistest (GOPATH mode).
// Signatures are copied from k8s.io/apimachinery@v0.37.2; only the API around retries is
// kept, and bodies return zero values.
package wait

import (
	"context"
	"k8s.io/utils/clock"
	"time"
)

var ErrWaitTimeout error
var ForeverTestTimeout = time.Second * 30
var NeverStop <-chan struct{}
var RealTimer func(d time.Duration) clock.Timer

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

func (b *Backoff) Step() time.Duration { return 0 }

func (b Backoff) DelayFunc() DelayFunc { return nil }

func (b Backoff) Timer() Timer { return nil }

func (b Backoff) DelayWithReset(c clock.Clock, resetInterval time.Duration) DelayFunc { return nil }

type BackoffManager interface {
	Backoff() clock.Timer
}

type ConditionFunc func() (done bool, err error)

func (cf ConditionFunc) WithContext() ConditionWithContextFunc { return nil }

type ConditionWithContextFunc func(context.Context) (done bool, err error)

type DelayFunc func() time.Duration

func (fn DelayFunc) Timer(c clock.Clock) Timer { return nil }

func (fn DelayFunc) Until(ctx context.Context, immediate bool, sliding bool, condition ConditionWithContextFunc) error {
	return nil
}

func (fn DelayFunc) Concurrent() DelayFunc { return nil }

type Timer interface {
	C() <-chan time.Time
	Next()
	Stop()
}

func BackoffUntil(f func(), backoff BackoffManager, sliding bool, stopCh <-chan struct{}) {}

func BackoffUntilWithContext(ctx context.Context, f func(ctx context.Context), backoff BackoffManager, sliding bool) {
}

func ContextForChannel(parentCh <-chan struct{}) context.Context { return nil }

func ErrorInterrupted(cause error) error { return nil }

func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}

func Forever(f func(), period time.Duration) {}

func Interrupted(err error) bool { return false }

func Jitter(duration time.Duration, maxFactor float64) time.Duration { return 0 }

func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}

func JitterUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration, jitterFactor float64, sliding bool) {
}

func NewExponentialBackoffManager(initBackoff time.Duration, maxBackoff time.Duration, resetDuration time.Duration, backoffFactor float64, jitter float64, c clock.Clock) BackoffManager {
	return nil
}

func NewJitteredBackoffManager(duration time.Duration, jitter float64, c clock.Clock) BackoffManager {
	return nil
}

func NonSlidingUntil(f func(), period time.Duration, stopCh <-chan struct{}) {}

func NonSlidingUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

func Poll(interval time.Duration, timeout time.Duration, condition ConditionFunc) error { return nil }

func PollImmediate(interval time.Duration, timeout time.Duration, condition ConditionFunc) error {
	return nil
}

func PollImmediateInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

func PollImmediateInfiniteWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollImmediateUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

func PollImmediateUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollImmediateWithContext(ctx context.Context, interval time.Duration, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

func PollInfiniteWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntilContextTimeout(ctx context.Context, interval time.Duration, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

func PollUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func PollWithContext(ctx context.Context, interval time.Duration, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

func Until(f func(), period time.Duration, stopCh <-chan struct{}) {}

func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}
