// Package hooks delivers webhooks.
//
//retrylint:context webhook
package hooks

import (
	"bytes"
	"math/rand/v2"
	"net/http"
	"time"
)

// Deliver sends a webhook with two retries, fewer than webhook delivery
// needs (3 to 8).
func Deliver(c *http.Client, url string, payload []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Post(url, "application/json", bytes.NewReader(payload))
		if err == nil && resp.StatusCode < 300 {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return err
}

// Send posts an event with the key header the team's gateway uses, which
// the run configures as an idempotency key header (-key-headers,
// golangci-lint's key-headers setting): idemkey is silent only when the
// driver passes the option on.
func Send(c *http.Client, url, key string, payload []byte) error {
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		var req *http.Request
		req, err = http.NewRequest(http.MethodPost, url, bytes.NewReader(payload))
		if err != nil {
			return err
		}
		req.Header.Set("X-Request-Key", key)
		var resp *http.Response
		resp, err = c.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
				return nil
			}
		}
		time.Sleep(time.Duration(rand.Int64N(int64(min(30*time.Second, time.Second<<min(attempt, 5))))))
	}
	return err
}

// Directives that are wrong in every way a directive can be.
func directives(c *http.Client, url string) {
	//retrylint:ignore maxretries
	for i := 0; i < 20; i++ {
		if resp, err := c.Get(url); err == nil {
			resp.Body.Close()
			return
		}
	}

	//retrylint:ignore maxretry a typo
	for i := 0; i < 20; i++ {
		if resp, err := c.Get(url); err == nil {
			resp.Body.Close()
			return
		}
	}

	//retrylint:ignore fixedinterval,idemkey nothing to suppress here
	println("no retry")
}
