// Package middleware holds RoundTrippers that retry the request they are
// handed (issue 32 point 3): the method is whatever callers use.
package middleware

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"io"
	"math/rand"
	"net/http"
	"time"
)

type policy struct {
	maxAttempts int
	condition   func(*http.Response, error) bool
}

// retrier retries every request, POST and PATCH included: R-6.
type retrier struct {
	base   http.RoundTripper
	policy *policy
}

func (r *retrier) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(req.Context(), 30*time.Second)
	defer cancel()
	req = req.WithContext(ctx)
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
	}
	var lastRes *http.Response
	var lastErr error
	for attempt := 0; attempt < r.policy.maxAttempts; attempt++ {
		if body != nil {
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
		res, err := r.base.RoundTrip(req) // want `R-6: .* retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header`
		if err == nil && res.StatusCode < 500 {
			return res, nil
		}
		lastRes, lastErr = res, err
		d := time.Duration(rand.Int63n(int64(100*time.Millisecond) << attempt))
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(d):
		}
	}
	return lastRes, lastErr
}

func isIdempotent(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// rewinder lets a request with a body be retried whatever its method: the
// method test is overridden by the rewind, so it filters nothing: R-6.
type rewinder struct{ base http.RoundTripper }

func (r rewinder) RoundTrip(req *http.Request) (*http.Response, error) {
	var rewind func() io.ReadCloser
	if req.GetBody != nil {
		rewind = func() io.ReadCloser { b, _ := req.GetBody(); return b }
	}
	ok := isIdempotent(req.Method) || rewind != nil
	for attempt := 0; ; attempt++ {
		if attempt > 0 && rewind != nil {
			req.Body = rewind()
		}
		res, err := r.base.RoundTrip(req) // want `R-6: .* retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header`
		if err == nil || !ok || attempt == 3 {
			return res, err
		}
		time.Sleep(time.Duration(rand.Int63n(int64(200*time.Millisecond) << attempt)))
	}
}

// safeOnly retries only idempotent methods: the trap guards a method
// filter through a helper, tested before the loop (no R-6).
type safeOnly struct{ base http.RoundTripper }

func (s safeOnly) RoundTrip(req *http.Request) (*http.Response, error) {
	if !isIdempotent(req.Method) {
		return s.base.RoundTrip(req)
	}
	for attempt := 0; ; attempt++ {
		res, err := s.base.RoundTrip(req)
		if err == nil || attempt == 3 {
			return res, err
		}
		time.Sleep(time.Duration(rand.Int63n(int64(200*time.Millisecond) << attempt)))
	}
}

// getOnly tests the method inside the loop, with && of comparisons: the
// trap guards a filter whose terms are all the method's (no R-6).
type getOnly struct{ base http.RoundTripper }

func (g getOnly) RoundTrip(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		res, err := g.base.RoundTrip(req)
		if err == nil || attempt == 3 {
			return res, err
		}
		if req.Method != http.MethodGet && req.Method != http.MethodHead {
			return res, err
		}
		time.Sleep(time.Duration(rand.Int63n(int64(200*time.Millisecond) << attempt)))
	}
}

// keyed sets a key once, before its retries: the trap guards the key
// tracing of a handed request (no R-6).
type keyed struct{ base http.RoundTripper }

func (k keyed) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("Idempotency-Key", newKey())
	for attempt := 0; ; attempt++ {
		res, err := k.base.RoundTrip(req)
		if err == nil || attempt == 3 {
			return res, err
		}
		time.Sleep(time.Duration(rand.Int63n(int64(200*time.Millisecond) << attempt)))
	}
}

func newKey() string {
	b := make([]byte, 16)
	_, _ = crand.Read(b)
	return hex.EncodeToString(b)
}

// logger never retries: the trap guards a RoundTripper that is no site.
type logger struct{ base http.RoundTripper }

func (l logger) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := l.base.RoundTrip(req)
	if err != nil {
		println("failed", req.Method)
	}
	return res, err
}

// fieldPolicy decides through a func field: the package's constructor
// defaults it to retryAny, an exported option lets the user replace it.
// The loop is a retry through that default (interp's ValueFunc): R-6.
type fieldPolicy struct {
	base      http.RoundTripper
	condition func(*http.Response, error) bool
}

func newFieldPolicy(base http.RoundTripper) *fieldPolicy {
	return &fieldPolicy{base: base, condition: retryAny}
}

// WithCondition is the user's: its value is not the package's default.
func WithCondition(p *fieldPolicy, fn func(*http.Response, error) bool) {
	p.condition = fn
}

func retryAny(res *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return res.StatusCode == http.StatusServiceUnavailable
}

func (p *fieldPolicy) RoundTrip(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		res, err := p.base.RoundTrip(req) // want `R-6: .* retries whatever request it is handed, POST and PATCH included, and sends no Idempotency-Key header`
		if !p.condition(res, err) || attempt == 3 {
			return res, err
		}
		time.Sleep(time.Duration(rand.Int63n(int64(200*time.Millisecond) << attempt)))
	}
}

var _ = newFieldPolicy

// closureFilter tests the method inside the attempt's closure: the trap
// guards a filter found in a function literal (no R-6).
type closureFilter struct{ base http.RoundTripper }

func (c closureFilter) RoundTrip(in *http.Request) (out *http.Response, err error) {
	attempt := func() bool {
		out, err = c.base.RoundTrip(in)
		if in.Method == http.MethodPost || in.Method == http.MethodPatch {
			return true
		}
		return err == nil
	}
	for i := 0; i < 3 && !attempt(); i++ {
		time.Sleep(time.Duration(rand.Int63n(int64(200*time.Millisecond) << i)))
	}
	return out, err
}
