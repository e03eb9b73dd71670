package a

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"time"
)

// The operation crosses an integration boundary.
func do() error {
	_, err := http.Get("http://example.com")
	return err
}

func get() (*http.Response, error) { return http.Get("http://example.com") }

// Reported. The wait shapes the model reads (a parameter, a timer, no
// wait, linear, polynomial, capped doubling, partial jitter) are checked
// once, with R-1's message, in the waits package's testdata (waits.go).

func fixed() error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("gave up")
}

func fixedBeforeLoop(ctx context.Context) error {
	delay := 500 * time.Millisecond
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay): // want `R-1: retry of do \(GET\) waits a fixed 500ms between attempts; use exponential backoff with full jitter`
		}
	}
	return errors.New("gave up")
}

func ticker() error {
	tick := time.NewTicker(3 * time.Second)
	defer tick.Stop()
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		<-tick.C // want `R-1: retry of do \(GET\) waits a fixed 3s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("gave up")
}

func exponential() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(250 * time.Millisecond << attempt) // want `R-1: retry of do \(GET\): its wait doubles from 250ms without jitter; use exponential backoff with full jitter`
	}
	return errors.New("gave up")
}

func pow() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(math.Pow(2, float64(attempt))) * time.Second) // want `R-1: retry of do \(GET\): its wait doubles from 1s without jitter; use exponential backoff with full jitter`
	}
	return errors.New("gave up")
}

func equal() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		b := time.Second << attempt
		time.Sleep(b/2 + rand.N(b/2)) // want `R-1: retry of do \(GET\) uses equal jitter: waits at least half of the backoff, which doubles from 1s: equal jitter's floor keeps clients in step`
	}
	return errors.New("gave up")
}

func floorPlusJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Second + rand.N(100*time.Millisecond)) // want `R-1: retry of do \(GET\) waits a fixed 1s to 1\.1s \(jittered within that range, but it never grows\) between attempts`
	}
	return errors.New("gave up")
}

func pause() { time.Sleep(time.Second) }

func helper() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		pause() // want `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return errors.New("gave up")
}

func mixed() (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `R-1: retry of get \(GET\) retries at once after some failures: a path from a failed attempt back to the operation has no wait`
		resp, err := get()
		if err != nil {
			continue
		}
		if resp.StatusCode == 503 {
			time.Sleep(rand.N(time.Second << i))
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func recursive(attempt int) error {
	if err := do(); err != nil && attempt < 3 {
		time.Sleep(time.Second) // want `R-1: recursive retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
		return recursive(attempt + 1)
	}
	return nil
}

// Accepted.

func fullJitter() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(rand.N(min(30*time.Second, time.Second<<attempt)))
	}
	return errors.New("gave up")
}

func fullJitterHelper(attempt int) time.Duration {
	d := time.Second << attempt
	if d > 30*time.Second {
		d = 30 * time.Second
	}
	return time.Duration(rand.Int64N(int64(d)))
}

func withHelper(ctx context.Context) error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(fullJitterHelper(attempt)):
		}
	}
	return errors.New("gave up")
}

func decorrelated() error {
	const base, maxD = time.Second, 30 * time.Second
	sleep := base
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		sleep = min(maxD, base+rand.N(sleep*3-base))
		time.Sleep(sleep)
	}
	return errors.New("gave up")
}

// A wait the model cannot see: silent.

type backOff interface{ NextBackOff() time.Duration }

func opaque(b backOff) error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(b.NextBackOff())
	}
	return errors.New("gave up")
}

// Not retries (polling, pacing, periodic work, per-item loops): the
// waits package's testdata (waits.go) holds them, with no site.

// A retry until the status is not one of a list of the package's: a
// site, whose wait is judged.
var transientCodes = []int{408, 429, 500, 502, 503, 504}

func containsCode[T comparable](list []T, element T) bool {
	for _, v := range list {
		if v == element {
			return true
		}
	}
	return false
}

func listedTransient() (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = get()
		if err == nil && !containsCode(transientCodes, resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second) // want `R-1: retry of get \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return resp, err
}
