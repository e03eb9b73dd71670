package waitstate

import (
	"math/rand/v2"
	"net/http"
	"time"
)

// A delay doubled by a loop of its own (for i := 0; i < attempt && delay
// < max; i++ { delay *= 2 }): the interpreter runs such a loop when it
// only computes, so the wait's shape is read.

func doubledByLoop(attempt int) time.Duration {
	delay := 200 * time.Millisecond
	for i := 0; i < attempt && delay < 5*time.Second; i++ {
		delay *= 2
		if delay > 5*time.Second {
			delay = 5 * time.Second
		}
	}
	half := delay / 2
	return half + time.Duration(rand.Int64N(int64(half)+1))
}

func fetchEqualJitter(c *http.Client) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = c.Get("https://api.example.com/files"); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(doubledByLoop(attempt)) // want `R-1: retry of c\.Get \(GET\) uses equal jitter: waits at least half of the backoff, which doubles from 200ms up to 5s`
	}
	return err
}

// Must not flag: the same loop under a full draw.
func fullByLoop(attempt int) time.Duration {
	delay := 200 * time.Millisecond
	for i := 0; i < attempt && delay < 5*time.Second; i++ {
		delay *= 2
	}
	return time.Duration(rand.Int64N(int64(min(delay, 5*time.Second)) + 1))
}

func fetchFullJitter(c *http.Client) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = c.Get("https://api.example.com/files"); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(fullByLoop(attempt))
	}
	return err
}

// Must not flag: a loop that calls out is not run; its wait stays
// unknown.
func calledInLoop(attempt int, grow func(time.Duration) time.Duration) time.Duration {
	delay := 200 * time.Millisecond
	for i := 0; i < attempt; i++ {
		delay = grow(delay)
	}
	return delay
}

func fetchCalled(c *http.Client, grow func(time.Duration) time.Duration) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = c.Get("https://api.example.com/files"); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(calledInLoop(attempt, grow))
	}
	return err
}
