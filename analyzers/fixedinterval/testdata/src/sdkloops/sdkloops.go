// Package sdkloops: the request loops generated SDKs write by hand, with
// their backoff computed in floats after honouring Retry-After.
package sdkloops

import (
	"context"
	"math"
	"math/rand"
	"net/http"
	"strconv"
	"time"
)

const defaultMaxDelay = 8 * time.Second

func shouldRetry(res *http.Response, err error) bool {
	if err != nil || res == nil {
		return true
	}
	if v := res.Header.Get("x-should-retry"); v != "" {
		return v == "true"
	}
	return res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500
}

func parseRetryAfter(res *http.Response, maxDelay time.Duration) (time.Duration, bool, bool) {
	if res == nil {
		return 0, false, false
	}
	v := res.Header.Get("Retry-After")
	if v == "" {
		return 0, false, false
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, false, false
	}
	d := time.Duration(n * float64(time.Second))
	return d, true, d > maxDelay
}

// retryDelay: 0.5s*2^n capped, minus at most a quarter: partial jitter.
func retryDelay(res *http.Response, n int, maxDelay time.Duration) (time.Duration, bool) {
	if d, ok, exceeds := parseRetryAfter(res, maxDelay); ok {
		return d, !exceeds
	}
	if maxDelay <= 0 {
		maxDelay = defaultMaxDelay
	}
	backoff := 0.5 * float64(time.Second) * math.Pow(2, float64(n))
	var delay time.Duration
	if math.IsInf(backoff, 0) || backoff >= float64(maxDelay) {
		delay = maxDelay
	} else {
		delay = time.Duration(backoff)
	}
	if jitterRange := int64(delay / 4); jitterRange > 0 {
		delay -= time.Duration(rand.Int63n(jitterRange))
	}
	return delay, true
}

type requestConfig struct {
	client     *http.Client
	req        *http.Request
	maxRetries int
	maxDelay   time.Duration
}

func (cfg *requestConfig) execute(ctx context.Context) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; retryCount <= cfg.maxRetries; retryCount++ {
		res, err = cfg.client.Do(cfg.req.Clone(ctx))
		if !shouldRetry(res, err) || retryCount >= cfg.maxRetries {
			break
		}
		delay, retry := retryDelay(res, retryCount, cfg.maxDelay)
		if !retry {
			break
		}
		time.Sleep(delay) // want `R-1: retry of cfg\.client\.Do uses partial jitter: every wait is at least 75% of the backoff`
	}
	return res, err
}

// fullDelay draws over the whole window: full jitter, compliant.
func fullDelay(res *http.Response, n int) time.Duration {
	if d, ok, _ := parseRetryAfter(res, time.Minute); ok {
		return d
	}
	backoff := math.Min(float64(30*time.Second), float64(time.Second)*math.Pow(2, float64(n)))
	return time.Duration(rand.Float64() * backoff)
}

func (cfg *requestConfig) executeFull(ctx context.Context) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; retryCount <= 3; retryCount++ {
		res, err = cfg.client.Do(cfg.req.Clone(ctx))
		if !shouldRetry(res, err) {
			break
		}
		time.Sleep(fullDelay(res, retryCount))
	}
	return res, err
}

// Must not flag: the loop waits only the server's Retry-After, and
// leaves when there is none: it never picks a wait of its own.
func (cfg *requestConfig) honourOnly(ctx context.Context) (*http.Response, error) {
	for {
		res, err := cfg.client.Do(cfg.req.Clone(ctx))
		if err != nil {
			return nil, err
		}
		d, ok, _ := parseRetryAfter(res, time.Minute)
		if !ok {
			return res, nil
		}
		time.Sleep(d)
	}
}
