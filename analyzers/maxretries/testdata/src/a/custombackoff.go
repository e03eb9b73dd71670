package a

import (
	"time"

	backoff "github.com/cenkalti/backoff/v4"
)

// A BackOff of the package's own, whose NextBackOff stops after its own
// count: a policy the cenkalti table does not describe, so the library's
// default (no WithMaxRetries: no count) does not hold. Silent.
type countedBackoff struct {
	retryCount, maxRetries int32
	wait                   time.Duration
}

func (o *countedBackoff) NextBackOff() time.Duration {
	if o.retryCount > o.maxRetries {
		return backoff.Stop
	}
	return o.wait
}

func (o *countedBackoff) Reset() {}

func customBackoff(maxRetries int32) {
	b := &countedBackoff{maxRetries: maxRetries, wait: time.Second}
	op := func() error {
		b.retryCount++
		return do()
	}
	_ = backoff.Retry(op, b)
	_ = backoff.Retry(do, &countedBackoff{maxRetries: 3, wait: time.Second})
}

// A struct of the package's that only embeds the library's backoff (no
// method of its own): the library's NextBackOff runs, and its default
// holds.
type embeddedBackoff struct {
	*backoff.ExponentialBackOff
}

func embeddedLibraryBackoff() {
	_ = backoff.Retry(do, &embeddedBackoff{backoff.NewExponentialBackOff()}) // want `R-2: backoff\.Retry of do has no maximum retry count: cenkalti/backoff/v4 Retry with no WithMaxRetries`
}
