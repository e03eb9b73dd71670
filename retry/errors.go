package retry

import (
	"errors"
	"strconv"
)

// Errors that tell why retrying stopped. An *Error matches one of them
// with errors.Is, by its Reason:
//
//	err := retry.Do(ctx, p, op)
//	switch {
//	case errors.Is(err, retry.ErrBudgetExhausted):
//		// shed load: the dependency is failing for everyone
//	case errors.Is(err, retry.ErrNotRetryable):
//		// the error itself said stop (a 4xx, a Permanent mark, an
//		// error retry does not know)
//	}
//
// ErrInvalidPolicy, returned before any attempt, is the other error a
// caller can test.
var (
	// ErrNotRetryable: the last error is not retryable (ReasonNotRetryable,
	// a status or an error class the standard does not retry, a
	// Permanent mark, or an error that is neither classified nor marked
	// Retryable.
	ErrNotRetryable = errors.New("retry: not retryable")
	// ErrRetriesExhausted: every retry allowed was made (ReasonExhausted,
	// R-2), or a DNS failure had its policy.MaxDNSAttempts attempts
	// (ReasonDNS).
	ErrRetriesExhausted = errors.New("retry: retries exhausted")
	// ErrDurationExceeded: the next wait would end past Policy.MaxDuration
	// or the caller's deadline (ReasonDuration, R-3), or a Retry-After asked
	// for longer than was left (ReasonRetryAfter, R-5).
	ErrDurationExceeded = errors.New("retry: duration exceeded")
	// ErrBudgetExhausted: the dependency's retry budget is spent
	// (ReasonBudget, R-7), so the retry was suppressed.
	ErrBudgetExhausted = errors.New("retry: budget exhausted")
	// ErrNotIdempotent: the transport could not retry the request safely
	// (ReasonNotIdempotent, R-6): a body it cannot replay, or a method it
	// never retries.
	ErrNotIdempotent = errors.New("retry: not idempotent")
)

// An Error is the error of an operation that failed: Do and DoValue return
// one whenever the operation ran and did not succeed, and the transport
// does when a round trip ends on an error rather than a response. It
// wraps the last attempt's error, so errors.Is and errors.As find in it
// what they would find in that error (a *StatusError, syscall.ECONNREFUSED,
// a gRPC status), and it matches, with errors.Is, the sentinel of its
// Reason (ErrBudgetExhausted, ...) and, when the caller's context ended,
// the context's error.
//
// Reason is the word the "retry: giving up" log record and
// DeadLetterMessage.Reason use, and the message says it:
//
//	retry: budget_exhausted after 2 attempts: retry: HTTP 503 Service Unavailable
type Error struct {
	// Reason says why retrying stopped: ReasonNotRetryable,
	// ReasonExhausted, ReasonDNS, ReasonDuration, ReasonRetryAfter,
	// ReasonBudget, ReasonNotIdempotent or ReasonCanceled.
	Reason string
	// Attempts is the number of attempts made, the first one included.
	Attempts int
	// Err is the last attempt's error, without a Permanent or Retryable
	// mark: the original error R-7 wants returned.
	Err error

	ctxErr error // with ReasonCanceled: the caller's context's error
}

func (e *Error) Error() string {
	s := "retry: " + e.Reason
	if e.ctxErr != nil {
		s += " (" + e.ctxErr.Error() + ")"
	}
	s += " after " + strconv.Itoa(e.Attempts) + " attempt"
	if e.Attempts != 1 {
		s += "s"
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the last attempt's error.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is the sentinel of e's Reason or, when the
// caller's context ended, that context's error (context.Canceled or
// context.DeadlineExceeded).
func (e *Error) Is(target error) bool {
	if e.ctxErr != nil && errors.Is(e.ctxErr, target) {
		return true
	}
	s := reasonErr(e.Reason)
	return s != nil && s == target
}

// Timeout reports whether the last attempt's error is a timeout, or the
// caller's deadline ended the wait, as net.Error's Timeout does, so that
// (*url.Error).Timeout, which asks the error it wraps directly, answers
// through an *Error from the transport as it would without retry.
func (e *Error) Timeout() bool {
	if t, ok := e.ctxErr.(interface{ Timeout() bool }); ok && t.Timeout() {
		return true
	}
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// reasonErr returns the sentinel of a reason, nil for ReasonCanceled.
func reasonErr(reason string) error {
	switch reason {
	case ReasonNotRetryable:
		return ErrNotRetryable
	case ReasonExhausted, ReasonDNS:
		return ErrRetriesExhausted
	case ReasonDuration, ReasonRetryAfter:
		return ErrDurationExceeded
	case ReasonBudget:
		return ErrBudgetExhausted
	case ReasonNotIdempotent:
		return ErrNotIdempotent
	}
	return nil
}
