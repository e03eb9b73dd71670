// Package getonly must not be flagged: the same RoundTripper whose
// policy, the package's one implementation, retries only GET and HEAD.
package getonly

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
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.Base.RoundTrip(req)
	}
	for attempt := 0; ; attempt++ {
		resp, respErr := t.Base.RoundTrip(req)
		d, err := policy.Retry(attempt, resp, respErr)
		if err != nil {
			return nil, err
		}
		if d < 0 {
			return resp, respErr
		}
		time.Sleep(d)
	}
}
