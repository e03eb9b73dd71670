// Package sdkrequests is a hand-written SDK whose retrying Do takes a
// request its callers build with the package's own NewRequest, given the
// method: the method is the callers', seen where they build the request.
package sdkrequests

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

// Client is the SDK's client.
type Client struct {
	base string
	hc   *http.Client
}

// NewRequest builds a request of the API with a JSON body that can be
// sent again (GetBody).
func (c *Client) NewRequest(ctx context.Context, method, path string, body any) (*http.Request, error) {
	var buf bytes.Buffer
	if body != nil {
		if err := json.NewEncoder(&buf).Encode(body); err != nil {
			return nil, err
		}
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, &buf)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// do retries the request it is given on errors and 5xx, with waits.
func (c *Client) do(req *http.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		if i > 0 {
			time.Sleep(time.Second << i)
			if req.GetBody != nil {
				body, err := req.GetBody()
				if err != nil {
					return nil, err
				}
				req.Body = body
			}
		}
		resp, err := c.hc.Do(req) // want `R-6: retry of c\.hc\.Do \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
			err = errors.New(resp.Status)
		}
		lastErr = err
	}
	return nil, lastErr
}

// Call builds the request from its caller's method and sends it.
func (c *Client) Call(ctx context.Context, method, path string, body any) error {
	req, err := c.NewRequest(ctx, method, path, body)
	if err != nil {
		return err
	}
	resp, err := c.do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Get reads: safe to retry.
func (c *Client) Get(ctx context.Context, id string) error {
	return c.Call(ctx, http.MethodGet, "/things/"+id, nil)
}

// Create posts through the retry with no key: the finding.
func (c *Client) Create(ctx context.Context, t any) error {
	req, err := c.NewRequest(ctx, http.MethodPost, "/things", t)
	if err != nil {
		return err
	}
	resp, err := c.do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Keyed is a second client whose POST callers set one key per operation
// on the request before the retry: must not flag.
type Keyed struct{ c Client }

func (k *Keyed) do(req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := k.c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (k *Keyed) Create(ctx context.Context, t any) error {
	req, err := k.c.NewRequest(ctx, http.MethodPost, "/keyed", t)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return k.do(req)
}

// Safe is a client whose callers only read, replace and delete: must
// not flag.
type Safe struct{ c Client }

func (s *Safe) do(req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := s.c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (s *Safe) Get(ctx context.Context) error {
	req, err := s.c.NewRequest(ctx, http.MethodGet, "/a", nil)
	if err != nil {
		return err
	}
	return s.do(req)
}

func (s *Safe) Put(ctx context.Context, t any) error {
	req, err := s.c.NewRequest(ctx, http.MethodPut, "/a", t)
	if err != nil {
		return err
	}
	return s.do(req)
}

// Filtered retries only what is safe: it looks at the request's method.
// Must not flag.
type Filtered struct{ c Client }

func (f *Filtered) do(req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := f.c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		if req.Method == http.MethodPost {
			return errors.New("not retried")
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (f *Filtered) Create(ctx context.Context, t any) error {
	req, err := f.c.NewRequest(ctx, http.MethodPost, "/f", t)
	if err != nil {
		return err
	}
	return f.do(req)
}

// Lib retries through a retry library: the operation is a closure over
// the request the function is given.
type Lib struct{ c Client }

func (l *Lib) do(req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := l.c.hc.Do(req) // want `R-6: backoff\.Retry of l\.c\.hc\.Do \(POST\) sends no Idempotency-Key header; set one key per operation on every attempt`
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return errors.New(resp.Status)
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func (l *Lib) Ingest(ctx context.Context, events []any) error {
	req, err := l.c.NewRequest(ctx, http.MethodPost, "/ingest", events)
	if err != nil {
		return err
	}
	return l.do(req)
}

// Fwd's endpoints reach the retry through a forwarder that builds the
// request from the method it is given.
type Fwd struct{ c Client }

func (f *Fwd) do(req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := f.c.hc.Do(req) // want `R-6: retry of f\.c\.hc\.Do \(PATCH\) sends no Idempotency-Key header; set one key per operation on every attempt`
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (f *Fwd) call(ctx context.Context, method, path string, body any) error {
	req, err := f.c.NewRequest(ctx, method, path, body)
	if err != nil {
		return err
	}
	return f.do(req)
}

func (f *Fwd) Get(ctx context.Context) error { return f.call(ctx, http.MethodGet, "/x", nil) }

func (f *Fwd) Update(ctx context.Context, t any) error {
	return f.call(ctx, http.MethodPatch, "/x", t)
}

// Once's POST callers send their request once, and hand the retry only
// a GET built in another local: must not flag.
type Once struct{ c Client }

func (o *Once) do(req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := o.c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func (o *Once) CreateThenRead(ctx context.Context, t any) error {
	post, err := o.c.NewRequest(ctx, http.MethodPost, "/o", t)
	if err != nil {
		return err
	}
	resp, err := o.c.hc.Do(post)
	if err != nil {
		return err
	}
	resp.Body.Close()
	get, err := o.c.NewRequest(ctx, http.MethodGet, "/o", nil)
	if err != nil {
		return err
	}
	return o.do(get)
}
