package waitstate

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

// A recursion whose way back runs through a function of the package
// (exec -> doRetry -> exec): each attempt's wait is doRetry's, with its
// parameters bound to exec's arguments, and exec's parameters to the
// arguments doRetry passes back (backoff*2).

type viaClient struct{ hc *http.Client }

func (c *viaClient) exec(ctx context.Context, req *http.Request, retries int, backoff time.Duration) (*http.Response, error) {
	res, err := c.hc.Do(req)
	if err != nil {
		if retries > 0 {
			return c.doRetry(ctx, req, err, retries, backoff)
		}
		return nil, err
	}
	return res, nil
}

func (c *viaClient) doRetry(ctx context.Context, req *http.Request, cause error, retries int, backoff time.Duration) (*http.Response, error) {
	if req.GetBody != nil {
		body, err := req.GetBody() // rewinds the body: prepares the next attempt
		if err != nil {
			return nil, cause
		}
		req.Body = body
	}
	select {
	case <-time.After(backoff): // want `R-1: recursive retry of c\.hc\.Do: its wait doubles \(backoff\) without jitter`
	case <-ctx.Done():
		return nil, cause
	}
	return c.exec(ctx, req, retries-1, backoff*2)
}

// Must not flag: the helper draws full jitter under the doubled ceiling.
type viaJitterClient struct{ hc *http.Client }

func (c *viaJitterClient) exec(ctx context.Context, req *http.Request, retries int, backoff time.Duration) (*http.Response, error) {
	res, err := c.hc.Do(req)
	if err != nil {
		if retries > 0 {
			return c.doRetry(ctx, req, err, retries, backoff)
		}
		return nil, err
	}
	return res, nil
}

func (c *viaJitterClient) doRetry(ctx context.Context, req *http.Request, cause error, retries int, backoff time.Duration) (*http.Response, error) {
	select {
	case <-time.After(rand.N(backoff)):
	case <-ctx.Done():
		return nil, cause
	}
	return c.exec(ctx, req, retries-1, backoff*2)
}

// The way back skips its wait for one cause (a trigger that asks for an
// immediate retry) and caps it with the builtin min: the wait of the
// other paths is still the retry's wait.
var errRetryNow = errors.New("retry now")

type viaSkipClient struct {
	hc         *http.Client
	maxBackoff time.Duration
}

func (c *viaSkipClient) exec(ctx context.Context, req *http.Request, retries int, backoff time.Duration) (*http.Response, error) {
	res, err := c.hc.Do(req)
	if err != nil {
		if retries > 0 {
			return c.doRetry(ctx, req, err, retries, backoff)
		}
		return nil, err
	}
	return res, nil
}

func (c *viaSkipClient) doRetry(ctx context.Context, req *http.Request, cause error, retries int, backoff time.Duration) (*http.Response, error) {
	backoff = min(backoff, c.maxBackoff)
	if !errors.Is(cause, errRetryNow) {
		select {
		case <-time.After(backoff): // want `R-1: recursive retry of c\.hc\.Do: its wait doubles \(backoff\) without jitter`
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return c.exec(ctx, req, retries-1, backoff*2)
}

// Must not flag: the same shape drawing full jitter.
type viaSkipJitterClient struct{ hc *http.Client }

func (c *viaSkipJitterClient) exec(ctx context.Context, req *http.Request, retries int, backoff time.Duration) (*http.Response, error) {
	res, err := c.hc.Do(req)
	if err != nil {
		if retries > 0 {
			return c.doRetry(ctx, req, err, retries, backoff)
		}
		return nil, err
	}
	return res, nil
}

func (c *viaSkipJitterClient) doRetry(ctx context.Context, req *http.Request, cause error, retries int, backoff time.Duration) (*http.Response, error) {
	if !errors.Is(cause, errRetryNow) {
		select {
		case <-time.After(rand.N(backoff)):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return c.exec(ctx, req, retries-1, backoff*2)
}
