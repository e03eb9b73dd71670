// Package clock is a stub of k8s.io/utils/clock for analysistest (GOPATH mode).
// Signatures are copied from k8s.io/utils@v0.0.0-20260707023825-cf1189d6abe3; only the API around retries is
// kept, and bodies return zero values.
package clock

import (
	"time"
)

type Clock interface {
	PassiveClock
	After(d time.Duration) <-chan time.Time
	NewTimer(d time.Duration) Timer
	Sleep(d time.Duration)
	Tick(d time.Duration) <-chan time.Time
}

type PassiveClock interface {
	Now() time.Time
	Since(time.Time) time.Duration
}

type Timer interface {
	C() <-chan time.Time
	Reset(d time.Duration) bool
	Stop() bool
}
