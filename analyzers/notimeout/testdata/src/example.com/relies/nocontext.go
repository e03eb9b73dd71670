package relies

import "time"

// Local is a service called with no context.
type Local interface {
	Call() error
}

var local Local

// No context at all: only the count ends it, and its waits alone are
// over the cap.
func NoContext() error {
	var err error
	for i := 0; i < 5; i++ { // want `R-3: retry of local\.Call can take waits 4 x 10s = 40s > the 30s cap`
		if err = local.Call(); err == nil {
			return nil
		}
		time.Sleep(10 * time.Second)
	}
	return err
}

// Must not flag (trap: 3 waits of 1s are within the cap).
func NoContextShort() error {
	var err error
	for i := 0; i < 4; i++ {
		if err = local.Call(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag (trap: an elapsed-time check caps the waits at 20s).
func NoContextTimed() error {
	start := time.Now()
	var err error
	for i := 0; i < 5; i++ {
		if err = local.Call(); err == nil {
			return nil
		}
		if time.Since(start) > 20*time.Second {
			return err
		}
		time.Sleep(10 * time.Second)
	}
	return err
}
