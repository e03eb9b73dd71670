package funcvals

import (
	"net/http"
	"time"
)

func call() error {
	_, err := http.Get("http://example.com")
	return err
}

type mgr struct{ backoff time.Duration }

func newMgr() *mgr { return &mgr{backoff: 100 * time.Millisecond} }

// The loop is in a closure whose operation is a parameter given a
// literal at every call.
func (t *mgr) publish() error {
	exec := func(run func() (bool, error)) error {
		var err error
		for i := 0; i < 3; i++ {
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(t.backoff) // want `R-1.*fixed 100ms`
		}
		return err
	}
	return exec(func() (bool, error) {
		err := call()
		return err != nil, err
	})
}

// An unexported function given its wait by every caller.
func retryWith(op func() error, backoff func(int) time.Duration) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `R-1.*fixed 2s`
	}
	return err
}

func twoSeconds(int) time.Duration { return 2 * time.Second }

func useRetryWith() error { return retryWith(call, twoSeconds) }

// Must not flag: the decision's success returns disagree (a "more" flag
// that success can set either way): not a retry decision.
func (t *mgr) pages() error {
	page := 0
	exec := func(next func() (bool, error)) error {
		for {
			more, err := next()
			if err != nil {
				return err
			}
			if !more {
				return nil
			}
			time.Sleep(t.backoff)
		}
	}
	return exec(func() (bool, error) {
		if err := call(); err != nil {
			return false, err
		}
		page++
		return page < 10, nil
	})
}
