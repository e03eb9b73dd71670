package retry

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/retrylint/retrylint/policy"
)

// NewTransport returns an http.RoundTripper that sends requests through
// next (http.DefaultTransport when nil) and retries them per p:
//
//	client := &http.Client{Transport: retry.NewTransport(nil, retry.Policy{})}
//
// It retries GET, HEAD, OPTIONS, PUT and DELETE freely, and POST and PATCH
// only with an Idempotency-Key header: when the caller has not set
// one, it adds a fresh UUID v4 (or the key that WithIdempotencyKey put in
// the request's context) and sends the same key on every attempt. A key
// longer than policy.MaxIdempotencyKeyLength is refused as a configuration
// error. Request bodies are replayed with GetBody, which
// http.NewRequest sets for in-memory bodies; a request with a body but no
// GetBody is sent once and never retried. Other methods are never retried.
//
// Responses are classified by status and Retry-After is honoured
// transport errors by Classify's rules. The retry budget
// is per host (the URL's host:port) unless p.Dependency names one
// dependency for all requests. When retrying ends on a response, the
// caller gets that last response, body intact, and a nil error; bodies of
// responses that are retried are drained and closed. A response of 400 or
// more that ends the operation, retryable or not, ends it as a failure
// does in Do: it is logged ("retry: giving up") and counted when retries
// were made or spent, and in the async and webhook contexts dead-lettered
// with the request, its status, attempts and idempotency key. A
// RoundTripper returns no error with a response, so why retrying stopped
// on a response is in the log and the dead letter only; the caller tests
// the status. When retrying ends on an error (connection refused, say),
// RoundTrip returns an *Error wrapping it, which http.Client wraps in a
// *url.Error: errors.Is(err, ErrBudgetExhausted) and the other sentinels
// work on what Client.Do returns, as do errors.Is and errors.As for the
// network error itself. If the dead-letter hook fails, RoundTrip returns
// no response and an error joining an *Error (wrapping a *StatusError for
// a response) with the hook's.
//
// A Policy outside the standard makes every RoundTrip fail with an error
// wrapping ErrInvalidPolicy.
func NewTransport(next http.RoundTripper, p Policy) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &transport{next: next, p: p}
}

type transport struct {
	next http.RoundTripper
	p    Policy
}

func isSafeMethod(m string) bool {
	for _, s := range policy.SafeMethods {
		if m == s {
			return true
		}
	}
	return false
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	p := t.p
	if p.Dependency == "" {
		p.Dependency = req.URL.Host
	}
	var r runner
	if err := r.init(ctx, &p); err != nil {
		closeBody(req)
		return nil, err
	}
	defer r.w.stop()

	method := strings.ToUpper(req.Method)
	if method == "" {
		method = http.MethodGet
	}
	canRetry := isSafeMethod(method)
	if policy.RequiresIdempotencyKey(method) {
		key := req.Header.Get(policy.IdempotencyKeyHeader)
		if key == "" {
			key = IdempotencyKey(ctx)
			if key == "" {
				key = uuid.NewString()
			}
			req = withHeader(req, policy.IdempotencyKeyHeader, key)
		}
		if len(key) > policy.MaxIdempotencyKeyLength {
			closeBody(req)
			return nil, fmt.Errorf("%w: %s header of %d characters exceeds %d (R-6)",
				ErrInvalidPolicy, policy.IdempotencyKeyHeader, len(key), policy.MaxIdempotencyKeyLength)
		}
		r.key = key
		canRetry = true
	}
	if req.Body != nil && req.Body != http.NoBody && req.GetBody == nil {
		canRetry = false // the body cannot be replayed
	}

	for {
		areq := req
		if r.attempts > 0 && req.Body != nil && req.Body != http.NoBody {
			body, err := req.GetBody()
			if err != nil {
				return nil, fmt.Errorf("retry: replaying the request body: %w", err)
			}
			areq = shallowCopy(req)
			areq.Body = body
		}
		actx, cancel := r.begin(ctx)
		if cancel != nil {
			areq = areq.WithContext(actx)
		}
		resp, err := t.next.RoundTrip(areq)
		var o outcome
		if err != nil {
			o = r.classify(err, true)
		} else {
			o = responseOutcome(resp, r.w.now())
			if o.class != policy.Retryable {
				if resp.StatusCode < 400 {
					return withCancel(resp, cancel), nil
				}
				// A failure that is not retried: it ends the
				// operation as in Do, logged, counted and
				// dead-lettered where R-8 wants it.
				r.reason = ReasonNotRetryable
				return r.failRoundTrip(ctx, req, resp, err, o, cancel)
			}
		}
		if !canRetry && o.class == policy.Retryable {
			r.reason = ReasonNotIdempotent
			return r.failRoundTrip(ctx, req, resp, err, o, cancel)
		}
		d, ok := r.next(ctx, o)
		if !ok {
			return r.failRoundTrip(ctx, req, resp, err, o, cancel)
		}
		if resp != nil {
			drain(resp.Body)
		}
		if cancel != nil {
			cancel()
		}
		if !r.w.wait(ctx.Done(), d) {
			if err == nil {
				err = &StatusError{StatusCode: resp.StatusCode}
			}
			return nil, r.canceled(ctx, err)
		}
	}
}

