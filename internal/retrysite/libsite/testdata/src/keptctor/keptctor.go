// Package keptctor: retrying clients built with the library's own
// constructor (retryablehttp.NewClient()), configured, and kept in a
// field or handed out (keptcount.go). Every write of the client is in
// sight: the construction is the site, with all of them as its settings
// (writes through the field path in helpers included, reads of its
// settings beside the sends), the user's values given under an if left
// out. libsite's TestKeptCtor runs the model and four rules over it.
package keptctor

import (
	"context"
	"math/rand"
	"net/http"
	"strconv"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

// Client keeps a client built in a local, configured, then stored; its
// sends also read its settings (c.client.RetryMax): no reason to make
// the construction opaque.
type Client struct {
	client *retryablehttp.Client
}

func NewClient() Client {
	hc := http.Client{Timeout: 10 * time.Second}
	r := retryablehttp.NewClient() // want `library go-retryablehttp ctx=sync retries=3` `R-1: go-retryablehttp retry policy: its wait doubles from 1s up to 30s without jitter` `R-3: go-retryablehttp retry policy can take 4 attempts x 10s timeout \+ waits 1s\+2s\+4s at least = 47s > the 30s cap`
	r.HTTPClient = &hc
	r.RetryMax = 3
	r.CheckRetry = retryablehttp.DefaultRetryPolicy
	return Client{client: r}
}

func (c *Client) do(req *retryablehttp.Request) (*http.Response, error) {
	if c.client.RetryMax > 5 {
		return nil, nil
	}
	return c.client.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}

// Config is the user's.
type Config struct {
	Backoff     retryablehttp.Backoff
	RetryPolicy retryablehttp.CheckRetry
	RetryCount  int
	HTTPClient  *http.Client
}

// API keeps the client in an exported field, built in the literal and
// configured through the field path by helpers of the constructor; the
// user's Backoff, policy and count replace the package's only when
// given, so the defaults the package ships are judged.
type API struct {
	Retryable *retryablehttp.Client
}

func NewAPI(cfg *Config) *API {
	a := &API{Retryable: retryablehttp.NewClient()} // want `library go-retryablehttp ctx=sync retries=4` `R-1: go-retryablehttp retry policy: its wait doubles from 1s up to 30s without jitter` `R-3: go-retryablehttp retry policy has no per-attempt timeout` `R-4: go-retryablehttp retry policy retries 400` `R-9: go-retryablehttp retry policy retries TLS certificate errors`
	setRetryPolicy(a, cfg)
	if cfg.HTTPClient != nil {
		a.Retryable.HTTPClient = cfg.HTTPClient
	}
	return a
}

func setRetryPolicy(a *API, cfg *Config) {
	if cfg.Backoff != nil {
		a.Retryable.Backoff = cfg.Backoff // want `R-1: go-retryablehttp retry policy: its wait doubles from 1s up to 30s without jitter, the default set here`
	}
	if cfg.RetryPolicy != nil {
		a.Retryable.CheckRetry = cfg.RetryPolicy
	} else {
		a.Retryable.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { // want `R-4: go-retryablehttp retry policy retries 400, 401, 403, 404, 409, 422 and other 4xx, the decision made here`
			return err != nil || resp.StatusCode >= 400, nil
		}
	}
	if cfg.RetryCount != 0 {
		a.Retryable.RetryMax = cfg.RetryCount
	} else {
		a.Retryable.RetryMax = 4
	}
}

// SetClient: the user replacing the client; the package's own client
// is still the default every other user gets.
func (a *API) SetClient(c *retryablehttp.Client) { a.Retryable = c }

func (a *API) send(req *retryablehttp.Request) (*http.Response, error) {
	return a.Retryable.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}

// NewRetrying hands the configured client out.
func NewRetrying() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `library go-retryablehttp ctx=sync retries=3`
	c.HTTPClient = &http.Client{Timeout: 5 * time.Second}
	c.Backoff = retryablehttp.LinearJitterBackoff // want `R-1: go-retryablehttp retry policy: its wait grows linearly`
	c.RetryMax = 3
	return c
}

// --- Traps: writes out of sight, no site at the construction. ---

// The field handed to a configure function: its writes there are not
// read (a client configured by several functions stays opaque).
type tuned struct{ rc *retryablehttp.Client }

func newTuned() *tuned {
	t := &tuned{rc: retryablehttp.NewClient()}
	tune(t.rc)
	return t
}

func tune(rc *retryablehttp.Client) { rc.Backoff = retryablehttp.LinearJitterBackoff }

func (t *tuned) send(req *retryablehttp.Request) (*http.Response, error) {
	return t.rc.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}

// The local handed to a configure function before it is kept (its
// settings read beside the send, so the send does not follow it).
type passed struct{ rc *retryablehttp.Client }

