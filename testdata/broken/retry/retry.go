// Package retry does not type-check: retrylint must say so clearly and
// exit with status 1, never panic (internal/corpustest/broken_test.go).
package retry

import (
	"net/http"
	"time"
)

// Get retries a GET whose client is undefined and whose wait has the
// wrong type.
func Get(url string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		resp, err := undefinedClient.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep("1s")
	}
	return nil, err
}
