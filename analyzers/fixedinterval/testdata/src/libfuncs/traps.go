package libfuncs

import (
	"math/rand"
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

// fullJitter is the package's own full-jitter backoff.
func fullJitter(min, max time.Duration, n int, resp *http.Response) time.Duration {
	d := min << n
	if d > max || d <= 0 {
		d = max
	}
	return time.Duration(rand.Int63n(int64(d)))
}

type mixed struct {
	hc      *http.Client
	check   retryablehttp.CheckRetry
	backoff retryablehttp.Backoff
}

// newMixed writes the library's linear backoff or a full-jitter one of
// the package: not one shape, no finding from the table.
func newMixed(fast bool) *mixed {
	if fast {
		return &mixed{backoff: fullJitter}
	}
	return &mixed{backoff: retryablehttp.LinearJitterBackoff}
}

func (m *mixed) send(req *retryablehttp.Request) (*http.Response, error) {
	client := &retryablehttp.Client{HTTPClient: m.hc, CheckRetry: m.check, Backoff: m.backoff}
	return client.Do(req)
}

type userOnly struct {
	hc      *http.Client
	check   retryablehttp.CheckRetry
	backoff retryablehttp.Backoff
}

// SetBackoff is the only write: no default of the package's own.
func (u *userOnly) SetBackoff(b retryablehttp.Backoff) { u.backoff = b }

func (u *userOnly) send(req *retryablehttp.Request) (*http.Response, error) {
	client := &retryablehttp.Client{HTTPClient: u.hc, CheckRetry: u.check, Backoff: u.backoff}
	return client.Do(req)
}

// FromParam: the caller's backoff.
func FromParam(hc *http.Client, check retryablehttp.CheckRetry, b retryablehttp.Backoff, req *retryablehttp.Request) (*http.Response, error) {
	bo := b
	client := &retryablehttp.Client{HTTPClient: hc, CheckRetry: check, Backoff: bo}
	return client.Do(req)
}

// Escapes: the local's address is handed out, anything may be stored.
func Escapes(hc *http.Client, check retryablehttp.CheckRetry, set func(*retryablehttp.Backoff), req *retryablehttp.Request) (*http.Response, error) {
	var bo retryablehttp.Backoff = retryablehttp.LinearJitterBackoff
	set(&bo)
	client := &retryablehttp.Client{HTTPClient: hc, CheckRetry: check, Backoff: bo}
	return client.Do(req)
}

// Wrapped: the package's own func around the library's: not a function
// of the library's table.
func Wrapped(hc *http.Client, check retryablehttp.CheckRetry, req *retryablehttp.Request) (*http.Response, error) {
	bo := func(min, max time.Duration, n int, resp *http.Response) time.Duration {
		return fullJitter(min, max, n, resp)
	}
	client := &retryablehttp.Client{HTTPClient: hc, CheckRetry: check, Backoff: bo}
	return client.Do(req)
}
