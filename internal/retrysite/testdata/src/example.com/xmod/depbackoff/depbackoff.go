// Package depbackoff waits through a backoff type of a dependency module
// (example.com/xother/jbackoff) that no table describes: its methods are
// read from the dependency's source, with the defaults it fills for zero
// settings, and the attempt counter it keeps with sync/atomic (waitnum's
// waits_state.go, modsrc's InModule with deps).
package depbackoff

import (
	"net/http"
	"time"

	"example.com/xother/jbackoff"
)

func get(url string) error {
	resp, err := http.Get(url)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// Defaults: Min and Max zero, the library's 100ms..10s, no jitter.
func Defaults(url string) error {
	b := &jbackoff.Backoff{}
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4; 1 waits`
		if err := get(url); err == nil {
			return nil
		}
		time.Sleep(b.Duration()) // want `R-1: retry of get \(GET\): its wait doubles from 100ms up to 10s without jitter`
	}
	return nil
}

// Settings: whatever the caller's settings, no path of the library draws
// a random number when Jitter is not set: no jitter.
func Settings(url string, min, max time.Duration) error {
	for n := 0; n < 5; n++ { // want `loop ctx=sync retries=4; 1 waits`
		if err := get(url); err == nil {
			return nil
		}
		b := jbackoff.Backoff{Min: min, Max: max, Factor: 1.5}
		time.Sleep(b.ForAttempt(float64(n))) // want `R-1: retry of get \(GET\): its wait grows exponentially \(b.ForAttempt\(float64\(n\)\)\) without jitter`
	}
	return nil
}

// Jitter set: each wait is drawn (read from the library's code, not
// assumed), but from Min up: no wait is under a fixed 1s, an additive
// floor, not full jitter. The cap the draws reach only after the loop's
// five attempts is no verdict of this loop.
func Jittered(url string) error {
	b := &jbackoff.Backoff{Min: time.Second, Max: time.Minute, Jitter: true}
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4; 1 waits`
		if err := get(url); err == nil {
			return nil
		}
		time.Sleep(b.Duration()) // want `R-1: retry of get \(GET\) uses partial jitter: no wait is under a fixed 1s, and the backoff doubles from 1s`
	}
	return nil
}

// Trap: Jitter a setting of the caller's: the wait may be drawn, no
// verdict.
func MaybeJittered(url string, jitter bool) error {
	b := &jbackoff.Backoff{Min: time.Second, Max: time.Minute, Jitter: jitter}
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4; 1 waits`
		if err := get(url); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

// Trap: a count every value shares (a package variable of the
// library's) is not followed: no verdict.
func SharedCount(url string) error {
	b := &jbackoff.Shared{Min: time.Second}
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4; 1 waits`
		if err := get(url); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}
