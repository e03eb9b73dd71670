// Package retry is a stub of github.com/retrylint/retrylint/retry for analysistest (GOPATH mode).
// Signatures are copied from the package; only the API the analyzers look at is kept, and bodies
// return zero values.
package retry

import (
	"context"
	"net/http"
	"time"

	"github.com/retrylint/retrylint/policy"
)

type Jitter int

const (
	FullJitter Jitter = iota
	DecorrelatedJitter
)

type Policy struct {
	Context         policy.Context
	MaxRetries      int
	MaxDuration     time.Duration
	BaseDelay       time.Duration
	MaxDelay        time.Duration
	Jitter          Jitter
	WebhookSchedule bool
	AttemptTimeout  time.Duration
	Service         string
	Dependency      string
	DeadLetter      func(ctx context.Context, m DeadLetterMessage) error
	DeadLetterQueue string
}

type DeadLetterMessage struct {
	Attempts int
	Err      error
}

func Do(ctx context.Context, p Policy, op func(context.Context) error) error { return nil }

func DoValue[T any](ctx context.Context, p Policy, op func(context.Context) (T, error)) (T, error) {
	var zero T
	return zero, nil
}

func NewTransport(next http.RoundTripper, p Policy) http.RoundTripper { return nil }

func WithIdempotencyKey(ctx context.Context, key string) context.Context { return ctx }

func IdempotencyKey(ctx context.Context) string { return "" }

func Retryable(err error) error { return err }

func Permanent(err error) error { return err }

type StatusError struct {
	StatusCode int
	RetryAfter string
}

func (e *StatusError) Error() string { return "" }

func CheckResponse(resp *http.Response) error { return nil }
