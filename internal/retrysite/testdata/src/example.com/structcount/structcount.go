// Package structcount holds the same helper as structhelper, called with
// a literal that counts its own calls: the func's decision may be a count
// kept out of sight (valueindex's outcomeDecided), so no call has a known
// bound. It is a package of its own because a func parameter's decision
// is read over every literal the package gives it. The helper's own loop
// is a site, its bound unknown; its one caller starts at the default 1s
// and caps the wait at 1s: a fixed interval.
package structcount

import (
	"context"
	"net/http"
	"time"
)

// backoffOpts and retryWithBackoff are structhelper's, cut to the one
// loop this case needs (structhelper has the whole helper).
type backoffOpts struct {
	attempts        int
	initialInterval time.Duration
	factor          float64
	maxInterval     time.Duration
	cancel          <-chan struct{}
}

// retryWithBackoff runs f with a backoff until f says stop or attempts
// runs out (attempts < 0: no limit).
func retryWithBackoff(f func(int) (bool, error), opts backoffOpts) error {
	if opts.initialInterval == 0 {
		opts.initialInterval = time.Second
	}
	if opts.factor == 0 {
		opts.factor = 2
	}
	interval := opts.initialInterval
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?`
		again, err := f(i)
		if !again || (opts.attempts > 0 && i >= opts.attempts-1) {
			return err
		}
		select {
		case <-opts.cancel:
			return nil
		case <-time.After(interval): // want `R-1: retry of f \(PUT\) waits a fixed interval \(interval\) between attempts`
		}
		interval = time.Duration(float64(interval) * opts.factor)
		if interval >= opts.maxInterval {
			interval = opts.maxInterval
		}
	}
}

type Consumer struct {
	client *http.Client
	url    string
	done   chan struct{}
}

func (c *Consumer) create(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.url, nil)
	if err != nil {
		return err
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Must not flag R-2: the literal counts its own calls, so its decision
// may be a count kept out of sight.
func (c *Consumer) Counting() error {
	n := 0
	return retryWithBackoff(func(int) (bool, error) {
		n++
		if err := c.create(context.Background()); err != nil {
			return n < 4, err
		}
		return false, nil
	}, backoffOpts{attempts: -1, maxInterval: time.Second})
}
