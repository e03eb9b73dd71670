// Package webhooks delivers webhooks.
//
//retrylint:context webhook
package webhooks

import (
	"bytes"
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
