// Package plain is the same SDK core with only GET and PUT requests: its
// retrying client repeats nothing that needs a key.
package plain

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
	request *retryablehttp.Request
}

func (c *Client) NewRequest(method, url string) (*Request, error) {
	req := &Request{method: method}
	var err error
	req.request, err = retryablehttp.NewRequest(req.method, url, nil)
	return req, err
}

func (c *Client) do(req *Request) (*http.Response, error) {
	return c.client.Do(req.request)
}

func (c *Client) Get(url string) (*http.Response, error) {
	req, err := c.NewRequest(http.MethodGet, url)
	if err != nil {
		return nil, err
	}
	return c.do(req)
}

func (c *Client) Put(url string) (*http.Response, error) {
	req, err := c.NewRequest(http.MethodPut, url)
	if err != nil {
		return nil, err
	}
	return c.do(req)
}
