// Package sdkclient holds hand-written SDK request loops under the
// caller's context. The caller may have set a deadline, so such a loop is
// reported only when the package's own code decides its worst case: (b)
// every attempt goes through a client the package ships with no Timeout
// and nothing sets a time limit, or (a) the package's own count, attempt
// timeout and waits add up to more than the cap (worst.go).
package sdkclient

import (
	"context"
	"net/http"
	"time"
)

// --- (b) A client field defaulted to http.DefaultClient, an option to
// replace it, attempts through a helper of the package. ---

// API is a client of some service.
type API struct {
	httpClient *http.Client
	maxRetries int
}

// Option configures an API.
type Option func(*API)

// HTTPClient replaces the default client.
func HTTPClient(c *http.Client) Option { return func(a *API) { a.httpClient = c } }

// New builds an API; the client defaults to http.DefaultClient.
func New(opts ...Option) *API {
	a := &API{maxRetries: 3}
	for _, o := range opts {
		o(a)
	}
	if a.httpClient == nil {
		a.httpClient = http.DefaultClient
	}
	return a
}

func (a *API) request(ctx context.Context, method, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	return a.httpClient.Do(req)
}

// Get retries 5xx responses and transport errors.
func (a *API) Get(ctx context.Context, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i <= a.maxRetries; i++ { // want `R-3: retry of a\.request \(GET\) has no total duration cap: by default, attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it`
		if i > 0 {
			time.Sleep(time.Duration(1<<i) * time.Second)
		}
		resp, err = a.request(ctx, http.MethodGet, url)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return resp, err
}

// --- (b) A request configuration whose handler is built from the
// client's Do method value, wrapped by middlewares; a custom doer and a
// per-attempt timeout only when the user sets them. ---

// Doer sends a request.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

type next func(*http.Request) (*http.Response, error)

type middleware func(*http.Request, next) (*http.Response, error)

// RequestConfig is one request's configuration.
type RequestConfig struct {
	Request        *http.Request
	HTTPClient     *http.Client
	CustomDoer     Doer
	Middlewares    []middleware
	RequestTimeout time.Duration
	MaxRetries     int
}

// NewRequestConfig builds the configuration of one request.
func NewRequestConfig(ctx context.Context, method, url string) (*RequestConfig, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	return &RequestConfig{Request: req, HTTPClient: http.DefaultClient, MaxRetries: 2}, nil
}

// InstallCounter adds a middleware of the package that counts attempts.
func (cfg *RequestConfig) InstallCounter(n *int) {
	cfg.Middlewares = append([]middleware{func(r *http.Request, nx next) (*http.Response, error) {
		*n++
		return nx(r)
	}}, cfg.Middlewares...)
}

func applyMiddleware(m middleware, n next) next {
	return func(r *http.Request) (*http.Response, error) { return m(r, n) }
}

// Execute sends the request, retrying 5xx responses.
func (cfg *RequestConfig) Execute() (*http.Response, error) {
	client := *cfg.HTTPClient
	handler := client.Do
	if cfg.CustomDoer != nil {
		handler = cfg.CustomDoer.Do
	}
	for i := len(cfg.Middlewares) - 1; i >= 0; i-- {
		handler = applyMiddleware(cfg.Middlewares[i], handler)
	}
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ { // want `R-3: retry of handler has no total duration cap: by default, attempts via http\.DefaultClient have no timeout; only the caller's deadline stops it`
		ctx := cfg.Request.Context()
		var cancel context.CancelFunc
		if cfg.RequestTimeout != 0 {
			ctx, cancel = context.WithTimeout(ctx, cfg.RequestTimeout)
		}
		res, err = handler(cfg.Request.Clone(ctx))
		if cancel != nil {
			cancel()
		}
		if err == nil && res.StatusCode < 500 {
			return res, nil
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// --- (b) A client literal without Timeout built by the constructor. ---

// Store is a client of a storage service.
type Store struct{ hc *http.Client }

// NewStore builds a Store with its own client.
func NewStore() *Store {
	return &Store{hc: &http.Client{Transport: &http.Transport{MaxIdleConns: 10}}}
}

// Put retries a PUT until it succeeds or the context ends.
func (s *Store) Put(ctx context.Context, url string) error {
	for { // want `R-3: retry of s\.hc\.Do \(PUT\) has no total duration cap: by default, attempts via an http\.Client literal have no timeout; only the caller's deadline stops it`
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return err
		}
		resp, err := s.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
