// Package ownreq must not be flagged: the package writes every method
// its request type holds, and only GET.
package ownreq

import (
	"net/http"
	"time"
)

type Req struct {
	Method string
	URL    string
}

func NewGet(url string) *Req { return &Req{Method: http.MethodGet, URL: url} }

type Client struct{ hc *http.Client }

func (c *Client) Do(req *Req) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var r *http.Request
		r, err = http.NewRequest(req.Method, req.URL, nil)
		if err != nil {
			return nil, err
		}
		var resp *http.Response
		resp, err = c.hc.Do(r)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return nil, err
}
