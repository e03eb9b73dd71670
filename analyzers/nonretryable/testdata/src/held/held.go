package held

import (
	"fmt"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// An operation held in a variable is the same operation as inline: a
// 4xx retried inside it is seen either way.

var client = &http.Client{Timeout: 5 * time.Second}

func heldDo(u string) error {
	op := func() error {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `R-4.*404` `R-9: .*retries TLS certificate errors`
}

func inlineDo(u string) error {
	return backoff.Retry(func() error { // want `R-4.*404` `R-9: .*retries TLS certificate errors`
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// The 4xx made permanent: no R-4, held or inline; the transport errors,
// certificate errors included, are still retried.
func heldPermanent(u string) error {
	op := func() error {
		resp, err := client.Get(u)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 || resp.StatusCode == 429 || resp.StatusCode == 408 {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		if resp.StatusCode != http.StatusOK {
			return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
		}
		return nil
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `R-9: .*retries TLS certificate errors`
}
