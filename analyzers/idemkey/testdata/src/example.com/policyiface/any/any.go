// Package any is a retrying RoundTripper that asks a policy interface
// whether to go round: the package's one implementation, the default,
// retries whatever request it is handed, POST included, and the body is
// rewound for the replay: R-6 at the transport.
package any

import (
	"net/http"
	"time"
)

type Policy interface {
	Retry(attempt int, resp *http.Response, err error) (time.Duration, error)
}

var DefaultPolicy Policy = &Generic{MaxRetry: 3}

type Generic struct{ MaxRetry int }

func (p *Generic) Retry(attempt int, resp *http.Response, err error) (time.Duration, error) {
	if attempt >= p.MaxRetry {
		return -1, nil
	}
	if err != nil || resp.StatusCode >= 500 {
		return time.Second << attempt, nil
	}
	return -1, nil
}

type Transport struct {
	Base   http.RoundTripper
	Policy Policy
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	policy := t.Policy
	if policy == nil {
		policy = DefaultPolicy
	}
	for attempt := 0; ; attempt++ {
		resp, respErr := t.Base.RoundTrip(req) // want `R-6: retry of t.Base.RoundTrip retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header`
		d, err := policy.Retry(attempt, resp, respErr)
		if err != nil {
			return nil, err
		}
		if d < 0 {
			return resp, respErr
		}
		if req.Body != nil {
			if req.GetBody == nil {
				return resp, respErr
			}
			body, err := req.GetBody()
			if err != nil {
				return resp, respErr
			}
			req.Body = body
		}
		time.Sleep(d)
	}
}
