package funcvals

import (
	"errors"
	"net/http"
	"time"
)

type mgr struct{ backoff time.Duration }

func call() error {
	_, err := http.Get("http://example.com")
	return err
}

// The retry loop is in a closure whose operation is a parameter; every
// call passes a literal, whose returns pair the retry decision with the
// error.
func (t *mgr) publish() error {
	exec := func(run func() (bool, error), err error) error {
		for attempts := 0; attempts < 3; attempts++ { // want `loop ctx=sync retries=2`
			var retry bool
			retry, err = run()
			if !retry {
				return err
			}
			time.Sleep(t.backoff)
		}
		return err
	}
	lastErr := exec(func() (bool, error) {
		if err := call(); err != nil {
			return true, err
		}
		return false, nil
	}, nil)
	if lastErr != nil {
		return lastErr
	}
	return exec(func() (bool, error) {
		err := call()
		return err != nil, err
	}, nil)
}

// The same with an unexported function taking the operation.
func execute(run func() (bool, error)) error {
	var err error
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4`
		var retry bool
		if retry, err = run(); !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func fetch() (bool, error) {
	if err := call(); err != nil {
		return true, errors.New("fetch failed")
	}
	return false, nil
}

func useExecute() error {
	if err := execute(fetch); err != nil {
		return err
	}
	return execute(func() (bool, error) {
		err := call()
		return err != nil, err
	})
}

// A package function returning (retry, err).
func (t *mgr) runIt() (bool, error) {
	if err := call(); err != nil {
		return true, err
	}
	return false, nil
}

func (t *mgr) helper() error {
	var err error
	for i := 0; i < 3; i++ { // want `loop ctx=sync retries=2`
		var retry bool
		retry, err = t.runIt()
		if !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// A func-typed field with two values, both operations.
type checker struct {
	check func() (bool, error)
}

func newGetChecker() *checker {
	return &checker{check: func() (bool, error) {
		err := call()
		return err != nil, err
	}}
}

func newPostChecker() *checker {
	return &checker{check: func() (bool, error) {
		_, err := http.Post("http://example.com", "text/plain", nil)
		if err != nil {
			return true, err
		}
		return false, nil
	}}
}

func (c *checker) run() error {
	var err error
	for i := 0; i < 4; i++ { // want `loop ctx=sync retries=3`
		var retry bool
		if retry, err = c.check(); !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag: a func-typed field set from an exported constructor's
// parameter is the user's; the model cannot see what it does.
type userChecker struct {
	check func() (bool, error)
}

func NewUserChecker(f func() (bool, error)) *userChecker { return &userChecker{check: f} }

func (c *userChecker) run() error {
	var err error
	for i := 0; i < 4; i++ {
		var retry bool
		if retry, err = c.check(); !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag: an exported function's parameter.
func Execute(run func() (bool, error)) error {
	var err error
	for i := 0; i < 5; i++ {
		var retry bool
		if retry, err = run(); !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not flag: pagination. fetchPage's success returns both true and
// false: the bool is "more pages", not a decision on the error.
func fetchPage(page int) (bool, error) {
	if err := call(); err != nil {
		return false, err
	}
	return page < 10, nil
}

func allPages() error {
	for page := 0; ; page++ {
		more, err := fetchPage(page)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Must not flag: the closure's parameter is given a pure computation
// (no operation) at every call: a loop over steps, not a retry.
func steps() error {
	n := 0
	step := func(next func() (bool, error)) error {
		for i := 0; i < 3; i++ {
			more, err := next()
			if !more {
				return err
			}
		}
		return nil
	}
	return step(func() (bool, error) {
		n++
		if n > 2 {
			return false, errors.New("done")
		}
		return true, nil
	})
}

// Must not flag: the closure escapes (it is returned), so its calls are
// not all seen.
func escaping() func(func() (bool, error)) error {
	exec := func(run func() (bool, error)) error {
		var err error
		for i := 0; i < 3; i++ {
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
		}
		return err
	}
	_ = exec(func() (bool, error) { err := call(); return err != nil, err })
	return exec
}

// A counter the closure shares with its function, set from a field the
// constructor sets, and reset between the closure's calls.
type txn struct{ maxAttempts int }

func newTxn() *txn { return &txn{maxAttempts: 50} }

func (t *txn) commit() error {
	attemptsRemaining := t.maxAttempts
	exec := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 { // want `loop ctx=sync retries=50`
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	if err := exec(func() (bool, error) { err := call(); return err != nil, err }); err != nil {
		return err
	}
	attemptsRemaining = t.maxAttempts
	return exec(func() (bool, error) { err := call(); return err != nil, err })
}

// The counter is given two values outside the closure: its count is not
// known (the site is, with an unknown bound).
func (t *txn) commitTwo() error {
	attemptsRemaining := 3
	exec := func(run func() (bool, error)) error {
		var err error
		for attemptsRemaining >= 0 { // want `loop ctx=sync bound=\?`
			var retry bool
			if retry, err = run(); !retry {
				return err
			}
			time.Sleep(time.Second)
			attemptsRemaining--
		}
		return err
	}
	if err := exec(func() (bool, error) { err := call(); return err != nil, err }); err != nil {
		return err
	}
	attemptsRemaining = 50
	return exec(func() (bool, error) { err := call(); return err != nil, err })
}

// Must not flag: the parameter is rebound in the function (wrapped), so
// what runs is not what the calls pass.
func executeWrapped(run func() (bool, error), wrap func(func() (bool, error)) func() (bool, error)) error {
	run = wrap(run)
	var err error
	for i := 0; i < 5; i++ {
		var retry bool
		if retry, err = run(); !retry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func useExecuteWrapped(w func(func() (bool, error)) func() (bool, error)) error {
	return executeWrapped(func() (bool, error) { err := call(); return err != nil, err }, w)
}
