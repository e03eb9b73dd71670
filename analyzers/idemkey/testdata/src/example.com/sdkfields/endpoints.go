// Package sdkfields keeps the method of each endpoint in a table of
// Endpoint values, written by NewEndpoint from the constants its callers
// pass; the one retry loop sends them all, the POST included.
package sdkfields

import (
	"net/http"
	"time"
)

type Endpoint struct {
	Method string
	Route  string
}

func NewEndpoint(method, route string) *Endpoint {
	return &Endpoint{Method: method, Route: route}
}

var (
	GetMessage    = NewEndpoint(http.MethodGet, "/messages/{id}")
	CreateMessage = NewEndpoint(http.MethodPost, "/messages")
)

type Client struct{ hc *http.Client }

func (c *Client) Do(ep *Endpoint) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(ep.Method, "https://api.example.com"+ep.Route, nil)
		if err != nil {
			return nil, err
		}
		res, err := c.hc.Do(req) // want `R-6: retry of c.hc.Do \(POST\) sends no Idempotency-Key header`
		if err == nil && res.StatusCode < 500 {
			return res, nil
		}
		if err == nil {
			res.Body.Close()
		}
		lastErr = err
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, lastErr
}

// Reads only reads: its table has no POST.
type ReadEndpoint struct{ Method, Route string }

var ListMessages = &ReadEndpoint{Method: http.MethodGet, Route: "/messages"}

func (c *Client) Read(ep *ReadEndpoint) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(ep.Method, "https://api.example.com"+ep.Route, nil)
		if err != nil {
			return nil, err
		}
		res, err := c.hc.Do(req)
		if err == nil || attempt == 2 {
			return res, err
		}
		time.Sleep(time.Second)
	}
}
