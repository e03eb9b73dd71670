package statusmap

import (
	"net/http"
	"time"
)

// A client error R-4 does not name is named in the message when it is one
// of one or two: a reader looks for 418, not for "4xx client errors".
func teapot(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ { // want `R-4: retry of c\.Do retries 418 \(resp\.StatusCode == http\.StatusTeapot`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTeapot || resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			if i >= 3 {
				return nil, err
			}
			time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
			continue
		}
		return resp, nil
	}
}

// Must not flag: 425 Too Early asks the client to send the request again
// once its TLS handshake is complete (RFC 8470 section 5.2); R-4 does not
// name it, and retrying it is what the server asks for.
func tooEarly(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooEarly || resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			if i >= 3 {
				return nil, err
			}
			time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
			continue
		}
		return resp, nil
	}
}
