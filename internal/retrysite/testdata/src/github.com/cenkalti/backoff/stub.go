// Package backoff is a stub of the unversioned github.com/cenkalti/backoff (v2.2.1+incompatible) for
// analysistest (GOPATH mode). Signatures are copied from github.com/cenkalti/backoff@v2.2.1+incompatible;
// only the API around retries is kept, and bodies return zero values. It has no import path of a
// table: the model knows it by its code, as a copy of the v4 API (knowledge/copies.go).
package backoff

import (
	"context"
	"time"
)

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
	DefaultMaxElapsedTime      = 15 * time.Minute
)

const Stop time.Duration = -1

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type BackOffContext interface {
	BackOff
	Context() context.Context
}

type Clock interface {
	Now() time.Time
}

type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset() {}

func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

type StopBackOff struct{}

func (b *StopBackOff) Reset() {}

func (b *StopBackOff) NextBackOff() time.Duration { return Stop }

type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset() {}

func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return nil }

type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	MaxElapsedTime      time.Duration
	Clock               Clock
}

func NewExponentialBackOff() *ExponentialBackOff { return nil }

func (b *ExponentialBackOff) Reset() {}

func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

func (b *ExponentialBackOff) GetElapsedTime() time.Duration { return 0 }

type Notify func(error, time.Duration)

type Operation func() error

type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string { return "" }

func Permanent(err error) *PermanentError { return nil }

func Retry(o Operation, b BackOff) error { return nil }

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return nil }

type Ticker struct {
	C <-chan time.Time
}

func NewTicker(b BackOff) *Ticker { return nil }

func (t *Ticker) Stop() {}

func WithContext(b BackOff, ctx context.Context) BackOffContext { return nil }

func WithMaxRetries(b BackOff, max uint64) BackOff { return nil }
