package valuewaits

import (
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// A wait read from a field the constructor sets, computed by a method,
// or by a func value stored in a field.

type waitClient struct {
	backoff   time.Duration
	base      time.Duration
	backoffFn func(int) time.Duration
}

func newWaitClient() *waitClient {
	return &waitClient{backoff: 2 * time.Second, base: time.Second, backoffFn: linear}
}

func linear(n int) time.Duration { return time.Second }

func (c *waitClient) retryDelay(n int) time.Duration { return c.base }

func (c *waitClient) callField() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff) // want `sleep fixed interval: a fixed 2s` `R-1: retry of do \(GET\) waits a fixed 2s between attempts; use exponential backoff with full jitter`
	}
	return err
}

func (c *waitClient) callMethod() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.retryDelay(i)) // want `sleep fixed interval: a fixed 1s` `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return err
}

func (c *waitClient) callFuncField() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoffFn(i)) // want `sleep fixed interval: a fixed 1s` `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return err
}

type expClient struct {
	base      time.Duration
	backoffFn func(int) time.Duration
}

func newExpClient() *expClient {
	return &expClient{base: time.Second, backoffFn: func(n int) time.Duration { return time.Second << n }}
}

func (c *expClient) retryDelay(n int) time.Duration { return c.base << n }

func (c *expClient) callMethod() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.retryDelay(i)) // want `sleep exponential backoff without jitter: doubles from 1s` `R-1: retry of do \(GET\): its wait doubles from 1s without jitter; use exponential backoff with full jitter`
	}
	return err
}

func (c *expClient) callFuncField() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoffFn(i)) // want `sleep exponential backoff without jitter: doubles from 1s` `R-1: retry of do \(GET\): its wait doubles from 1s without jitter; use exponential backoff with full jitter`
	}
	return err
}

// A package-level func variable.

var retryWait = func(n int) time.Duration { return 500 * time.Millisecond }

func callVar() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(retryWait(i)) // want `sleep fixed interval: a fixed 500ms` `R-1: retry of do \(GET\) waits a fixed 500ms between attempts; use exponential backoff with full jitter`
	}
	return err
}

// A trap: a func field with two values, one exponential: the wait is not
// known. Then a func field the user sets through an exported option: the
// package's own default (linear) is the wait, named as such (doc.go,
// "Defaults the user can change").

type twoFn struct{ fn func(int) time.Duration }

func newTwoFnA() *twoFn { return &twoFn{fn: linear} }
func newTwoFnB() *twoFn {
	return &twoFn{fn: func(n int) time.Duration { return time.Second << n }}
}

func (c *twoFn) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.fn(i)) // want `sleep unknown`
	}
	return err
}

type optFn struct{ fn func(int) time.Duration }

type Option func(*optFn)

func WithBackoff(f func(int) time.Duration) Option { return func(c *optFn) { c.fn = f } }

func NewOptFn(opts ...Option) *optFn {
	c := &optFn{fn: linear} // want `R-1: .*, the default set here`
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *optFn) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.fn(i)) // want `sleep fixed interval: a fixed 1s .*\[NewOptFn's default, which WithBackoff can change\]` `R-1: retry of do \(GET\) waits a fixed 1s between attempts, NewOptFn's default, which WithBackoff can change`
	}
	return err
}

// A duration field with two values stays a stand-in: a fixed interval
// whose length the model does not claim.

type twoWait struct{ d time.Duration }

func newTwoWaitA() *twoWait { return &twoWait{d: time.Second} }
func newTwoWaitB() *twoWait { return &twoWait{d: 3 * time.Second} }

func (c *twoWait) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.d) // want `sleep fixed interval: a fixed interval \(c.d\)` `R-1: retry of do \(GET\) waits a fixed interval \(c\.d\) between attempts; use exponential backoff with full jitter`
	}
	return err
}

// A wait computed two calls away, from fields the constructor sets.

type deep struct {
	base   time.Duration
	factor int
}

func newDeep() *deep { return &deep{base: 100 * time.Millisecond, factor: 2} }

func (c *deep) scaled(n int) time.Duration { return c.base * time.Duration(c.factor) }

func (c *deep) wait(n int) time.Duration { return c.scaled(n) }

func (c *deep) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.wait(i)) // want `sleep fixed interval: a fixed 200ms` `R-1: retry of do \(GET\) waits a fixed 200ms between attempts; use exponential backoff with full jitter`
	}
	return err
}

// A wait computed by a func parameter of an unexported function that
// every call gives the same function.
func retryWith(backoff func(int) time.Duration) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `sleep fixed interval: a fixed 1s` `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return err
}

func useRetryWith() error {
	if err := retryWith(linear); err != nil {
		return err
	}
	return retryWith(linear)
}

// Must not flag as fixed: the calls give two different functions; the
// wait is not known.
func retryWithTwo(backoff func(int) time.Duration) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(backoff(i)) // want `sleep unknown`
	}
	return err
}

func useRetryWithTwo() error {
	if err := retryWithTwo(linear); err != nil {
		return err
	}
	return retryWithTwo(func(n int) time.Duration { return time.Second << n })
}

// A func field with two values that wait the same: the wait is known.
type twoWaits struct{ backoffFn func(int) time.Duration }

func newTwoWaitsA() *twoWaits { return &twoWaits{backoffFn: linear} }

func newTwoWaitsB() *twoWaits {
	return &twoWaits{backoffFn: func(int) time.Duration { return time.Second }}
}

func (c *twoWaits) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoffFn(i)) // want `sleep fixed interval: a fixed 1s` `R-1: retry of do \(GET\) waits a fixed 1s between attempts; use exponential backoff with full jitter`
	}
	return err
}

// Must not flag as fixed: of two values, one doubles.
type mixedWaits struct{ backoffFn func(int) time.Duration }

func newMixedA() *mixedWaits { return &mixedWaits{backoffFn: linear} }

func newMixedB() *mixedWaits {
	return &mixedWaits{backoffFn: func(n int) time.Duration { return time.Second << n }}
}

func (c *mixedWaits) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoffFn(i)) // want `sleep unknown`
	}
	return err
}
