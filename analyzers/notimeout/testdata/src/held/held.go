package held

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// An operation held in a variable is the same operation as inline.

func b() backoff.BackOff {
	e := backoff.NewExponentialBackOff()
	e.MaxElapsedTime = 20 * time.Second
	return backoff.WithMaxRetries(e, 3)
}

func heldGet(u string) error {
	op := func() error {
		resp, err := http.Get(u) // want `R-3.*http\.Get`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(op, b())
}

func inlineGet(u string) error {
	return backoff.Retry(func() error {
		resp, err := http.Get(u) // want `R-3.*http\.Get`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, b())
}

// Each attempt has a timeout: silent, held or inline.
func heldTimeout(ctx context.Context, u string) error {
	client := &http.Client{Timeout: 5 * time.Second}
	op := func() error {
		resp, err := client.Get(u)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(op, b())
}

// A hand-written loop calling an operation held in a variable, and the
// same with a same-package helper: the two are treated alike (neither is
// reported: R-3 sees no attempt timeout problem it can show in either).
func loopHeld(u string) error {
	get := func() error {
		resp, err := http.Get(u)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = get(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func getHelper(u string) error {
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func loopHelper(u string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = getHelper(u); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
