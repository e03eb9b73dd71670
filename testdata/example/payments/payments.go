// Package payments is a small client with the retry mistakes the Retry
// Policy standard forbids. Run retrylint on it to see them reported.
package payments

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Charge posts a payment, retrying every failure ten times, a second
// apart, without an idempotency key.
func Charge(url string, body []byte) error {
	var lastErr error
	for attempt := 0; attempt < 10; attempt++ {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			lastErr = fmt.Errorf("status %d", resp.StatusCode)
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return lastErr
}

// Refund retries only what the standard allows, but forever.
func Refund(c *http.Client, url string) error {
	delay := 100 * time.Millisecond
	for {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
		}
		time.Sleep(delay)
		delay *= 2
	}
}

var errGaveUp = errors.New("gave up")

// Status reads a payment's status; GET is safe to retry, and three
// attempts are within range.
func Status(c *http.Client, url string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(url)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return nil, errGaveUp
}
