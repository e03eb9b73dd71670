// Package nestedretry: a loop whose attempt is a retry decision that
// sends through a go-retryablehttp client the package keeps: each attempt
// is a whole retry of the client's, and the loop's count is the client's
// RetryMax the decision tests its counter against.
package nestedretry

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type apiError interface {
	error
	Retryable() bool
}

type bodyError struct{ code string }

func (e *bodyError) Error() string   { return e.code }
func (e *bodyError) Retryable() bool { return e.code == "TIMEOUT" }

func decode(resp *http.Response) apiError { return &bodyError{code: resp.Header.Get("X-Error")} }

var errMaxRetries = errors.New("max retries")

type Client struct {
	client *retryablehttp.Client
}

func NewClient() *Client {
	hc := http.Client{Timeout: 10 * time.Second}
	r := retryablehttp.NewClient() // want `R-3: go-retryablehttp retry policy can take`
	r.HTTPClient = &hc
	r.RetryMax = 2
	return &Client{client: r}
}

// innerDo sends once through the retrying client and decides the loop's
// retry: while the body says TIMEOUT, under RetryMax, it waits and says
// again.
func (c *Client) innerDo(req *retryablehttp.Request, i int) (*http.Response, bool, error) {
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	remain := c.client.RetryMax - i
	if remain <= 0 {
		return resp, false, errMaxRetries
	}
	time.Sleep(time.Second) // want `R-3: retry of c\.innerDo waits here to go again; it can take 3 attempts, each a go-retryablehttp retry of up to`
	return nil, true, nil
}

func (c *Client) Do(req *retryablehttp.Request) (*http.Response, error) {
	for i := 0; ; i++ { // want `R-3: retry of c\.innerDo can take 3 attempts, each a go-retryablehttp retry of up to`
		resp, again, err := c.innerDo(req, i)
		if again {
			continue
		}
		return resp, err
	}
}

func (c *Client) Get(ctx context.Context, url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// A client whose RetryMax the user gives: the decision's count is not
// known, nor the loop's, and no product is judged.
type UserClient struct {
	client *retryablehttp.Client
}

func NewUserClient(retries int) *UserClient {
	hc := http.Client{Timeout: 10 * time.Second}
	r := retryablehttp.NewClient()
	r.HTTPClient = &hc
	r.RetryMax = retries
	return &UserClient{client: r}
}

func (c *UserClient) innerDo(req *retryablehttp.Request, i int) (*http.Response, bool, error) {
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, false, err
	}
	e := decode(resp)
	if !e.Retryable() {
		return resp, false, nil
	}
	remain := c.client.RetryMax - i
	if remain <= 0 {
		return resp, false, errMaxRetries
	}
	time.Sleep(time.Second)
	return nil, true, nil
}

func (c *UserClient) Do(req *retryablehttp.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, again, err := c.innerDo(req, i)
		if again {
			continue
		}
		return resp, err
	}
}