func newPassed() *passed {
	r := retryablehttp.NewClient()
	tune(r)
	return &passed{rc: r}
}

func (p *passed) send(req *retryablehttp.Request) (*http.Response, error) {
	if p.rc.RetryMax == 0 {
		return nil, nil
	}
	return p.rc.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}

// The field replaced by the package with a client it did not build.
type swapped struct{ rc *retryablehttp.Client }

func newSwapped() *swapped {
	return &swapped{rc: retryablehttp.NewClient()}
}

func (s *swapped) use(rc *retryablehttp.Client) { s.rc = rc }

func (s *swapped) send(req *retryablehttp.Request) (*http.Response, error) {
	s.use(nil)
	return s.rc.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}

// The user's backoff written whatever the user gave: no default of the
// package's is left to judge (the wait stays unknown, no R-1).
type always struct{ rc *retryablehttp.Client }

func NewAlways(cfg *Config) *always {
	a := &always{rc: retryablehttp.NewClient()} // want `library go-retryablehttp ctx=sync retries=4`
	a.rc.Backoff = cfg.Backoff
	a.rc.RetryMax = 4
	a.rc.HTTPClient = &http.Client{Timeout: 5 * time.Second}
	return a
}

func (a *always) send(req *retryablehttp.Request) (*http.Response, error) {
	return a.rc.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}

// A local client: the send that uses it is the site.
func local(ctx context.Context) {
	r := retryablehttp.NewClient()
	r.RetryMax = 2
	r.HTTPClient = &http.Client{Timeout: 5 * time.Second}
	req, _ := retryablehttp.NewRequestWithContext(ctx, "GET", "https://example.com", nil)
	_, _ = r.Do(req) // want `library go-retryablehttp ctx=sync retries=2` `R-1: go-retryablehttp retry of r.Do \(GET\): its wait doubles`
}

// NewAdvised: the package's Backoff takes the server's Retry-After when
// the response carries one (R-5's advice), else the library's
// DefaultBackoff: the client's own schedule is DefaultBackoff's
// (waits_libfuncs.go, wrapper).
func NewAdvised() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `library go-retryablehttp ctx=sync retries=4`
	c.HTTPClient = &http.Client{Timeout: 5 * time.Second}
	c.Backoff = advisedBackoff // want `R-1: go-retryablehttp retry policy: its wait doubles without jitter \(DefaultBackoff\)`
	return c
}

func advisedBackoff(min, max time.Duration, n int, resp *http.Response) time.Duration { // want `R-1: go-retryablehttp retry policy: its wait doubles without jitter \(DefaultBackoff\), the wait computed here`
	if resp != nil {
		if s, ok := resp.Header["Retry-After"]; ok {
			if sec, err := strconv.Atoi(s[0]); err == nil {
				return time.Duration(sec) * time.Second
			}
		}
	}
	return retryablehttp.DefaultBackoff(min, max, n, resp)
}

// Trap: a branch of its own on a server error inside the nil test is
// not the server's advice: DefaultBackoff is not the schedule on every
// path, no finding.
func NewOwnBranch() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `library go-retryablehttp ctx=sync retries=4`
	c.HTTPClient = &http.Client{Timeout: 5 * time.Second}
	c.Backoff = ownBranchBackoff
	return c
}

func ownBranchBackoff(min, max time.Duration, n int, resp *http.Response) time.Duration {
	if resp != nil {
		if resp.StatusCode >= 500 {
			return time.Duration(rand.Int63n(int64(max)))
		}
	}
	return retryablehttp.DefaultBackoff(min, max, n, resp)
}

// A client in a package variable is in no function: not a kept
// construction (its sends are the sites).
var shared = retryablehttp.NewClient()

func sendShared(req *retryablehttp.Request) (*http.Response, error) {
	return shared.Do(req) // want `library go-retryablehttp ctx=sync retries=4` `R-1: go-retryablehttp retry of shared.Do: its wait doubles` `R-3: go-retryablehttp retry of shared.Do has no per-attempt timeout`
}

// Trap: the local handed to a configure function before it is kept, and
// the field only operated: the send must not read the client as
// configured by its construction alone.
type passedPlain struct{ rc *retryablehttp.Client }

func newPassedPlain() *passedPlain {
	r := retryablehttp.NewClient()
	tune(r)
	return &passedPlain{rc: r}
}

func (p *passedPlain) send(req *retryablehttp.Request) (*http.Response, error) {
	return p.rc.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}

// Trap: a local client handed to a configure function before its send.
func localTuned(req *retryablehttp.Request) (*http.Response, error) {
	r := retryablehttp.NewClient()
	tune(r)
	return r.Do(req) // want `library go-retryablehttp ctx=sync bound=\?`
}
