package fields

import (
	"math/rand/v2"
	"net/http"
	"time"
)

func do() error {
	_, err := http.Get("http://example.com")
	return err
}

// Waits stored in fields or computed away from the loop.

type client struct {
	backoff   time.Duration
	backoffFn func(int) time.Duration
}

func newClient() *client {
	return &client{backoff: 2 * time.Second, backoffFn: func(int) time.Duration { return time.Second }}
}

func (c *client) callField() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoff) // want `R-1.*fixed 2s`
	}
	return err
}

func (c *client) callFuncField() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.backoffFn(i)) // want `R-1.*fixed 1s`
	}
	return err
}

// Must not flag: the func field holds full jitter.

type jitter struct{ fn func(int) time.Duration }

func newJitter() *jitter {
	return &jitter{fn: fullJitter}
}

func fullJitter(n int) time.Duration {
	return time.Duration(rand.Int64N(int64(min(30*time.Second, time.Second<<min(n, 5)))))
}

func (c *jitter) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.fn(i))
	}
	return err
}

// Must not flag: the user supplies the func.

type user struct{ fn func(int) time.Duration }

func NewUser(fn func(int) time.Duration) *user { return &user{fn: fn} }

func (c *user) call() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(c.fn(i))
	}
	return err
}

// A ticker paced by an exported setting the package writes only as zero,
// to switch the loop off: a ticker never runs on a zero (NewTicker
// panics), so it ticks at the user's value, a fixed interval whatever it
// is. The message must not say "no wait".

type Opts struct {
	Reconnect time.Duration
}

type conn struct{ opts Opts }

func (c *conn) close() { c.opts.Reconnect = 0 }

func (c *conn) reconnect() {
	if c.opts.Reconnect > 0 {
		c.runReconnects()
	}
}

func (c *conn) runReconnects() error {
	t := time.NewTicker(c.opts.Reconnect)
	defer t.Stop()
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		<-t.C // want `R-1.*a ticker's fixed interval between`
	}
	return nil
}

// Trap: a zero Sleep is no wait at all (Sleep(0) returns at once): still
// reported as no wait, not as a fixed interval.
func (c *conn) noPause() error {
	for i := 0; i < 3; i++ {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(c.opts.Reconnect) // want `R-1.*no wait \(a zero duration\)`
	}
	return nil
}
