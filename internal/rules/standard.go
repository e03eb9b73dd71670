package rules

import (
	"regexp"
	"strings"
)

// standard holds the text of each rule of the Retry Policy standard
// (version 1.1.0), for `retrylint -explain R-N` and SARIF rule help.
var standard = map[string]string{
	"R-1": `All retry implementations MUST use exponential backoff with full jitter as the default algorithm:

	sleep = random_between(0, min(cap, base * 2 ^ attempt))

- base MUST default to 1 second; cap MUST default to 30 seconds.
- Decorrelated jitter MAY be used as an alternative.
- Equal jitter and fixed-interval retry MUST NOT be used.

Enforcement: a fixed-interval retry detected by CI lint blocks the merge.`,
	"R-2": `All retry implementations MUST enforce a maximum retry count.

	Context                  Default  Allowed range
	Synchronous API calls    3        1-5
	Async event processing   5        1-10
	Webhook delivery         5        3-8
	Batch job items          3        1-5
	gRPC unary calls         3        1-5

Exceeding the upper bound requires Integration Architecture Board approval.`,
	"R-3": `All retry loops MUST enforce a total duration cap regardless of retry count:

- Synchronous API calls: MUST NOT exceed 30 seconds.
- Async events / webhooks: MUST NOT exceed 24 hours.

Webhook retry schedule SHOULD use increasing intervals: 0s, 1s, 5s, 30s, 2m, 15m, 1h, 4h.
After the final attempt, the message MUST be routed to a DLQ and an alert MUST fire.`,
	"R-4": `Implementations MUST classify failures before deciding whether to retry.

Retryable (MUST retry with backoff): HTTP 408, 429, 500, 502, 503, 504; gRPC UNAVAILABLE (14),
DEADLINE_EXCEEDED (4), RESOURCE_EXHAUSTED (8), ABORTED (10); connection refused or reset, socket
timeout, DNS failure (max 2 attempts), TLS handshake timeout.

Non-retryable (MUST NOT retry): HTTP 400, 401, 403, 404, 409, 422; gRPC INVALID_ARGUMENT (3),
NOT_FOUND (5), PERMISSION_DENIED (7), UNAUTHENTICATED (16), UNIMPLEMENTED (12); TLS certificate
errors, serialization errors, invalid configuration, permanently revoked tokens.

Enforcement: a retry on a non-retryable status code detected by CI lint blocks the merge.`,
	"R-5": `When a response includes a Retry-After header (RFC 9110 Section 10.2.3):

- The client MUST wait at least the specified duration.
- Retry-After MUST take precedence over calculated backoff when greater.
- If Retry-After exceeds the remaining retry budget, the client MUST fail immediately.`,
	"R-6": `Retries MUST be safe. A retry is safe only when the operation is idempotent or protected by an
idempotency mechanism. Safe to retry without additional measures: GET, HEAD, OPTIONS, PUT, DELETE.
MUST use an Idempotency-Key header for retries: POST, PATCH.

- The client MUST generate a UUID v4 per logical operation.
- The same key MUST be reused across all retry attempts.
- Servers MUST store keys for at least 24 hours and return cached responses for duplicates.
- Keys MUST be at most 64 characters.

Enforcement: a POST/PATCH retry without an idempotency key detected by CI lint blocks the merge.`,
	"R-7": `All services MUST enforce a retry budget to prevent amplification:

- At most 20% of total requests MAY be retries over a rolling 30-second window.
- When the budget is exhausted, retries MUST be suppressed and the original error returned.
- The budget MUST be tracked per downstream dependency.
- Budget exhaustion SHOULD trigger circuit breaker open (INTG-STD-033).`,
	"R-8": `For async integrations (events, webhooks, queues):

- After retry exhaustion, messages MUST be routed to a DLQ.
- DLQ messages MUST retain the original payload, headers, and retry metadata.
- DLQ messages MUST trigger an alert.
- Messages MUST NOT be silently dropped.`,
	"R-9": `Retry logic MUST NOT introduce security vulnerabilities:

- Retries MUST use the original auth context; an expired token MUST be refreshed before retrying.
- Retry logs MUST NOT include request bodies, tokens, or PII.
- TLS certificate errors MUST NOT be retried: a certificate error indicates a potential
  man-in-the-middle attack, and the error MUST be surfaced immediately for investigation.
- The retry budget (R-7) is mandatory to prevent DDoS amplification.`,
	"R-10": `Every retry attempt MUST be logged with: correlation_id, dependency, attempt, max_attempts,
backoff_ms, error_type, idempotency_key. Required metrics: retry_attempts_total,
retry_exhausted_total, retry_backoff_duration_seconds, retry_budget_utilization_ratio,
dlq_messages_total.`,
}

// allTitles are the standard's titles of every rule.
var allTitles = map[string]string{
	"R-5":  "Retry-After Compliance",
	"R-7":  "Retry Budget",
	"R-8":  "Dead-Letter Queue Routing",
	"R-10": "Observability",
}

var ruleIDRE = regexp.MustCompile(`^(?i)r-?(10|[1-9])$`)

// ParseRuleID parses a rule id as "R-1", "r1" or "R-10", returning it
// as "R-1"; ok is false for anything else.
func ParseRuleID(s string) (id string, ok bool) {
	m := ruleIDRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	return "R-" + m[1], true
}

// StandardTitle returns the standard's title of any rule.
func StandardTitle(id string) string {
	if t := Title(id); t != "" {
		return t
	}
	return allTitles[id]
}

// StandardText returns the standard's text of rule id, or "".
func StandardText(id string) string { return standard[id] }

// Enforcing returns the analyzers that enforce rule id, in order.
func Enforcing(id string) []string {
	var out []string
	for _, r := range table {
		for _, x := range r.Rules {
			if x == id {
				out = append(out, r.Name)
			}
		}
	}
	return out
}
