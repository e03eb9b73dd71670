// Package api is an SDK of another module (a dependency of
// example.com/sdkuser): each method builds its request with the client's
// request builder, which takes the method as its first parameter, and
// sends it with the client's Do.
package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// Client sends the requests of the services.
type Client struct {
	hc   *http.Client
	base string
	// Issues is the issues API.
	Issues *IssuesService
}

// IssuesService is one API of the client.
type IssuesService struct{ client *Client }

// NewRequest builds a request with a JSON body.
func (c *Client) NewRequest(method, path string, body any) (*http.Request, error) {
	buf := new(bytes.Buffer)
	if err := json.NewEncoder(buf).Encode(body); err != nil {
		return nil, err
	}
	return http.NewRequest(method, c.base+path, buf)
}

// Do sends req.
func (c *Client) Do(ctx context.Context, req *http.Request) (*http.Response, error) {
	return c.hc.Do(req.WithContext(ctx))
}

// Create builds a POST.
func (s *IssuesService) Create(ctx context.Context, title string) (*http.Response, error) {
	req, err := s.client.NewRequest("POST", "issues", title)
	if err != nil {
		return nil, err
	}
	return s.client.Do(ctx, req)
}

// Edit builds a PATCH (net/http's constant).
func (s *IssuesService) Edit(ctx context.Context, id, title string) (*http.Response, error) {
	req, err := s.client.NewRequest(http.MethodPatch, "issues/"+id, title)
	if err != nil {
		return nil, err
	}
	return s.client.Do(ctx, req)
}

// Get builds a GET.
func (s *IssuesService) Get(ctx context.Context, id string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.client.base+"issues/"+id, nil)
	if err != nil {
		return nil, err
	}
	return s.client.hc.Do(req)
}

// Upsert builds a GET, then a POST when the issue is not there.
func (s *IssuesService) Upsert(ctx context.Context, id, title string) (*http.Response, error) {
	req, err := s.client.NewRequest("GET", "issues/"+id, nil)
	if err != nil {
		return nil, err
	}
	if resp, err := s.client.Do(ctx, req); err == nil && resp.StatusCode == http.StatusOK {
		return resp, nil
	}
	req, err = s.client.NewRequest("POST", "issues", title)
	if err != nil {
		return nil, err
	}
	return s.client.Do(ctx, req)
}

// Call builds a request with the caller's method.
func (s *IssuesService) Call(ctx context.Context, method, path string) (*http.Response, error) {
	req, err := s.client.NewRequest(method, path, nil)
	if err != nil {
		return nil, err
	}
	return s.client.Do(ctx, req)
}

// Request builds a POST and returns it: it sends nothing.
func (s *IssuesService) Request(title string) (*http.Request, error) {
	return s.client.NewRequest("POST", "issues", title)
}
