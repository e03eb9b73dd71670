package valuewaits

import (
	"errors"
	"math/rand/v2"
	"time"
)

// A helper returning the wait with a verdict: the wait is its first
// result.

func pairDelay(n int) (time.Duration, bool) {
	if n > 5 {
		return 0, false
	}
	return 2 * time.Second, true
}

func pairJittered(n int) (time.Duration, bool) {
	if n > 5 {
		return 0, false
	}
	return time.Duration(rand.Int64N(int64(time.Second << min(n, 5)))), true
}

func (c *waitClient) pairErr(n int) (time.Duration, error) {
	if n > 5 {
		return 0, errors.New("too many")
	}
	return c.base, nil
}

// Not a verdict: the second result is not a bool or an error.
func pairNote(n int) (time.Duration, string) { // want `R-1: retry of do \(GET\) waits a delay computed with no random draw: no jitter, the wait computed here`
	return time.Second, "fixed"
}

func callPairFixed() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		d, ok := pairDelay(i)
		if !ok {
			break
		}
		time.Sleep(d) // want `sleep fixed interval: a fixed 2s` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
	}
	return err
}

func (c *waitClient) callPairErr() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		d, werr := c.pairErr(i)
		if werr != nil {
			return werr
		}
		time.Sleep(d) // want `sleep fixed interval: a fixed 1s` `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return err
}

// Must not be a fixed interval: full jitter over a doubling cap.
func callPairJittered() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		d, ok := pairJittered(i)
		if !ok {
			break
		}
		time.Sleep(d) // want `sleep full jitter: full jitter over a backoff that doubles from 1s`
	}
	return err
}

// The second result is no verdict: the wait is not known to be fixed,
// but nothing draws it at random: no jitter.
func callPairNote() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		d, _ := pairNote(i)
		time.Sleep(d) // want `sleep no jitter: a delay computed with no random draw` `R-1: retry of do \(GET\) waits a delay computed with no random draw: no jitter`
	}
	return err
}
