// Package rtdefault is a retrying RoundTripper whose attempts go
// through http.DefaultTransport unless the user gives a Base: nothing
// bounds the wait for a response, and only the request's context can
// end the retry.
package rtdefault

import (
	"net/http"
	"time"
)

type Transport struct{ Base http.RoundTripper }

func NewTransport(base http.RoundTripper) *Transport { return &Transport{Base: base} }

// NewClient installs the retrying transport in a client with no
// Timeout: where the missing cap goes.
func NewClient() *http.Client {
	return &http.Client{Transport: NewTransport(nil)} // want `R-3: retry of t.roundTrip is installed in a client with no Timeout here; it has no total duration cap`
}

// NewTimedClient must not be flagged: its Timeout caps every request.
func NewTimedClient() *http.Client {
	return &http.Client{Transport: NewTransport(nil), Timeout: time.Minute}
}

func (t *Transport) roundTrip(req *http.Request) (*http.Response, error) {
	if t.Base == nil {
		return http.DefaultTransport.RoundTrip(req)
	}
	return t.Base.RoundTrip(req)
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	for attempt := 0; ; attempt++ { // want `R-3: retry of t.roundTrip has no total duration cap: attempts via http.DefaultTransport have no timeout; only the caller's deadline stops it`
		resp, err := t.roundTrip(req)
		if err == nil && resp.StatusCode < 500 || attempt >= 3 {
			return resp, err
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
}

// Timed must not be flagged: its attempts go through a transport the
// package builds with a response timeout.
type Timed struct{}

var timedBase = &http.Transport{ResponseHeaderTimeout: 5 * time.Second}

func (t *Timed) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	for attempt := 0; ; attempt++ {
		resp, err := timedBase.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 || attempt >= 3 {
			return resp, err
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
}

// Direct sends http.DefaultTransport's RoundTrip from the loop itself.
type Direct struct{}

func (Direct) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	for attempt := 0; ; attempt++ { // want `R-3: retry of http.DefaultTransport.RoundTrip has no total duration cap: attempts via http.DefaultTransport have no timeout; only the caller's deadline stops it`
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 || attempt >= 3 {
			return resp, err
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
}
