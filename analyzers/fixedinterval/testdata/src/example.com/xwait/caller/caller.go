// Package caller waits on backoff objects of another package of its
// module (example.com/xwait/internal/backoff): their methods are run from
// that package's source.
package caller

import (
	"errors"
	"net/http"
	"time"

	"example.com/xwait/internal/backoff"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// The object doubles its wait with no jitter.
func doubling() error {
	b := &backoff.Backoff{Max: 5 * time.Minute}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.Duration()) // want `R-1: .*doubles from 100ms`
	}
	return err
}

// Reset before every wait: a fixed 100ms.
func resetEach() error {
	b := &backoff.Backoff{}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		b.Reset()
		time.Sleep(b.Duration()) // want `R-1: .*fixed 100ms`
	}
	return err
}

// Full jitter over the doubled wait complies.
func full() error {
	f := &backoff.Full{Base: time.Second}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(f.Next())
	}
	return err
}

// A method that writes a package variable is not followed: unknown,
// silent.
func shared() error {
	s := &backoff.Shared{Base: time.Second}
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(s.Next())
	}
	return err
}

// The object is handed to code that may change it: unknown, silent.
func handedOut(configure func(*backoff.Backoff)) error {
	b := &backoff.Backoff{}
	configure(b)
	var err error
	for i := 0; i < 4; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return err
}

type rateLimited struct{ RetryAfter time.Duration }

func (e *rateLimited) Error() string { return "rate limited" }

// The delay a rate limit carries is the server's; on other failures the
// schedule is the object's: doubling, no jitter. A fatal error leaves.
func rateLimitAside() error {
	b := &backoff.Backoff{Max: 5 * time.Minute}
	for {
		var d time.Duration
		err := do()
		if err == nil {
			return nil
		}
		if err.Error() == "fatal" {
			return err
		} else if rl, ok := err.(*rateLimited); ok {
			d = rl.RetryAfter
		}
		d = max(0, d, b.Duration())
		time.Sleep(d) // want `R-1: .*doubles from 100ms`
	}
}

// The same with errors.As.
func rateLimitAs() error {
	b := &backoff.Backoff{Max: 5 * time.Minute}
	for {
		var d time.Duration
		err := do()
		if err == nil {
			return nil
		}
		var rl *rateLimited
		if errors.As(err, &rl) {
			d = rl.RetryAfter
		}
		time.Sleep(max(d, b.Duration())) // want `R-1: .*doubles from 100ms`
	}
}

// Must not flag: the typed branch sets a wait of the code's own (not the
// error's): which one applies is unknown.
func typedOwnWait() error {
	b := &backoff.Backoff{Max: 5 * time.Minute}
	for {
		var d time.Duration
		err := do()
		if err == nil {
			return nil
		}
		if _, ok := err.(*rateLimited); ok {
			d = time.Minute
		}
		time.Sleep(max(d, b.Duration()))
	}
}
