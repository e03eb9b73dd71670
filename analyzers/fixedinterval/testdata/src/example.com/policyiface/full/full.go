// Package full must not be flagged: the same RoundTripper whose default
// backoff draws the whole wait from [0, step) (full jitter).
package full

import (
	"math"
	"math/rand/v2"
	"net/http"
	"time"
)

type Policy interface {
	Retry(attempt int, resp *http.Response, err error) (time.Duration, error)
}

type Predicate func(resp *http.Response, err error) (bool, error)

type Backoff func(attempt int) time.Duration

var DefaultPredicate Predicate = func(resp *http.Response, err error) (bool, error) {
	if err != nil {
		return true, nil
	}
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500, nil
}

var DefaultBackoff Backoff = Exponential(250*time.Millisecond, 2, 0.1)

func Exponential(base time.Duration, factor, _ float64) Backoff {
	return func(attempt int) time.Duration {
		temp := float64(base) * math.Pow(factor, float64(attempt))
		d := time.Duration(0)
		if r := int64(temp); r > 0 {
			d += time.Duration(rand.Int64N(r))
		}
		return d
	}
}

var DefaultPolicy Policy = &Generic{Retryable: DefaultPredicate, Backoff: DefaultBackoff, MaxWait: 30 * time.Second, MaxRetry: 5}

type Generic struct {
	Retryable Predicate
	Backoff   Backoff
	MaxWait   time.Duration
	MaxRetry  int
}

func (p *Generic) Retry(attempt int, resp *http.Response, err error) (time.Duration, error) {
	if attempt >= p.MaxRetry {
		return -1, nil
	}
	if ok, err := p.Retryable(resp, err); err != nil {
		return -1, err
	} else if !ok {
		return -1, nil
	}
	d := p.Backoff(attempt)
	if d > p.MaxWait {
		d = p.MaxWait
	}
	return d, nil
}

type Transport struct {
	Base   http.RoundTripper
	Policy func() Policy
}

func (t *Transport) policy() Policy {
	if t.Policy == nil {
		return DefaultPolicy
	}
	return t.Policy()
}

func (t *Transport) roundTrip(req *http.Request) (*http.Response, error) {
	if t.Base == nil {
		return http.DefaultTransport.RoundTrip(req)
	}
	return t.Base.RoundTrip(req)
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	policy := t.policy()
	attempt := 0
	for {
		resp, respErr := t.roundTrip(req)
		d, err := policy.Retry(attempt, resp, respErr)
		if err != nil {
			return nil, err
		}
		if d < 0 {
			return resp, respErr
		}
		if respErr == nil {
			resp.Body.Close()
		}
		timer := time.NewTimer(d)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-timer.C:
		}
		attempt++
	}
}
