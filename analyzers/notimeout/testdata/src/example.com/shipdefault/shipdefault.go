// Package shipdefault holds an SDK whose retry loop sends through the
// client the package fills in when the user gives none
// (http.DefaultClient): the shipped default. The client a configuration
// the user opts into builds (decoded credentials), a request given the
// caller's context by rewrapping itself under `ctx != nil`, and a
// function reading the attempt's response are no reason to stay silent.
// The traps are the other defaults: one an option times, one with a
// Timeout, the caller's own client, a rewrap under another condition.
package shipdefault

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"
)

// Authenticator wraps the client with credentials.
type Authenticator interface {
	Wrap(base *http.Client) *http.Client
}

// Configuration is decoded from the user's file: a decoder fills
// Credentials, the package never does.
type Configuration struct {
	APIURL      string        `json:"api_url"`
	Credentials Authenticator `json:"credentials,omitempty"`
	HTTPClient  *http.Client  `json:"-"`
	Debug       bool          `json:"debug"`
}

// APIClient sends the API's requests.
type APIClient struct{ cfg *Configuration }

// NewAPIClient fills in the default client, wrapped when the user
// configures credentials.
func NewAPIClient(cfg *Configuration) *APIClient {
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = http.DefaultClient
	}
	if cfg.Credentials != nil {
		if hc := cfg.Credentials.Wrap(cfg.HTTPClient); hc != nil {
			cfg.HTTPClient = hc
		}
	}
	return &APIClient{cfg: cfg}
}

func (c *APIClient) prepareRequest(ctx context.Context, method, path string) (*http.Request, error) {
	req, err := http.NewRequest(method, c.cfg.APIURL+path, nil)
	if err != nil {
		return nil, err
	}
	if ctx != nil {
		req = req.WithContext(ctx)
	}
	return req, nil
}

func (c *APIClient) callAPI(req *http.Request) (*http.Response, error) {
	return c.cfg.HTTPClient.Do(req)
}

func (c *APIClient) handleAPIError(resp *http.Response, body []byte) error {
	var msg struct{ Message string }
	if err := decode(&msg, body); err != nil {
		return err
	}
	return errors.New(resp.Status + ": " + msg.Message)
}

func decode(v any, b []byte) error {
	if u, ok := v.(interface{ UnmarshalJSON([]byte) error }); ok {
		return u.UnmarshalJSON(b)
	}
	return json.Unmarshal(b, v)
}

func retryable(err error) bool { return err != nil && err.Error() != "" }

func (c *APIClient) determineRetry(err error, attempt int) (bool, time.Duration) {
	return retryable(err), time.Duration(100<<attempt) * time.Millisecond
}

