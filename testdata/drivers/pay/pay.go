// Package pay is a payments client with the retry mistakes the Retry
// Policy standard forbids, and code it allows.
package pay

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Charge posts a payment, retrying every failure ten times, a second
// apart, without an idempotency key and without a timeout.
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

// Settle's twelve attempts were approved by the board: the directive
// suppresses maxretries there, and only maxretries.
func Settle(ctx context.Context, c *http.Client, url string) error {
	var err error
	//retrylint:ignore maxretries IAB-2026-042 approved 11 retries for settlement
	for i := 0; i < 12; i++ {
		var resp *http.Response
		resp, err = c.Get(url)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// Verify retries certificate errors.
func Verify(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 3; i++ { //nolint:nonretryable // golangci-lint only: the other drivers report it
		var resp *http.Response
		resp, err = c.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		var unknown x509.UnknownAuthorityError
		if errors.As(err, &unknown) {
			continue
		}
		return err
	}
	return err
}

// Poll polls a job until it is done: a poll, not a retry.
func Poll(ctx context.Context, c *http.Client, url string) error {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		st, err := status(ctx, c, url)
		if err != nil {
			return err
		}
		if st == "done" {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

func status(ctx context.Context, c *http.Client, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var st struct{ State string }
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		return "", err
	}
	return st.State, nil
}

// NotifyAll sends one notification per user: a loop over items, not a
// retry.
func NotifyAll(c *http.Client, urls []string) error {
	for _, u := range urls {
		resp, err := c.Get(u)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}
