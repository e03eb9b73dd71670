package funcvals

import (
	"net/http"
	"time"
)

func call() error {
	_, err := http.Get("http://example.com")
	return err
}

type txn struct{ maxAttempts int }

func newTxn() *txn { return &txn{maxAttempts: 50} }

// The loop is in a closure whose operation is a parameter given a
// literal at every call; its counter is shared with the method.
func (t *txn) commit() error {
	attemptsRemaining := t.maxAttempts
	exec := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 { // want `R-2.*= 50 retries`
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	return exec(func() (bool, error) {
		if err := call(); err != nil {
			return true, err
		}
		return false, nil
	})
}

// Must not flag: the operation is a parameter of an exported function;
// what the caller passes is not seen.
func Exec(run func() (bool, error)) error {
	var err error
	for i := 0; i < 50; i++ {
		var retry bool
		if retry, err = run(); !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag: every literal the closure is given is a computation;
// the loop walks steps, it retries nothing.
func (t *txn) walk() error {
	n := 0
	exec := func(next func() (bool, error)) error {
		for i := 0; i < 50; i++ {
			more, err := next()
			if !more {
				return err
			}
		}
		return nil
	}
	return exec(func() (bool, error) {
		n++
		return n < 40, nil
	})
}
