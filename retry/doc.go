// Package retry retries operations the way the Retry Policy standard (rules
// ) requires, with no configuration: the zero Policy is the
// standard's default for a synchronous API call. Its numbers come from
// package policy, which the retrylint analyzers read too, so code that
// retries through this package is compliant by construction.
//
// # Using it
//
// Wrap an operation:
//
//	err := retry.Do(ctx, retry.Policy{Dependency: "inventory"}, func(ctx context.Context) error {
//		resp, err := client.Do(req.WithContext(ctx))
//		if err != nil {
//			return err
//		}
//		defer resp.Body.Close()
//		return retry.CheckResponse(resp)
//	})
//
// or one that returns a value, with DoValue; or let an http.Client retry
// by itself:
//
//	client := &http.Client{Transport: retry.NewTransport(nil, retry.Policy{})}
//
// Unary gRPC calls retry through retrygrpc.UnaryClientInterceptor; metrics
// go to Prometheus through retryprom; budget exhaustion opens sony/gobreaker
// breakers through retrygobreaker; retrytest has a fake clock for tests.
//
// # What retry does about each rule
//
// R-1, backoff. Retry n waits random_between(0, min(MaxDelay, BaseDelay *
// 2^(n-1))): full jitter, base 1s, cap 30s by default. Policy.Jitter may
// select DecorrelatedJitter, min(MaxDelay, random_between(BaseDelay,
// previous*3)). No other shape exists: there is no fixed interval and no
// equal jitter.
//
// R-2, retry count. Policy.MaxRetries counts retries, not attempts. Zero
// takes the context's default (sync 3, async 5, webhook 5, batch 3, gRPC 3);
// a value outside the context's range (1-5, 1-10, 3-8, 1-5, 1-5) is a
// configuration error wrapping ErrInvalidPolicy, returned before any
// attempt and never retried. Nothing is clamped.
//
// R-3, total duration. The loop ends once the next wait would pass
// Policy.MaxDuration, which defaults to the context's cap (30s for sync and
// gRPC calls, 24h for async events, webhooks and batch items) and may not
// exceed it, or the caller's context deadline if sooner (as in the
// standard's example, the check is made before each wait; bound each
// attempt as well with AttemptTimeout, and retry attempts then also expire
// at the cap). Policy.WebhookSchedule (Context
// policy.Webhook only) replaces the backoff with the schedule 1s, 5s, 30s,
// 2m, 15m, 1h, 4h after the immediate first attempt (4h again for an eighth
// retry); after the final
// attempt the message goes to the dead-letter hook.
//
// R-4, classification. Classify decides, before any retry: HTTP 408, 429,
// 500, 502, 503 and 504 (from a *StatusError, which CheckResponse makes, or
// a response in the transport), connection refused and reset, socket
// timeouts, DNS failures (at most policy.MaxDNSAttempts = 2 attempts) and
// TLS handshake timeouts are retried. Other 4xx statuses, TLS certificate
// errors, serialization errors (encoding/json, encoding/xml, base64) and
// configuration errors (ErrInvalidPolicy, bad addresses) are not. gRPC codes
// are classified in retrygrpc (UNAVAILABLE, DEADLINE_EXCEEDED,
// RESOURCE_EXHAUSTED, ABORTED retried). Anything else, including context
// cancellation, is not retried unless marked: Retryable(err) marks an
// error retryable, Permanent(err) marks it permanent (for a revoked token,
// say); Policy.Classify adds a classifier of your own. A Retryable mark
// never overrides a class forbids retrying (400, 401, 403, 404,
// 409, 422 and other 4xx statuses, certificate, serialization and
// configuration errors), so that wrapping whatever an operation returned
// in Retryable cannot retry them by accident; the one deliberate override
// is Policy.Classify (never for certificate errors), and retrylint's
// nonretryable analyzer reports Retryable around a non-retryable status.
//
// R-5, Retry-After. A Retry-After in seconds or as an HTTP date (see
// ParseRetryAfter) is a floor under the computed backoff. If it asks for
// longer than is left of the duration cap, retrying stops at once and the
// original error (or response, in the transport) is returned, the error
// wrapped in an *Error matching ErrDurationExceeded (see Errors below).
//
// R-6, idempotency. The transport retries GET, HEAD, OPTIONS, PUT and
// DELETE; it gives a POST or PATCH without an Idempotency-Key header a UUID
// v4 key (github.com/google/uuid) and sends the same key on every attempt;
// it refuses keys over 64 characters; it replays bodies through
// Request.GetBody, and does not retry a request whose body it cannot
// replay. No other method is retried. With Do, which cannot see methods,
// carry the key of the logical operation (an event ID, say) with
// WithIdempotencyKey; it is logged with every retry, and the transport and
// the gRPC interceptor send it. A key over 64 characters, on a request, on
// the context or in gRPC metadata, is refused by Do, the transport and the
// interceptor alike, before any attempt. retrylint's idemkey analyzer
// checks the operation given to Do: a POST or PATCH built and sent in it
// needs a key on the request, or on the context (WithIdempotencyKey) for a
// retry transport under the client to send.
//
// R-7, retry budget. Every attempt is recorded in a Budget, per dependency:
// Policy.Dependency for Do, the request's host:port for the transport, the
// connection target for gRPC. A retry is allowed only while retries stay
// within 20% of the dependency's requests over a rolling 30-second window;
// otherwise it is suppressed and the original error returned (wrapped in
// an *Error matching ErrBudgetExhausted, see Errors below), and the
// budget's OnExhausted hook fires (once per spell) so that a circuit
// breaker can open. A nil Policy.Budget means DefaultBudget(), shared by the
// process. On top of the 20%, a small fixed reserve (BudgetConfig.Reserve,
// DefaultBudgetReserve = 3 retries per window) lets a cold dependency
// retry: without it, the first failing call of a process, or of a
// dependency called less than five times in 30 seconds, would never be
// retried. gRPC's retry throttling (the reference of the 20%) starts with
// a full token bucket for the same reason, as Envoy's and Finagle's
// budgets keep a minimum. Under load the reserve is a constant: retries
// stay within 20% of requests plus the reserve.
//
// R-8, dead letters. In the async and webhook contexts Policy.DeadLetter is
// required (a Policy without it is invalid), and it is called once after
// the final attempt of every operation that failed, retryable or not, with
// a DeadLetterMessage carrying the retry metadata: attempts, times, the
// final error and its type, the reason retrying stopped, the correlation
// and idempotency keys, and in the transport the status and the original
// request (method, URL, headers, replayable body; never the response
// body). The transport keeps the same promise as Do: a response that ends
// the operation with a status of 400 or more, retried or not, is
// dead-lettered, logged and counted as Do would, and still returned to the
// caller. An error from the hook is joined to the one
// returned. Each dead letter counts in dlq_messages_total and is logged at
// error level with alert=true, so that an alert fires. A caller whose own
// context ends is not dead-lettered: the message was not given up on.
//
// R-9, security. Certificate errors (x509 and TLS verification errors,
// certificate alerts) are never retried, whatever a mark or a custom
// classifier says. Logs carry only the fields below: never error messages
// (which can quote URLs with tokens), request bodies or header values; a
// failing dead-letter hook's error is logged as its type
// (dead_letter_error_type) and a redacted message (dead_letter_error: the
// outermost message with every word that is not plain text redacted). A
// retried request is sent with the caller's own headers, so it keeps the
// original auth context; refresh tokens in the RoundTripper under the
// transport (golang.org/x/oauth2's, say), which runs on every attempt. The
// budget cannot be turned off.
//
// R-10, observability. Every retry is logged through log/slog (Policy.Logger,
// slog.Default by default) at warn level with correlation_id, dependency,
// attempt, max_attempts, backoff_ms, error_type, idempotency_key and
// retry_context, and the end of a loop that retried, with reason. The
// correlation ID comes from WithCorrelationID, or is made up per operation.
// Policy.Metrics receives retry_attempts_total, retry_exhausted_total,
// retry_backoff_duration_seconds, retry_budget_utilization_ratio and
// dlq_messages_total (see Metrics and the retryprom package).
//
// # Errors
//
// Do and DoValue return nil or an *Error: Reason says why retrying
// stopped, in the word the "retry: giving up" log record and
// DeadLetterMessage.Reason use; Attempts counts the attempts; Err is the
// last attempt's error, as the operation returned it (without a Permanent
// or Retryable mark). The message names all three:
//
//	retry: budget_exhausted after 2 attempts: retry: HTTP 503 Service Unavailable
//
// An *Error unwraps to Err, so errors.Is and errors.As find in it what they
// would find in the last error (a *StatusError, syscall.ECONNREFUSED, a
// gRPC status), and it matches with errors.Is the sentinel of its reason:
//
//	ErrNotRetryable      not_retryable: a class does not retry,
//	                     a Permanent mark, or an unclassified error
//	ErrRetriesExhausted  retries_exhausted, dns_attempts
//	ErrDurationExceeded  duration_exceeded, retry_after
//	ErrBudgetExhausted   budget_exhausted
//	ErrNotIdempotent     not_idempotent (R-6, the transport only)
//
// and, with ReasonCanceled, the caller's context's error
// (context.Canceled or context.DeadlineExceeded). A Policy outside the
// standard is an error wrapping ErrInvalidPolicy instead, returned before
// any attempt; it also wraps a *policy.Refusal naming the rule broken
// (errors.As), in the words retrylint reports at the Policy literal. A
// failing dead-letter hook's error is joined to the *Error.
//
// The transport answers http.Client: when retrying ends on a response
// (a 503 when the budget is spent, say), the caller gets that response
// and a nil error, as a RoundTripper must, and tests its status; the
// reason is in the log and, in the async and webhook contexts, the dead
// letter. When it ends on an error (connection refused, a timeout), the
// caller gets a *url.Error wrapping the *Error, so errors.Is(err,
// retry.ErrBudgetExhausted) works on what Client.Do returns, and
// (*url.Error).Timeout still answers for the last error. To have the reason
// in code for responses too, call the client inside Do with CheckResponse,
// as in the first example above. The gRPC interceptor returns the *Error;
// status.Code and status.FromError find the last status in it.
//
// # Coming from cenkalti/backoff, retry-go or go-retryablehttp
//
// Those retry every error unless told not to; retry retries only what the
// standard classes as transient, and an error it cannot classify, a
// plain errors.New among them, is tried once and returned as an *Error
// matching ErrNotRetryable:
//
//   - cenkalti/backoff (Retry, in v4 and v5) retries every error but
//     backoff.Permanent(err), until MaxElapsedTime (15 minutes) or
//     WithMaxTries. Here Permanent(err) is the same mark, and transient
//     errors of your own need Retryable(err); a *StatusError (from
//     CheckResponse), network errors and DNS failures are classified
//     without a mark. The count is R-2's (3 retries for a synchronous
//     call) and the cap R-3's (30s), not 15 minutes.
//   - retry-go (avast/retry-go v4 Do, v5 New(...).Do) makes 10 attempts
//     at every error but retry.Unrecoverable(err), or what RetryIf says,
//     and returns a list of every attempt's error. Here Permanent replaces
//     Unrecoverable, Retryable or Policy.Classify replaces RetryIf, and the
//     *Error carries the last error only (Attempts counts the rest).
//   - go-retryablehttp retries connection errors (not certificate, scheme,
//     header or redirect errors), 429 and 5xx but 501, 4 times, and every
//     method, POST included; when it gives up it closes the response and
//     returns "giving up after N attempt(s)". NewTransport retries 408, 429,
//     500, 502, 503 and 504 and connection errors, 3 times by default; POST
//     and PATCH only with an Idempotency-Key, which it adds; and gives
//     the last response back with its body, not an error (see Errors above).
//
// # Contexts and timeouts
//
// Cancelling the caller's context or reaching its deadline ends a wait at
// once; Do then returns an *Error with ReasonCanceled that matches both
// the context's error and the last attempt's. Policy.AttemptTimeout gives each attempt its own
// timeout; an attempt that times out while the caller's context is alive
// is retried as a socket timeout.
//
// # Cost
//
// A Do that succeeds at once allocates nothing (without AttemptTimeout); one
// that fails allocates its *Error. A retry costs one timer: each loop creates at most one, and resets it.
// Recording in the budget is a few atomic operations on sharded counters,
// so it scales with cores. See BENCHMARKS.md.
//
// # Testing
//
// Policy.Clock and Policy.Rand (and BudgetConfig.Clock) take a fake clock
// and a fixed random source, such as retrytest.NewAutoClock and
// retrytest.MaxRand, so that tests of code that retries do not sleep and
// see exact waits.
package retry
