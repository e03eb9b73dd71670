// Package sdkloops holds the request loops that generated SDKs write by
// hand (issue 15).
package sdkloops

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand"
	"net/http"
	"strconv"
	"time"
)

type config struct {
	client     *http.Client
	req        *http.Request
	maxRetries int
	timeout    time.Duration
}

func newConfig(c *http.Client, req *http.Request) *config {
	return &config{client: c, req: req, maxRetries: 2}
}

func retryHeader(res *http.Response) (retry bool, ok bool) {
	switch res.Header.Get("x-should-retry") {
	case "true":
		return true, true
	case "false":
		return false, true
	default:
		return false, false
	}
}

func shouldRetry(req *http.Request, res *http.Response) bool {
	if req.Body != nil && req.GetBody == nil {
		return false
	}
	if res == nil {
		return true
	}
	if retry, ok := retryHeader(res); ok {
		return retry
	}
	return res.StatusCode == http.StatusConflict || res.StatusCode >= 500
}

// parseRetryAfter reads the server's advice, in the order of preference
// of the headers.
func parseRetryAfter(res *http.Response) (time.Duration, bool) {
	if res == nil {
		return 0, false
	}
	type header struct {
		name  string
		units time.Duration
	}
	for _, h := range []header{{"Retry-After-Ms", time.Millisecond}, {"Retry-After", time.Second}} {
		v := res.Header.Get(h.name)
		if v == "" {
			continue
		}
		if n, err := strconv.ParseFloat(v, 64); err == nil {
			return time.Duration(n * float64(h.units)), true
		}
	}
	return 0, false
}

func retryDelay(res *http.Response, n int) time.Duration {
	if d, ok := parseRetryAfter(res); ok {
		return max(0, d)
	}
	maxDelay := 8 * time.Second
	delay := time.Duration(0.5 * float64(time.Second) * math.Pow(2, float64(n)))
	if delay > maxDelay {
		delay = maxDelay
	}
	jitter := rand.Int63n(int64(delay / 4))
	delay -= time.Duration(jitter)
	return delay
}

func readBody(res *http.Response) ([]byte, error) {
	if res.Body == nil {
		return nil, nil
	}
	contents, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("reading the body: %w", err)
	}
	return contents, nil
}

func bufferBody(res *http.Response) error {
	_, err := readBody(res)
	if err != nil {
		return err
	}
	return nil
}

// send reads the body of the response that ends the call as part of the
// attempt: a body that fails to read is retried like a lost connection.
func (cfg *config) send(ctx context.Context) (*http.Response, error) {
	var res *http.Response
	var err error
	var cancel context.CancelFunc
	for retryCount := 0; ; retryCount++ { // want `loop ctx=sync retries=2`
		callerCtx := ctx
		ctx := callerCtx
		if cancel != nil {
			cancel()
			cancel = nil
		}
		if cfg.timeout != 0 {
			ctx, cancel = context.WithTimeout(callerCtx, cfg.timeout)
		}
		lastAttempt := retryCount >= cfg.maxRetries
		res, err = cfg.client.Do(cfg.req.Clone(ctx))
		retry := shouldRetry(cfg.req, res)
		var readErr error
		if err == nil && res != nil && (lastAttempt || !retry) {
			readErr = bufferBody(res)
		}
		if callerErr := callerCtx.Err(); callerErr != nil {
			return nil, callerErr
		}
		// The attempt's own timeout expired: retried like a lost connection.
		if ctxErr := ctx.Err(); ctxErr != nil {
			res, err, readErr = nil, ctxErr, nil
			retry = shouldRetry(cfg.req, nil)
		}
		if readErr != nil {
			err = readErr
			retry = shouldRetry(cfg.req, nil)
		}
		if lastAttempt || !retry {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(retryDelay(res, retryCount)): // want `after partial jitter: partial jitter: every wait is at least 75% of the backoff, which doubles from 437.5ms up to 8s \[attempt retryCount\]`
		}
	}
	return res, err
}

const defaultMaxDelay = 8 * time.Second

