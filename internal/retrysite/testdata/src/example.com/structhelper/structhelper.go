// Package structhelper holds a retry helper that takes its settings in a
// struct (nats' retryWithBackoff): its fields are bound at each call
// (helperfields.go, interp's paramfields.go), its cap is no count
// (interp's clamp.go), and the func's decision is its outcome's
// (valueindex's outcomeDecided).
package structhelper

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type backoffOpts struct {
	attempts        int
	initialInterval time.Duration
	factor          float64
	maxInterval     time.Duration
	customBackoff   []time.Duration
	skipFirst       bool
	cancel          <-chan struct{}
}

// retryWithBackoff runs f on a custom schedule, or else with a backoff
// until f says stop or attempts runs out (attempts < 0: no limit).
func retryWithBackoff(f func(int) (bool, error), opts backoffOpts) error {
	var err error
	var again bool
	if len(opts.customBackoff) > 0 {
		if opts.attempts != 0 {
			return errors.New("attempts with a custom schedule")
		}
		for i, interval := range opts.customBackoff {
			select {
			case <-opts.cancel:
				return nil
			case <-time.After(interval):
			}
			again, err = f(i)
			if !again {
				return err
			}
		}
		return err
	}
	if opts.initialInterval == 0 {
		opts.initialInterval = time.Second
	}
	if opts.factor == 0 {
		opts.factor = 2
	}
	interval := opts.initialInterval
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?`
		if i == 0 && opts.skipFirst {
			time.Sleep(interval)
			continue
		}
		again, err = f(i)
		if !again {
			return err
		}
		if opts.attempts > 0 && i >= opts.attempts-1 {
			break
		}
		select {
		case <-opts.cancel:
			return nil
		case <-time.After(interval): // want `R-1: retry of f \(PUT\): its wait grows exponentially \(interval\) without jitter`
		}
		interval = time.Duration(float64(interval) * opts.factor)
		if interval >= opts.maxInterval {
			interval = opts.maxInterval
		}
	}
	return err
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

// Reset recreates the consumer with no limit (attempts -1).
func (c *Consumer) Reset() error {
	opts := backoffOpts{
		attempts:        -1,
		initialInterval: time.Second,
		factor:          2,
		maxInterval:     10 * time.Second,
		cancel:          c.done,
	}
	return retryWithBackoff(func(int) (bool, error) { // want `helper call ctx=sync unbounded` `R-2: retry helper retryWithBackoff of f \(PUT\) has no maximum retry count`
		if err := c.create(context.Background()); err != nil {
			return true, err
		}
		return false, nil
	}, opts)
}

// Few tries three times, the struct literal written in the call.
func (c *Consumer) Few() error {
	return retryWithBackoff(func(int) (bool, error) { // want `helper call ctx=sync retries=2`
		if err := c.create(context.Background()); err != nil {
			return true, err
		}
		return false, nil
	}, backoffOpts{attempts: 3, maxInterval: time.Second})
}

// Must not flag R-2: the caller's settings are not a literal the model
// reads (a field), so the count is unknown.
func (c *Consumer) FromField(o backoffOpts) error {
	return retryWithBackoff(func(int) (bool, error) {
		if err := c.create(context.Background()); err != nil {
			return true, err
		}
		return false, nil
	}, o)
}

// Capped doubles its wait up to a limit it reads from the client: the
// cap is no count, the loop makes 5 attempts.
func (c *Consumer) Capped(limit time.Duration) error {
	d := 100 * time.Millisecond
	var err error
	for i := 0; i < 5; i++ { // want `loop ctx=sync retries=4`
		if err = c.create(context.Background()); err == nil {
			return nil
		}
		time.Sleep(d) // want `R-1: retry of c.create \(PUT\): its wait doubles from 100ms without jitter`
		d *= 2
		if d > limit {
			d = limit
		}
	}
	return err
}

// Must not flag R-2: the "cap" also ends the loop (a condition reads d),
// so it may count.
func (c *Consumer) CappedStop(limit time.Duration) error {
	d := 100 * time.Millisecond
	var err error
	for { // want `loop ctx=sync bound=\?`
		if err = c.create(context.Background()); err == nil {
			return nil
		}
		time.Sleep(d) // want `R-1: retry of c.create \(PUT\): its wait doubles from 100ms without jitter`
		d *= 2
		if d > limit {
			d = limit
		}
		if d == limit {
			return err
		}
	}
}

// ResetErr keeps the literal's error in its own variable: an error
// stored outside the literal counts nothing, and the helper's bound stays
// each call's (helperfields.go's boundByParams), reported here.
func (c *Consumer) ResetErr() error {
	var err error
	opts := backoffOpts{attempts: -1, initialInterval: time.Second, factor: 2, maxInterval: 10 * time.Second, cancel: c.done}
	err = retryWithBackoff(func(int) (bool, error) { // want `helper call ctx=sync unbounded` `R-2: retry helper retryWithBackoff of f \(PUT\) has no maximum retry count`
		err = c.create(context.Background())
		if err != nil {
			return true, err
		}
		return false, nil
	}, opts)
	return err
}
