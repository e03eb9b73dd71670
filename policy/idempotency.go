package policy

import (
	"net/http"
	"strings"
	"time"
)

// Retry-After compliance.
const RetryAfterHeader = "Retry-After"

// idempotency.
const (
	// IdempotencyKeyHeader is the header that carries the idempotency key,
	// in net/http's canonical form.
	IdempotencyKeyHeader = "Idempotency-Key"
	// MaxIdempotencyKeyLength is the longest key R-6 allows, in characters.
	MaxIdempotencyKeyLength = 64
	// IdempotencyKeyRetention is how long servers must store keys.
	IdempotencyKeyRetention = 24 * time.Hour
	// EventDeduplicationWindow is how long event consumers must remember
	// event IDs for idempotent processing.
	EventDeduplicationWindow = 7 * 24 * time.Hour
)

// SafeMethods may be retried without an idempotency key.
var SafeMethods = []string{http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete}

// RequiresIdempotencyKey reports whether a retried request with this method
// must carry an Idempotency-Key. The method is compared
// case-insensitively.
func RequiresIdempotencyKey(method string) bool {
	m := strings.ToUpper(method)
	return m == http.MethodPost || m == http.MethodPatch
}

// retry budget.
const (
	// BudgetRatio is the largest share of requests to one dependency that
	// may be retries.
	BudgetRatio = 0.20
	// BudgetWindow is the rolling window over which BudgetRatio holds.
	BudgetWindow = 30 * time.Second
)

// observability.

// LogFields are the fields every retry attempt must be logged with.
var LogFields = []string{"correlation_id", "dependency", "attempt", "max_attempts", "backoff_ms", "error_type", "idempotency_key"}

// The metrics R-10 requires.
const (
	MetricRetryAttempts      = "retry_attempts_total"           // counter by service, dependency, attempt_number
	MetricRetryExhausted     = "retry_exhausted_total"          // counter by service, dependency
	MetricBackoffDuration    = "retry_backoff_duration_seconds" // histogram
	MetricBudgetUtilization  = "retry_budget_utilization_ratio" // gauge
	MetricDeadLetterMessages = "dlq_messages_total"             // counter by queue
)
