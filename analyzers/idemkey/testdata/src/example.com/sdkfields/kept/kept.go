// Package kept is an SDK core that keeps each request's method in its
// own request type (req.method, written by NewRequest from the method its
// callers pass) and sends through a retrying client kept in a field: the
// retry may send the POST, and the finding goes where the client's retry
// policy is set when the sends cannot see the client (configpolicy), at
// the send when they can (here: one write, only the library's
// operations on it).
package kept

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	client *retryablehttp.Client
}

func NewClient() *Client {
	r := retryablehttp.NewClient()
	r.RetryMax = 3
	return &Client{client: r}
}

type Request struct {
	method  string
	url     string
	request *retryablehttp.Request
}

func (c *Client) NewRequest(method, url string) (*Request, error) {
	req := &Request{method: method, url: url}
	var err error
	req.request, err = retryablehttp.NewRequest(req.method, url, nil)
	if err != nil {
		return nil, err
	}
	return req, nil
}

func (r *Request) makeRequest() *retryablehttp.Request {
	r.request.Header.Set("User-Agent", "kept")
	return r.request
}

func (c *Client) do(req *Request) (*http.Response, error) {
	return c.client.Do(req.makeRequest()) // want `R-6: go-retryablehttp retry of c.client.Do \(POST\) sends no Idempotency-Key header`
}

func (c *Client) Get(url string) (*http.Response, error) {
	req, err := c.NewRequest(http.MethodGet, url)
	if err != nil {
		return nil, err
	}
	return c.do(req)
}

func (c *Client) Post(url string) (*http.Response, error) {
	req, err := c.NewRequest(http.MethodPost, url) // the method is POST here
	if err != nil {
		return nil, err
	}
	return c.do(req)
}
