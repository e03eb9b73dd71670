// Package structone has a retry helper whose count is a field of its
// settings struct, with one caller: the package's only value of the field
// (-1, no limit) must not make the helper's own loop unbounded; the
// finding goes to the call that writes it (helperfields.go's
// boundByParams).
package structone

import (
	"context"
	"net/http"
	"time"
)

type opts struct {
	attempts int
	interval time.Duration
}

func retry(f func() (bool, error), o opts) error {
	var err error
	var again bool
	for i := 0; ; i++ { // want `loop ctx=sync bound=\?`
		again, err = f()
		if !again {
			return err
		}
		if o.attempts > 0 && i >= o.attempts-1 {
			break
		}
		time.Sleep(o.interval << i) // want `R-1: retry of f \(PUT\): its wait doubles from 1s without jitter`
	}
	return err
}

type Consumer struct {
	client *http.Client
	url    string
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

func (c *Consumer) Reset() error {
	var err error
	err = retry(func() (bool, error) { // want `helper call ctx=sync unbounded` `R-2: retry helper retry of f \(PUT\) has no maximum retry count`
		err = c.create(context.Background())
		if err != nil {
			return true, err
		}
		return false, nil
	}, opts{attempts: -1, interval: time.Second})
	return err
}
