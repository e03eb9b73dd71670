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
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `R-1: backoff\.Retry of op uses partial jitter: the default RandomizationFactor 0\.5, ±50% around a backoff that grows ×1\.5 per attempt from 500ms up to 1m0s`

	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(backoff.WithInitialInterval(time.Second)), 3)) // want `R-1: backoff\.Retry of op uses partial jitter: the default RandomizationFactor 0\.5, ±50% around a backoff that grows ×1\.5 per attempt from 1s up to 1m0s`

	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0.2 // want `R-1: backoff\.Retry of op uses partial jitter: RandomizationFactor 0\.2, ±20% around a backoff that grows ×1\.5 per attempt from 500ms up to 1m0s`
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3))

	c := backoff.NewExponentialBackOff(backoff.WithRandomizationFactor(0)) // want `R-1: backoff\.Retry of op: its wait grows ×1\.5 per attempt from 500ms up to 1m0s without jitter \(RandomizationFactor 0\)`
	_ = backoff.Retry(op, backoff.WithMaxRetries(c, 3))
}

func retryGo() {
	_ = retrygo.Do(op, retrygo.Attempts(3)) // want `R-1: retrygo\.Do of op uses partial jitter: the wait doubles from 100ms plus at most 100ms of jitter, never below the backoff`

	_ = retrygo.Do(op, retrygo.Attempts(3), retrygo.DelayType(retrygo.FixedDelay)) // want `R-1: retrygo\.Do of op waits a fixed 100ms \(FixedDelay\) between attempts; use exponential backoff with full jitter`

	_ = retrygo5.New(retrygo5.Attempts(3)).Do(op) // want `R-1: retry-go/v5 retry of op uses partial jitter: the wait doubles from 100ms plus at most 100ms of jitter, never below the backoff`

	_ = retrygo5.New(retrygo5.Attempts(3), retrygo5.DelayType(retrygo5.BackOffDelay)).Do(op) // want `R-1: retry-go/v5 retry of op: its wait doubles from 100ms without jitter \(BackOffDelay\); use full jitter`
}
