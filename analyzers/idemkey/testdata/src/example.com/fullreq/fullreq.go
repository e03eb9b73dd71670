// Package fullreq describes each request in a struct its endpoints
// write as a literal (FullRequest{Method: method, ...}), compiles it with
// a method of that struct and sends it through a recursive retry: the
// POST an endpoint passes is retried without a key, the GET is not.
package fullreq

import (
	"net/http"
	"time"
)

type FullRequest struct {
	Method string
	URL    string
}

type Client struct{ hc *http.Client }

func (p *FullRequest) compile() (*http.Request, error) {
	return http.NewRequest(p.Method, p.URL, nil)
}

func (c *Client) makeFull(params FullRequest) (*http.Response, error) {
	req, err := params.compile()
	if err != nil {
		return nil, err
	}
	return c.exec(req, 3, time.Second)
}

func (c *Client) exec(req *http.Request, retries int, backoff time.Duration) (*http.Response, error) {
	resp, err := c.hc.Do(req) // want `R-6: recursive retry of c.hc.Do \(POST\) sends no Idempotency-Key header`
	if err != nil && retries > 0 {
		time.Sleep(backoff)
		return c.exec(req, retries-1, backoff*2)
	}
	return resp, err
}

func (c *Client) Join() (*http.Response, error) {
	return c.makeFull(FullRequest{Method: http.MethodPost, URL: "https://x/join"})
}

func (c *Client) Whoami() (*http.Response, error) {
	return c.makeFull(FullRequest{Method: http.MethodGet, URL: "https://x/whoami"})
}
