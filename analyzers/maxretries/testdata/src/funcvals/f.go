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

// retryOp is an unexported helper whose only operation is the literal
// each caller passes.
func retryOp(op func() error) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

var errTransient = http.ErrHandlerTimeout

// Must not flag: the literal counts its calls in a captured variable and
// ends the helper's loop on the third one.
func countedInLiteral() error {
	n := 0
	return retryOp(func() error {
		n++
		if n == 3 {
			return nil
		}
		if err := call(); err != nil {
			return errTransient
		}
		return nil
	})
}

// retryLogged is the same helper, given a literal whose captured counter
// is only logged: nothing ends the loop but success.
func retryLogged(op func() error) error {
	for { // want `R-2: retry of op \(GET\) has no maximum retry count`
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func loggedCounter() error {
	n := 0
	return retryLogged(func() error {
		n++
		println("attempt", n)
		return call()
	})
}
