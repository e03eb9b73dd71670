// Package reqconfig sends the request a configuration holds
// (config.Request, stored by DefaultRequestConfig from its parameter) and
// lets options change the configuration through func values. The
// package names no Idempotency-Key anywhere, so no option of its own
// sets one: its retry of the POST endpoints sends none.
package reqconfig

import (
	"bytes"
	"net/http"
)

type Endpoint struct{ Method, Route string }

func NewEndpoint(method, route string) *Endpoint { return &Endpoint{Method: method, Route: route} }

var (
	GetUser       = NewEndpoint(http.MethodGet, "/users/{id}")
	CreateMessage = NewEndpoint(http.MethodPost, "/messages")
)

type RequestConfig struct {
	Request *http.Request
}

type RequestOpt func(*RequestConfig)

func WithHeader(k, v string) RequestOpt {
	return func(c *RequestConfig) { c.Request.Header.Set(k, v) }
}

func DefaultRequestConfig(rq *http.Request) *RequestConfig {
	return &RequestConfig{Request: rq}
}

type Client struct{ hc *http.Client }

func (c *Client) retry(ep *Endpoint, body []byte, tries int, opts []RequestOpt) error {
	rq, err := http.NewRequest(ep.Method, "https://api.example.com"+ep.Route, bytes.NewReader(body))
	if err != nil {
		return err
	}
	rq.Header.Set("Content-Type", "application/json")
	config := DefaultRequestConfig(rq)
	for _, opt := range opts {
		opt(config)
	}
	rs, err := c.hc.Do(config.Request) // want `R-6: recursive retry of c.hc.Do \(POST\) sends no Idempotency-Key header`
	if err != nil {
		return err
	}
	defer rs.Body.Close()
	if rs.StatusCode == http.StatusTooManyRequests && tries < 5 {
		return c.retry(ep, body, tries+1, opts)
	}
	return nil
}

func (c *Client) Do(ep *Endpoint, body []byte, opts ...RequestOpt) error {
	return c.retry(ep, body, 1, opts)
}
