package fixv1

import (
	"errors"
	"math/rand"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// The file uses math/rand: the fix uses its Int63n.
func exponential() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Second << attempt) // want `R-1: retry of do \(GET\): its wait doubles from 1s without jitter; use exponential backoff with full jitter`
	}
	return errors.New("gave up")
}

// Replacing the wait would leave b unused: reported, no fix.
func equal() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := do(); err == nil {
			return nil
		}
		b := time.Second << attempt
		time.Sleep(b/2 + time.Duration(rand.Int63n(int64(b/2)))) // want `R-1: retry of do \(GET\) uses equal jitter: waits at least half of the backoff, which doubles from 1s: equal jitter's floor keeps clients in step`
	}
	return errors.New("gave up")
}
