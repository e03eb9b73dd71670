// Package asyncpkg processes events: R-3 allows 24 hours.
package asyncpkg

//retrylint:context async

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

func op() error { return nil }

// Accepted: the 15m default is under the 24h async cap.
func handle() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5))
}

func tooLong() {
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(48 * time.Hour)) // want `R-3: cenkalti/backoff/v4 retry is capped at 48h by MaxElapsedTime, above R-3's async event processing cap of 24h; lower it to at most 24h, or use github\.com/retrylint/retrylint/retry \(Policy\.MaxDuration defaults to the context's cap\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 5))
}

func never() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Minute), 5)) // want `R-3: cenkalti/backoff/v4 retry has no total duration cap \(R-3's async event processing cap of 24h\): a ConstantBackOff has no elapsed-time limit; use an ExponentialBackOff with MaxElapsedTime 24h, or backoff\.WithContext with a context that has a deadline, or use github\.com/retrylint/retrylint/retry \(Policy\.MaxDuration defaults to the context's cap\)`
}
