package retry

import (
	"context"
	"net/http"
	"time"

	"github.com/retrylint/retrylint/policy"
)

// Labels name who retries against what, for metrics.
type Labels struct {
	Service    string
	Dependency string
}

// Metrics receives the metrics R-10 requires. The retryprom package
// implements it with Prometheus collectors named as in policy
// (policy.MetricRetryAttempts and the others). Implementations must be
// safe for concurrent use and should not block.
type Metrics interface {
	// RetryAttempt counts a retry attempt about to be made
	// (retry_attempts_total by service, dependency, attempt_number);
	// attempt is its number, 2 for the first retry.
	RetryAttempt(l Labels, attempt int)
	// RetryExhausted counts an operation that failed with a retryable
	// error and will not be retried again: retries, duration or budget
	// spent, or a Retry-After past the deadline (retry_exhausted_total).
	RetryExhausted(l Labels)
	// RetryBackoff observes a wait before a retry
	// (retry_backoff_duration_seconds).
	RetryBackoff(l Labels, d time.Duration)
	// BudgetUtilization sets the dependency's retry budget utilization
	// (retry_budget_utilization_ratio), after each budget check.
	BudgetUtilization(l Labels, ratio float64)
	// DeadLetter counts a message routed to a dead-letter queue
	// (dlq_messages_total by queue).
	DeadLetter(queue string)
}

// Why retrying stopped, as DeadLetterMessage.Reason and the "reason" log
// field give it.
const (
	ReasonNotRetryable  = "not_retryable"     // the error is not retryable
	ReasonExhausted     = "retries_exhausted" // MaxRetries retries were made
	ReasonDNS           = "dns_attempts"      // a DNS failure after policy.MaxDNSAttempts attempts
	ReasonDuration      = "duration_exceeded" // the next wait would pass MaxDuration or the context deadline
	ReasonRetryAfter    = "retry_after"       // Retry-After asks for longer than is left
	ReasonBudget        = "budget_exhausted"  // the retry budget is spent
	ReasonNotIdempotent = "not_idempotent"    // the request cannot be retried safely
	ReasonCanceled      = "canceled"          // the caller's context ended
)

// A DeadLetterMessage is the retry metadata handed to a Policy's
// DeadLetter hook after the final attempt. The hook owns the payload:
// it is the closure that the caller wrote, so it stores the message it is
// processing together with this metadata. For the transport, Request holds
// the original request: its headers, and GetBody for its payload.
type DeadLetterMessage struct {
	Context        policy.Context
	Service        string
	Dependency     string
	Queue          string
	CorrelationID  string
	IdempotencyKey string
	Attempts       int // attempts made, the first one included
	MaxAttempts    int
	FirstAttempt   time.Time
	LastAttempt    time.Time
	Err            error  // the final error (a *StatusError for an HTTP status)
	ErrorType      string // its class, as logged
	Reason         string // why retrying stopped (ReasonExhausted, ...)

	// Request and StatusCode are set by the transport.
	Request    *http.Request
	StatusCode int
}

type ctxKey int

const (
	correlationKey ctxKey = iota
	idempotencyKey
)

// WithCorrelationID returns a context carrying a correlation ID, which Do
// and the transport log with every retry. Without one they make up a
// UUID per operation.
func WithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, correlationKey, id)
}

// CorrelationID returns the correlation ID ctx carries, or "".
func CorrelationID(ctx context.Context) string {
	s, _ := ctx.Value(correlationKey).(string)
	return s
}

// WithIdempotencyKey returns a context carrying the idempotency key of the
// logical operation. Do logs it with every retry; the transport sends
// it as the Idempotency-Key of a POST or PATCH that has none; the gRPC
// interceptor sends it as idempotency-key metadata.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, idempotencyKey, key)
}

// IdempotencyKey returns the idempotency key ctx carries, or "".
func IdempotencyKey(ctx context.Context) string {
	s, _ := ctx.Value(idempotencyKey).(string)
	return s
}
