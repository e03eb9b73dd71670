package fixlib

import (
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	retrygo5 "github.com/avast/retry-go/v5"
	"github.com/cenkalti/backoff/v4"
)

func op() error { _, err := http.Get("http://x"); return err }

func cenkalti() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `cenkalti/backoff/v4 retry uses partial jitter`

	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithInitialInterval(time.Second)), 3)) // want `cenkalti/backoff/v4 retry uses partial jitter`

	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0.2 // want `cenkalti/backoff/v4 retry uses partial jitter: RandomizationFactor 0.2`
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3))

	c := backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0)) // want `cenkalti/backoff/v4 retry's wait grows ×1.5 per attempt from 500ms up to 1m0s without jitter`
	_ = backoff.Retry(op, backoff.WithMaxRetries(c, 3))
}

func retryGo() {
	_ = retrygo.Do(op, retrygo.Attempts(3)) // want `retry-go/v4 retry uses partial jitter`

	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FixedDelay)) // want `retry-go/v4 retry waits a fixed 100ms`

	_ = retrygo5.New(retrygo5.Attempts(3)).Do(op) // want `retry-go/v5 retry uses partial jitter`

	_ = retrygo5.New(retrygo5.Attempts(3), retrygo5.DelayType(retrygo5.BackOffDelay)).Do(op) // want `retry-go/v5 retry's wait doubles from 100ms without jitter`
}
