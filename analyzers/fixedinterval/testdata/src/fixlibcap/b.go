package fixlibcap

import (
	"time"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

// The caller's base, cap and multiplier stand: only the options the site
// does not set are added.
func chosen() {
	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.Delay(2*time.Second), retrygo.DelayType(retrygo.BackOffDelay)) // want `R-1: retrygo\.Do of op: its wait doubles from 2s without jitter`

	b := backoff.NewExponentialBackOff(backoff.WithMaxInterval(10*time.Second), backoff.WithMultiplier(3))
	b.RandomizationFactor = 0 // want `R-1: backoff\.Retry of op: its wait grows`
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3))
}