// failRoundTrip ends a round trip that will not be retried again: the
// caller gets the last response, or an *Error wrapping the last error.
func (r *runner) failRoundTrip(ctx context.Context, req *http.Request, resp *http.Response, err error, o outcome, cancel context.CancelFunc) (*http.Response, error) {
	msg := DeadLetterMessage{Request: req}
	if resp != nil {
		msg.StatusCode = resp.StatusCode
	}
	ferr := r.fail(ctx, err, o, &msg)
	if r.dlqFailed {
		// The dead-letter hook failed: surface it rather than drop the
		// message silently.
		if resp != nil {
			drain(resp.Body)
		}
		if cancel != nil {
			cancel()
		}
		return nil, ferr
	}
	if err != nil {
		if cancel != nil {
			cancel()
		}
		return nil, ferr
	}
	return withCancel(resp, cancel), nil
}

// responseOutcome classifies a response by status and reads its
// Retry-After.
func responseOutcome(resp *http.Response, now time.Time) outcome {
	o := outcome{status: resp.StatusCode, class: policy.ClassifyHTTPStatus(resp.StatusCode)}
	if o.class == policy.Unclassified && resp.StatusCode < 400 {
		return o
	}
	o.errType = statusType(resp.StatusCode)
	if v := resp.Header.Get(policy.RetryAfterHeader); v != "" {
		o.retryAfter, o.hasRetryAfter = ParseRetryAfter(v, now)
	}
	return o
}

// withHeader returns a copy of req with one more header; req is left as
// it was, as http.RoundTripper requires.
func withHeader(req *http.Request, name, value string) *http.Request {
	r := shallowCopy(req)
	r.Header = req.Header.Clone()
	if r.Header == nil {
		r.Header = make(http.Header)
	}
	r.Header.Set(name, value)
	return r
}

func shallowCopy(req *http.Request) *http.Request {
	r := new(http.Request)
	*r = *req
	return r
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}

// drain reads a little of a body that is thrown away, so that the
// connection can be reused, and closes it.
func drain(body io.ReadCloser) {
	io.CopyN(io.Discard, body, 4<<10)
	body.Close()
}

// withCancel ties an attempt's context to the response body, so that the
// caller can read the body within the attempt's deadline and the context
// is released when the body is closed.
func withCancel(resp *http.Response, cancel context.CancelFunc) *http.Response {
	if cancel != nil {
		resp.Body = &cancelBody{resp.Body, cancel}
	}
	return resp
}

type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
