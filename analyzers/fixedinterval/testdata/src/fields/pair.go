package fields

import (
	"math/rand/v2"
	"time"
)

// The wait comes from a helper that returns it with a verdict.

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

func pairNote(n int) (time.Duration, string) {
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
		time.Sleep(d) // want `R-1.*fixed 2s`
	}
	return err
}

// Must not flag: full jitter over a doubling cap.
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
		time.Sleep(d)
	}
	return err
}

// Must not flag: the second result is no verdict, the wait stays unknown.
func callPairNote() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		d, _ := pairNote(i)
		time.Sleep(d)
	}
	return err
}
