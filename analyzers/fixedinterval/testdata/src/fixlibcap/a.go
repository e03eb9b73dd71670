package fixlibcap

import (
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

func op() error { _, err := http.Get("http://x"); return err }

// A file without package time: the fix imports it for the standard's
// base and cap.
func defaults() {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `R-1: backoff\.Retry of op uses partial jitter`
}

// time is taken: the fix only sets the jitter.
func shadowed(time uint64) {
	_ = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), time)) // want `R-1: backoff\.Retry of op uses partial jitter`
}
