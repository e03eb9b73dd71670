package caller

import (
	"context"
	"net/http"
	"time"

	"example.com/xwait/internal/backoff"
	"example.com/xwait/internal/retry"
)

func get() (*http.Response, error) { return http.Get("http://example.com") }

func logf(string, ...any) {}

// The helper waits what the caller's literal returns: the object the
// literal captures doubles from 100ms with at most 20% added.
func captured() {
	bo := backoff.NewDefault()
	_, _ = retry.Retry(context.Background(), get, func(err error) time.Duration {
		logf("failed: %v", err)
		return bo.Next() // want `R-1: .*partial jitter: every wait is at least 83% of the backoff, which doubles from`
	})
}

// The wait kept in a captured variable before it is returned.
func throughVar() {
	var d time.Duration
	var bo = backoff.NewDefault()
	_, _ = retry.Retry(context.Background(), get, func(error) time.Duration {
		d = bo.Next()
		logf("waiting %v", d)
		return d // want `R-1: .*partial jitter: every wait is at least 83% of the backoff, which doubles from`
	})
}

// A constant delay: a fixed interval.
func fixed() {
	_, _ = retry.Retry(context.Background(), get, func(error) time.Duration {
		return 2 * time.Second // want `R-1: .*fixed 2s`
	})
}

// Must not flag: full jitter complies.
func fullJitter() {
	bo := backoff.NewFull()
	_, _ = retry.Retry(context.Background(), get, func(error) time.Duration {
		return bo.Next()
	})
}

// Must not flag: the object is also reset by the operation, out of the
// interpreter's sight (it may be reset after every failure).
func resetByOp() {
	bo := backoff.NewDefault()
	_, _ = retry.Retry(context.Background(), func() (*http.Response, error) {
		bo.Reset()
		return get()
	}, func(error) time.Duration {
		return bo.Next()
	})
}

// Must not flag: the object is handed to code that may change it.
func handed(configure func(backoff.Policy)) {
	bo := backoff.NewDefault()
	configure(bo)
	_, _ = retry.Retry(context.Background(), get, func(error) time.Duration {
		return bo.Next()
	})
}

// Must not flag: a constructor given a value is not run.
func fromValue(d time.Duration) {
	bo := backoff.NewFrom(d)
	_, _ = retry.Retry(context.Background(), get, func(error) time.Duration {
		return bo.Next()
	})
}

// Silent: an object built in the call of the literal itself is not a
// captured variable; the model does not follow it (its wait, 100ms to
// 120ms every time, stays unknown).
func rebuilt() {
	_, _ = retry.Retry(context.Background(), get, func(error) time.Duration {
		return backoff.NewDefault().Next()
	})
}

// Options lets the user choose how to back off.
type Options struct {
	NewBackoff func() backoff.Policy
}

type client struct {
	newBackoff func() backoff.Policy
	other      func() backoff.Policy
}

// NewClient keeps the user's func, or the package's default when none is
// given.
func NewClient(opts Options) *client {
	var f func() backoff.Policy
	if opts.NewBackoff != nil {
		f = opts.NewBackoff
	} else {
		f = backoff.NewDefault
	}
	c := &client{newBackoff: f}
	if opts.NewBackoff == nil {
		c.other = backoff.NewDefault
	} else {
		c.other = backoff.NewFull
	}
	return c
}

// The field's default builds the object; the user's own is left aside.
// The operation resets the object only on its way to a success, where
// the helper stops.
func (c *client) reconnect() {
	bo := c.newBackoff()
	op := func() (int, error) {
		_, err := get()
		if err == nil {
			bo.Reset()
			return 1, nil
		}
		return 0, err
	}
	_, _ = retry.Retry(context.Background(), op, func(error) time.Duration {
		return bo.Next() // want `R-1: .*partial jitter.*NewClient's default`
	})
}

// Must not flag: the field holds one of two functions of the package
// depending on the options: which one is unknown.
func (c *client) either() {
	bo := c.other()
	_, _ = retry.Retry(context.Background(), get, func(error) time.Duration {
		return bo.Next()
	})
}

// Must not flag: the operation resets the object after a failure too.
func (c *client) resetOnFailure() {
	bo := c.newBackoff()
	op := func() (int, error) {
		_, err := get()
		if err != nil {
			bo.Reset()
			return 0, err
		}
		return 1, nil
	}
	_, _ = retry.Retry(context.Background(), op, func(error) time.Duration {
		return bo.Next()
	})
}

func retryAfter(resp *http.Response) time.Duration {
	if resp == nil {
		return time.Second
	}
	d, _ := time.ParseDuration(resp.Header.Get("Retry-After") + "s")
	return d
}

// Must not flag: the operation sets the wait the delay literal returns:
// the server's advice, out of the interpreter's sight.
func advised() {
	var wait time.Duration
	op := func() (*http.Response, error) {
		resp, err := get()
		if err != nil {
			wait = retryAfter(resp)
		}
		return resp, err
	}
	_, _ = retry.Retry(context.Background(), op, func(error) time.Duration {
		return wait
	})
}

// Must not flag: the same through a counter the operation moves.
func countedByOp() {
	n := 0
	op := func() (*http.Response, error) {
		n++
		return get()
	}
	_, _ = retry.Retry(context.Background(), op, func(error) time.Duration {
		return time.Duration(n) * time.Second
	})
}

// A variable the operation moves, only logged by the delay literal, does
// not change the wait.
func loggedOnly() {
	bo := backoff.NewDefault()
	url := "http://example.com"
	op := func() (*http.Response, error) {
		url = ""
		return get()
	}
	_, _ = retry.Retry(context.Background(), op, func(error) time.Duration {
		d := bo.Next()
		logf("retrying %s in %v", url, d)
		return d // want `R-1: .*partial jitter`
	})
}

type advice struct{ wait time.Duration }

// Must not flag: the operation writes a field of the value the delay
// literal reads.
func advisedField() {
	a := &advice{wait: time.Second}
	op := func() (*http.Response, error) {
		resp, err := get()
		if err != nil {
			a.wait = retryAfter(resp)
		}
		return resp, err
	}
	_, _ = retry.Retry(context.Background(), op, func(error) time.Duration {
		return a.wait
	})
}
