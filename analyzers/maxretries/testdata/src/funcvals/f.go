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

// Options the package's users set; the package itself never sets
// MaxReconnect.
type Options struct {
	MaxReconnect *uint
}

type conn struct{ opts *Options }

// retryConn is an unexported helper given the literal below.
func retryConn(op func() error) {
	for { // want `R-2: retry of op \(GET\) has no maximum retry count`
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// The literal counts maxRetry down and stops at 0, but by default (the
// option unset) maxRetry is -1 and never reaches 0: forever.
func (c *conn) reconnect() {
	var maxRetry int
	if c.opts.MaxReconnect == nil {
		maxRetry = -1
	} else {
		maxRetry = int(*c.opts.MaxReconnect)
	}
	retryConn(func() error {
		if maxRetry == 0 {
			return nil
		}
		if err := call(); err != nil {
			if maxRetry > 0 {
				maxRetry--
			}
			return err
		}
		return nil
	})
}

// Options the package fills in itself.
type setOptions struct {
	MaxReconnect *uint
}

func newSetOptions() *setOptions {
	n := uint(3)
	return &setOptions{MaxReconnect: &n}
}

type setConn struct{ opts *setOptions }

func retrySet(op func() error) {
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the package sets the option, so the countdown may run
// out: the count is unknown.
func (c *setConn) reconnect() {
	var maxRetry int
	if c.opts.MaxReconnect == nil {
		maxRetry = -1
	} else {
		maxRetry = int(*c.opts.MaxReconnect)
	}
	retrySet(func() error {
		if maxRetry == 0 {
			return nil
		}
		if err := call(); err != nil {
			if maxRetry > 0 {
				maxRetry--
			}
			return err
		}
		return nil
	})
}

func retryArmed(op func() error) {
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the countdown is decremented without the > 0 guard; the
// model reads only the guarded form (which stays put below zero), and
// leaves this count unknown.
func (c *conn) armed() {
	var maxRetry int
	if c.opts.MaxReconnect == nil {
		maxRetry = -1
	} else {
		maxRetry = int(*c.opts.MaxReconnect)
	}
	retryArmed(func() error {
		if maxRetry == 0 {
			return nil
		}
		maxRetry--
		return call()
	})
}
