package waitstate

import (
	"context"
	"math"
	"math/rand"
	"net/http"
	"time"
)

// A helper hands the wait back by address (return &d, true), and the
// loop hands time.After(*d) to a helper of the package that selects on
// it and on the context: the wait is d.

type retrySettings struct {
	Base, Multiplier float64
	Jitter           time.Duration
	MaxRetries       int
}

type apiClient struct {
	hc  *http.Client
	cfg retrySettings
}

func newAPIClient() *apiClient {
	return &apiClient{hc: http.DefaultClient, cfg: retrySettings{Base: 2, Multiplier: 2, MaxRetries: 3, Jitter: time.Second}}
}

func (c *apiClient) jitter() time.Duration {
	if c.cfg.Jitter <= 0 {
		return 0
	}
	return time.Duration(rand.Int63n(int64(c.cfg.Jitter)))
}

func (c *apiClient) nextDelay(resp *http.Response, n int) (*time.Duration, bool) {
	if n >= c.cfg.MaxRetries || resp.StatusCode < 500 {
		return nil, false
	}
	d := time.Duration(c.cfg.Base*math.Pow(c.cfg.Multiplier, float64(n))) * time.Second
	d += c.jitter()
	return &d, true
}

func delayElapsed(ctx context.Context, delay <-chan time.Time) bool {
	select {
	case <-ctx.Done():
		return false
	case <-delay:
		return ctx.Err() == nil
	}
}

func (c *apiClient) call(ctx context.Context, req *http.Request) (*http.Response, error) {
	for n := 0; ; n++ {
		resp, err := c.hc.Do(req)
		if err != nil {
			return resp, err
		}
		d, ok := c.nextDelay(resp, n)
		if !ok {
			return resp, nil
		}
		resp.Body.Close()
		if !delayElapsed(ctx, time.After(*d)) { // want `R-1: retry of c\.hc\.Do .*partial jitter`
			return nil, ctx.Err()
		}
	}
}

// Must not flag: the delay handed back by address is drawn from zero up
// to the exponential ceiling (full jitter).

func (c *apiClient) fullDelay(resp *http.Response, n int) (*time.Duration, bool) {
	if n >= c.cfg.MaxRetries || resp.StatusCode < 500 {
		return nil, false
	}
	d := time.Duration(rand.Int63n(int64(time.Second << n)))
	return &d, true
}

func (c *apiClient) callFull(ctx context.Context, req *http.Request) (*http.Response, error) {
	for n := 0; ; n++ {
		resp, err := c.hc.Do(req)
		if err != nil {
			return resp, err
		}
		d, ok := c.fullDelay(resp, n)
		if !ok {
			return resp, nil
		}
		resp.Body.Close()
		if !delayElapsed(ctx, time.After(*d)) {
			return nil, ctx.Err()
		}
	}
}