// Execute retries transport errors and 5xx responses.
func (c *APIClient) Execute(ctx context.Context, path string) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 4; attempt++ { // want `R-3: .* has no total duration cap: by default, attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it`
		req, err := c.prepareRequest(ctx, http.MethodPost, path)
		if err != nil {
			return nil, err
		}
		resp, err := c.callAPI(req)
		if err != nil {
			lastErr = err
			if attempt >= 3 {
				return nil, lastErr
			}
			if ok, wait := c.determineRetry(err, attempt); ok {
				select {
				case <-time.After(wait):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				continue
			}
			return nil, lastErr
		}
		if resp.StatusCode >= 500 {
			body, readErr := io.ReadAll(resp.Body)
			resp.Body.Close()
			if readErr != nil {
				return nil, readErr
			}
			apiErr := c.handleAPIError(resp, body)
			lastErr = apiErr
			if attempt >= 3 {
				return nil, lastErr
			}
			if ok, wait := c.determineRetry(apiErr, attempt); ok {
				select {
				case <-time.After(wait):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				continue
			}
			return nil, lastErr
		}
		return resp, nil
	}
	return nil, lastErr
}

// --- Trap: an option sets the Timeout of the default client; the
// model cannot tell whether the user takes it, so it stays silent. ---

// TimedClient defaults to http.DefaultClient too.
type TimedClient struct{ hc *http.Client }

// Option configures a TimedClient.
type Option func(*TimedClient)

// WithTimeout times every request.
func WithTimeout(d time.Duration) Option {
	return func(c *TimedClient) { c.hc.Timeout = d }
}

// NewTimedClient builds a TimedClient.
func NewTimedClient(opts ...Option) *TimedClient {
	c := &TimedClient{hc: &http.Client{}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Get retries transport errors.
func (c *TimedClient) Get(ctx context.Context, url string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(100<<attempt) * time.Millisecond)
	}
	return nil, err
}

// --- Trap: the default the package builds has a Timeout. ---

// BoundedClient ships a client with a Timeout.
type BoundedClient struct{ hc *http.Client }

// NewBoundedClient builds a BoundedClient.
func NewBoundedClient(hc *http.Client) *BoundedClient {
	if hc == nil {
		hc = &http.Client{Timeout: 5 * time.Second}
	}
	return &BoundedClient{hc: hc}
}

// Get retries transport errors.
func (c *BoundedClient) Get(ctx context.Context, url string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		var resp *http.Response
		if resp, err = c.hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(100<<attempt) * time.Millisecond)
	}
	return nil, err
}

// --- Trap: the caller passes the client in; it may be timed. ---

// Fetch retries transport errors through the caller's client.
func Fetch(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(100<<attempt) * time.Millisecond)
	}
	return nil, err
}

// --- Trap: the request gets the context only in debug mode; otherwise
// not even the caller's deadline reaches the attempt (another finding's
// business), so this one stays silent. ---

func (c *APIClient) debugRequest(ctx context.Context, path string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, c.cfg.APIURL+path, nil)
	if err != nil {
		return nil, err
	}
	if c.cfg.Debug {
		req = req.WithContext(ctx)
	}
	return req, nil
}

// Probe retries transport errors.
func (c *APIClient) Probe(ctx context.Context, path string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		req, rerr := c.debugRequest(ctx, path)
		if rerr != nil {
			return nil, rerr
		}
		var resp *http.Response
		if resp, err = c.cfg.HTTPClient.Do(req); err == nil {
			return resp, nil
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return nil, err
}

// --- A loop that also repeats a successful but unusable answer: its
// count ends it whatever the attempts return, so its attempts are judged
// like any retry's. ---

// Window is a suggested renewal window.
type Window struct{ Start, End time.Time }

func (c *APIClient) getWindow(ctx context.Context, w *Window) error {
	req, err := c.prepareRequest(ctx, http.MethodGet, "/window")
	if err != nil {
		return err
	}
	resp, err := c.callAPI(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(w)
}

// RenewalWindow asks three times for a valid window.
func (c *APIClient) RenewalWindow(ctx context.Context) (Window, error) {
	var w Window
	var err error
	for i := 0; i < 3; i++ { // want `R-3: .* has no total duration cap: by default, attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it`
		if i > 0 {
			select {
			case <-ctx.Done():
				return Window{}, ctx.Err()
			case <-time.After(time.Duration(i*i+1) * time.Second):
			}
		}
		if err = c.getWindow(ctx, &w); err != nil {
			continue
		}
		if w.Start.IsZero() || w.End.IsZero() {
			continue // a malformed window: ask again
		}
		return w, nil
	}
	return Window{}, err
}

// Trap: the same loop with no count; only a valid window or the
// caller's context ends it: its timeouts are the poll's business.
func (c *APIClient) WaitWindow(ctx context.Context) (Window, error) {
	var w Window
	for {
		select {
		case <-ctx.Done():
			return Window{}, ctx.Err()
		case <-time.After(time.Second):
		}
		if err := c.getWindow(ctx, &w); err != nil {
			continue
		}
		if w.Start.IsZero() || w.End.IsZero() {
			continue
		}
		return w, nil
	}
}
