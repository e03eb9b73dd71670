// Package retry is a stub of k8s.io/client-go/util/retry for analysistest (GOPATH mode).
// Signatures are copied from k8s.io/client-go@v0.37.2; only the API around retries is
// kept, and bodies return zero values.
package retry

import (
	"k8s.io/apimachinery/pkg/util/wait"
	"time"
)

var DefaultRetry = wait.Backoff{
	Steps:    5,
	Duration: 10 * time.Millisecond,
	Factor:   1.0,
	Jitter:   0.1,
}

var DefaultBackoff = wait.Backoff{
	Steps:    4,
	Duration: 10 * time.Millisecond,
	Factor:   5.0,
	Jitter:   0.1,
}

func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error { return nil }

func RetryOnConflict(backoff wait.Backoff, fn func() error) error { return nil }
