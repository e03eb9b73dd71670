package waitlibs

import (
	"context"
	"time"

	"github.com/eapache/go-resiliency/retrier"
)

// go-resiliency's retrier (knowledge resiliency.go): its waits follow the
// SpreadWaits model in the table's vocabulary. The schedule is built by
// the library's constructors; SetJitter spreads each wait ± a factor.

func resiliency(ctx context.Context) {
	_ = retrier.New(retrier.ExponentialBackoff(3, 100*time.Millisecond), nil).Run(op)                                                                // want `library exponential backoff without jitter: doubles from 100ms without jitter \(SetJitter 0\)`
	_ = retrier.New(retrier.ConstantBackoff(3, time.Second), nil).Run(op)                                                                            // want `library fixed interval: a fixed 1s$`
	_ = retrier.New(retrier.LimitedExponentialBackoff(3, time.Second, 10*time.Second), nil).RunCtx(ctx, func(context.Context) error { return op() }) // want `library exponential backoff without jitter: doubles from 1s up to 10s without jitter \(SetJitter 0\)`

	r := retrier.New(retrier.ExponentialBackoff(3, time.Second), nil)
	r.SetJitter(1) // want `library full jitter: jitter over \[0, 2×\] a backoff that doubles from 1s \(SetJitter 1\)`
	_ = r.Run(op)

	p := retrier.New(retrier.ExponentialBackoff(3, time.Second), nil)
	p.SetJitter(0.25) // want `library partial jitter: partial jitter: SetJitter 0\.25, ±25% around a backoff that doubles from 1s \(never below 60% of the longest\)`
	_ = p.Run(op)

	c := retrier.New(retrier.ConstantBackoff(3, time.Second), nil)
	c.SetJitter(0.5) // want `library fixed interval: a fixed 1s ±50% \(SetJitter 0\.5\)`
	_ = c.Run(op)
}

// The model stays silent on what it cannot see: a schedule from a
// parameter or written out as a slice, a jitter it cannot read.
func resiliencyOpaque(b []time.Duration, f float64) {
	_ = retrier.New(b, nil).Run(op)                                             // want `waits unknown`
	_ = retrier.New([]time.Duration{time.Second, 2 * time.Second}, nil).Run(op) // want `waits unknown`
	r := retrier.New(retrier.ExponentialBackoff(3, time.Second), nil)
	r.SetJitter(f)
	_ = r.Run(op) // want `waits unknown`
}
