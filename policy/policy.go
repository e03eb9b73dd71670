// Package policy holds the numbers of the Retry Policy standard (rules R-1
// to R-10) in one place. The retrylint analyzers and the reference retry
// package both import it, so they cannot disagree about what the standard
// allows.
//
// # Counting
//
// The standard counts retries, not attempts: "maximum retry count" 3 means
// one first attempt and up to three more. Libraries disagree (retry-go's
// Attempts, gRPC's maxAttempts, aws MaxAttempts and k8s Steps count
// attempts; retryablehttp's RetryMax and cenkalti v4 WithMaxRetries count
// retries). Everything in this package is in retries.
//
// # Rules and where their numbers live
//
//   - R-1 exponential backoff with full jitter: [BaseDelay], [MaxDelay], [Multiplier].
//   - R-2 maximum retry count per context: [Context], [Limits], [For].
//   - R-3 total retry duration per context and the webhook schedule: [Limits.MaxDuration], [WebhookSchedule].
//   - retryable and non-retryable outcomes: [ClassifyHTTPStatus], [ClassifyGRPCCode], [ErrorClass].
//   - R-5 Retry-After: [RetryAfterHeader].
//   - R-6 idempotency: [IdempotencyKeyHeader], [MaxIdempotencyKeyLength], [RequiresIdempotencyKey].
//   - R-7 retry budget: [BudgetRatio], [BudgetWindow].
//   - R-8 dead-letter routing: [NeedsDeadLetter].
//   - R-10 observability: [LogFields], [MetricRetryAttempts] and the other metric names.
package policy

import "time"

// exponential backoff with full jitter,
// sleep = random_between(0, min(cap, base * 2^attempt)).
const (
	// BaseDelay is the default base of the exponential backoff.
	BaseDelay = 1 * time.Second
	// MaxDelay is the default cap of a single wait.
	MaxDelay = 30 * time.Second
	// Multiplier is the growth factor of the exponential backoff.
	Multiplier = 2.0
	// DecorrelatedMultiplier is the growth factor of decorrelated jitter,
	// sleep = min(cap, random_between(base, previous*3)), which R-1 allows.
	DecorrelatedMultiplier = 3.0
)
