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
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(48 * time.Hour)) // want `R-3: backoff\.Retry of op is capped at 48h by MaxElapsedTime, above the 24h cap`
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 5))
}

func never() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Minute), 5)) // want `R-3: backoff\.Retry of op has no total duration cap: a ConstantBackOff has no elapsed-time limit`
}
