package a

import (
	"math/rand/v2"
	"net/http"
	"time"
)

// A retrying RoundTripper whose decision is a func field: the package's
// default (defaultRetryOn, set by newRTPolicy) retries every error,
// certificate errors included; WithRetryOn lets the user give another,
// which is the user's choice, not the package's default.

type rtPolicy struct {
	attempts int
	retryOn  func(*http.Response, error) bool
}

func defaultRetryOn(res *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return res.StatusCode == http.StatusServiceUnavailable
}

func newRTPolicy() *rtPolicy {
	return &rtPolicy{attempts: 3, retryOn: defaultRetryOn}
}

type RTOption func(*rtPolicy)

func WithRetryOn(fn func(*http.Response, error) bool) RTOption {
	return func(p *rtPolicy) {
		if fn != nil {
			p.retryOn = fn
		}
	}
}

type rtTransport struct {
	base   http.RoundTripper
	policy *rtPolicy
}

func (t *rtTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var (
		res *http.Response
		err error
	)
	for attempt := 0; attempt < t.policy.attempts; attempt++ { // want `R-9: retry of t\.base\.RoundTrip retries every error, TLS certificate errors included`
		res, err = t.base.RoundTrip(req)
		if !t.policy.retryOn(res, err) {
			return res, err
		}
		time.Sleep(rand.N(100 * time.Millisecond << attempt))
	}
	return res, err
}

// Must not flag: the default decision stops on every error.

type statusPolicy struct {
	attempts int
	retryOn  func(*http.Response, error) bool
}

func statusOnly(res *http.Response, err error) bool {
	return err == nil && res.StatusCode == http.StatusServiceUnavailable
}

func newStatusPolicy() *statusPolicy {
	return &statusPolicy{attempts: 3, retryOn: statusOnly}
}

type statusTransport struct {
	base   http.RoundTripper
	policy *statusPolicy
}

func (t *statusTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var (
		res *http.Response
		err error
	)
	for attempt := 0; attempt < t.policy.attempts; attempt++ {
		res, err = t.base.RoundTrip(req)
		if !t.policy.retryOn(res, err) {
			return res, err
		}
		time.Sleep(rand.N(100 * time.Millisecond << attempt))
	}
	return res, err
}
