// Package anyreq retries a request its users describe in an exported
// type whose Method the package never writes: any method, POST and
// PATCH included, replayed without a key.
package anyreq

import (
	"bytes"
	"net/http"
	"time"
)

type Req struct {
	Method string
	URL    string
	Body   []byte
}

type Client struct{ hc *http.Client }

func (c *Client) Do(req *Req) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var r *http.Request
		r, err = http.NewRequest(req.Method, req.URL, bytes.NewReader(req.Body))
		if err != nil {
			return nil, err
		}
		var resp *http.Response
		resp, err = c.hc.Do(r) // want `R-6: retry of c.hc.Do retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second << i)
	}
	return nil, err
}
