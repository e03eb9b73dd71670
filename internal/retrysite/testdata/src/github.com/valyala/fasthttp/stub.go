// Package fasthttp is a stub of github.com/valyala/fasthttp's client API.
package fasthttp

import "time"

type RequestHeader struct{}

func (h *RequestHeader) SetMethod(m string) {}
func (h *RequestHeader) Set(k, v string)    {}

type Request struct{ Header RequestHeader }

func (r *Request) SetRequestURI(u string) {}

type Response struct{}

func (r *Response) StatusCode() int { return 200 }

func AcquireRequest() *Request   { return &Request{} }
func AcquireResponse() *Response { return &Response{} }

type Client struct{}

func (c *Client) Do(req *Request, resp *Response) error { return nil }
func (c *Client) DoTimeout(req *Request, resp *Response, d time.Duration) error {
	return nil
}

func Do(req *Request, resp *Response) error { return nil }

var ErrTimeout error
