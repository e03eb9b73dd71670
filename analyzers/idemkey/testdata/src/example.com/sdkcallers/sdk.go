// Package sdkcallers is a hand-written SDK whose request loop takes the
// method as a parameter: the endpoints of the package pass it, through
// unexported forwarders.
package sdkcallers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// API is the client. Its headers are the user's, for every call.
type API struct {
	BaseURL string
	headers http.Header
	hc      *http.Client
}

// Option configures the client.
type Option func(*API)

// Headers sets headers sent with every call.
func Headers(h http.Header) Option { return func(a *API) { a.headers = h } }

func New(opts ...Option) *API {
	a := &API{BaseURL: "https://api.example.com", hc: &http.Client{Timeout: 10 * time.Second}}
	for _, o := range opts {
		o(a)
	}
	return a
}

func copyHeader(dst, src http.Header) {
	for k, vs := range src {
		dst[k] = vs
	}
}

func (api *API) request(ctx context.Context, method, uri string, body io.Reader, headers http.Header) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, api.BaseURL+uri, body)
	if err != nil {
		return nil, err
	}
	h := make(http.Header)
	copyHeader(h, api.headers)
	copyHeader(h, headers)
	req.Header = h
	return api.hc.Do(req)
}

// makeRequestFull retries every method its callers give it.
func (api *API) makeRequestFull(ctx context.Context, method, uri string, params any, headers http.Header) ([]byte, error) {
	var lastErr error
	for i := 0; i <= 3; i++ {
		if i > 0 {
			time.Sleep(time.Second << i)
		}
		b, err := json.Marshal(params)
		if err != nil {
			return nil, err
		}
		resp, err := api.request(ctx, method, uri, bytes.NewReader(b), headers) // want `R-6: retry of api\.request \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		if err != nil || resp.StatusCode >= 500 {
			lastErr = err
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	return nil, lastErr
}

func (api *API) makeRequestWithHeaders(ctx context.Context, method, uri string, params any, headers http.Header) ([]byte, error) {
	return api.makeRequestFull(ctx, method, uri, params, headers)
}

func (api *API) makeRequest(ctx context.Context, method, uri string, params any) ([]byte, error) {
	return api.makeRequestWithHeaders(ctx, method, uri, params, nil)
}

// GetThing reads: a GET is safe to retry.
func (api *API) GetThing(ctx context.Context, id string) ([]byte, error) {
	return api.makeRequest(ctx, http.MethodGet, "/things/"+id, nil)
}

// CreateThing posts through the retry with no key: the finding.
func (api *API) CreateThing(ctx context.Context, t any) ([]byte, error) {
	return api.makeRequest(ctx, http.MethodPost, "/things", t)
}

// CreateKeyed posts with one key per operation, made before the retry.
func (api *API) CreateKeyed(ctx context.Context, t any) ([]byte, error) {
	h := http.Header{}
	h.Set("Idempotency-Key", uuid.NewString())
	return api.makeRequestWithHeaders(ctx, http.MethodPost, "/keyed", t, h)
}

// Client2 is a second SDK whose POSTs all carry a key made by the caller:
// must not flag.
type Client2 struct {
	hc *http.Client
}

func (c *Client2) send(ctx context.Context, method, u string, headers http.Header) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return nil, err
	}
	for k, vs := range headers {
		req.Header[k] = vs
	}
	return c.hc.Do(req)
}

func (c *Client2) do(ctx context.Context, method, u string, headers http.Header) error {
	for i := 0; i < 3; i++ {
		resp, err := c.send(ctx, method, u, headers)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (c *Client2) Create(ctx context.Context) error {
	h := http.Header{}
	h.Set("Idempotency-Key", uuid.NewString())
	return c.do(ctx, http.MethodPost, "https://example.com/a", h)
}

func (c *Client2) Get(ctx context.Context) error {
	return c.do(ctx, http.MethodGet, "https://example.com/a", nil)
}

// Client3's callers read and replace: GET, PUT and DELETE are safe to
// retry. Must not flag.
type Client3 struct{ hc *http.Client }

func (c *Client3) do(ctx context.Context, method, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (c *Client3) Get(ctx context.Context) error { return c.do(ctx, http.MethodGet, "https://e/a") }
func (c *Client3) Put(ctx context.Context) error { return c.do(ctx, http.MethodPut, "https://e/a") }
func (c *Client3) Del(ctx context.Context) error { return c.do(ctx, "DELETE", "https://e/a") }

// Client4 retries only what is safe to retry: it looks at the method.
// Must not flag.
type Client4 struct{ hc *http.Client }

func (c *Client4) do(ctx context.Context, method, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		if method == http.MethodPost {
			return errors.New("not retried")
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (c *Client4) Create(ctx context.Context) error {
	return c.do(ctx, http.MethodPost, "https://e/a")
}

// Client5 is given its method by its users only (an exported function no
// code of the package calls): the method is theirs. Must not flag.
type Client5 struct{ hc *http.Client }

func (c *Client5) Do(ctx context.Context, method, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

// Client6's POST callers pass the user's per-call headers, which may hold
// a key. Must not flag.
type Client6 struct{ hc *http.Client }

// CallOptions are per call.
type CallOptions struct{ Headers http.Header }

func (c *Client6) do(ctx context.Context, method, u string, headers http.Header) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		for k, vs := range headers {
			req.Header[k] = vs
		}
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (c *Client6) Create(ctx context.Context, o CallOptions) error {
	return c.do(ctx, http.MethodPost, "https://e/a", o.Headers)
}

// Client7's forwarder sends POSTs once, outside the retry, and hands only
// the other methods to it. Must not flag.
type Client7 struct{ hc *http.Client }

func (c *Client7) do(ctx context.Context, method, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (c *Client7) once(ctx context.Context, method, u string) error {
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client7) call(ctx context.Context, method, u string) error {
	if method == http.MethodPost || method == http.MethodPatch {
		return c.once(ctx, method, u)
	}
	return c.do(ctx, method, u)
}

func (c *Client7) Create(ctx context.Context) error {
	return c.call(ctx, http.MethodPost, "https://e/a")
}

func (c *Client7) Get(ctx context.Context) error {
	return c.call(ctx, http.MethodGet, "https://e/a")
}

// Client8's POST caller builds per-call options holding a key, in a local
// it hands down. Must not flag.
type Client8 struct{ hc *http.Client }

type callOpts struct{ headers http.Header }

func (c *Client8) do(ctx context.Context, method, u string, o *callOpts) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		copyHeader(req.Header, o.headers)
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (c *Client8) Create(ctx context.Context) error {
	o := &callOpts{headers: http.Header{"Idempotency-Key": {uuid.NewString()}}}
	return c.do(ctx, http.MethodPost, "https://e/a", o)
}

// Client9 asks a predicate whether the method may be retried. Must not
// flag.
type Client9 struct{ hc *http.Client }

func idempotent(method string) bool {
	return method == http.MethodGet || method == http.MethodPut || method == http.MethodDelete
}

func (c *Client9) do(ctx context.Context, method, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		if !idempotent(req.Method) {
			return errors.New("not retried")
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (c *Client9) Create(ctx context.Context) error {
	return c.do(ctx, http.MethodPost, "https://e/a")
}
