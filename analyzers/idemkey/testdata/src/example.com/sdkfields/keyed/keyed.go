// Package keyed keeps its requests in a field and sets an
// Idempotency-Key on them where the trace cannot follow: the package
// names the header, so the requests may carry one.
package keyed

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	client *retryablehttp.Client
}

func NewClient() *Client {
	r := retryablehttp.NewClient()
	return &Client{client: r}
}

type Request struct {
	method  string
	request *retryablehttp.Request
}

func (c *Client) NewRequest(method, url, key string) (*Request, error) {
	req := &Request{method: method}
	var err error
	req.request, err = retryablehttp.NewRequest(req.method, url, nil)
	if err != nil {
		return nil, err
	}
	req.setHeader("Idempotency-Key", key)
	return req, nil
}

func (r *Request) setHeader(k, v string) { r.request.Header.Set(k, v) }

func (c *Client) Post(url, key string) (*http.Response, error) {
	req, err := c.NewRequest(http.MethodPost, url, key)
	if err != nil {
		return nil, err
	}
	return c.client.Do(req.request)
}