// parseRetryAfterLimit also says whether the server's wait is too long.
func parseRetryAfterLimit(res *http.Response, maxDelay time.Duration) (time.Duration, bool, bool) {
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

// retryDelayLimit gives up when the server asks for too long a wait.
func retryDelayLimit(res *http.Response, n int, maxDelay time.Duration) (time.Duration, bool) {
	if d, ok, exceeds := parseRetryAfterLimit(res, maxDelay); ok {
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

type options struct {
	maxRetries int
	maxDelay   time.Duration
}

func execute(ctx context.Context, c *http.Client, req *http.Request, o options) (*http.Response, error) {
	var res *http.Response
	var err error
	for retryCount := 0; retryCount <= o.maxRetries; retryCount++ { // want `loop ctx=sync bound=\?`
		res, err = c.Do(req.Clone(ctx))
		if !shouldRetry(req, res) || retryCount >= o.maxRetries {
			break
		}
		delay, retry := retryDelayLimit(res, retryCount, o.maxDelay)
		if !retry {
			break
		}
		time.Sleep(delay) // want `sleep partial jitter: partial jitter: every wait is at least 75% of the backoff, which doubles from 437.5ms \[attempt retryCount\]`
	}
	return res, err
}

// Must not flag: a poll that reads the body of every response and comes
// back until it says ready; reading the body succeeds, its content is
// unknown.
func waitReady(c *http.Client, req *http.Request) error {
	for {
		res, err := c.Do(req)
		if err != nil {
			return err
		}
		body, err := readBody(res)
		if err != nil {
			return err
		}
		if string(body) == "ready" {
			return nil
		}
		time.Sleep(time.Second)
	}
}

var errPending = fmt.Errorf("pending")

// checkDone turns a body that is not done into an error.
func checkDone(res *http.Response) error {
	body, err := readBody(res)
	if err != nil {
		return err
	}
	if string(body) != "done" {
		return errPending
	}
	return nil
}

// Must not flag: a poll whose check of the response, a function of the
// package, gives an error until the job is done.
func waitDone(c *http.Client, req *http.Request) error {
	for {
		res, err := c.Do(req)
		if err != nil {
			return err
		}
		if err := checkDone(res); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func serverSaysRetry(res *http.Response) bool {
	return res != nil && res.Header.Get("x-should-retry") == "true"
}

// Must not flag: the loop goes back only when the server says so in a
// header; on the responses the model tries, it leaves.
func serverDriven(c *http.Client, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < 3; n++ {
		res, err = c.Do(req)
		if err != nil || !serverSaysRetry(res) {
			break
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// Must not flag: a loop that waits only when the server sends
// Retry-After, and leaves otherwise.
func honourOnly(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		res, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		d, ok := parseRetryAfter(res)
		if !ok {
			return res, nil
		}
		time.Sleep(d)
	}
}

type page struct {
	Next string
}

// Must not flag: pagination; the next page is read from the body.
func allPages(c *http.Client, url string) ([][]byte, error) {
	var out [][]byte
	for url != "" {
		res, err := c.Get(url)
		if err != nil {
			return nil, err
		}
		body, err := readBody(res)
		if err != nil {
			return nil, err
		}
		out = append(out, body)
		url = res.Header.Get("Link")
	}
	return out, nil
}

func waitFor(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// handshake retries only a 401 the server marks retryable; the wait is
// on that path.
func handshake(ctx context.Context, c *http.Client, req *http.Request, o options) (*http.Response, error) {
	for retryCount := 0; ; retryCount++ { // want `loop ctx=sync bound=\?`
		response, err := c.Do(req.Clone(ctx))
		if err == nil && response != nil && response.StatusCode == http.StatusUnauthorized &&
			response.Header.Get("X-Should-Retry") == "true" && retryCount < o.maxRetries {
			if delay, retry := retryDelayLimit(response, retryCount, o.maxDelay); retry {
				if waitErr := waitFor(ctx, delay); waitErr != nil { // want `helper partial jitter: partial jitter: every wait is at least 75% of the backoff, which doubles from 437.5ms \[attempt retryCount\]`
					return nil, waitErr
				}
				continue
			}
		}
		return response, err
	}
}
