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
