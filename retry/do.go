package retry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/retrylint/retrylint/policy"
)

// Do calls op until it succeeds, fails with an error that is not retryable,
// or the policy says stop, waiting between attempts as the standard
// prescribes. It returns nil on success and otherwise an *Error that says
// why retrying stopped (its Reason, which errors.Is matches against
// ErrNotRetryable, ErrRetriesExhausted, ErrDurationExceeded and
// ErrBudgetExhausted) and wraps the error of the last attempt, as op
// returned it (without a Permanent or Retryable mark). When ctx ends, Do
// returns at once, without waiting, an *Error with ReasonCanceled that
// matches ctx.Err() too. A Policy outside the standard gives an error
// wrapping ErrInvalidPolicy, before any attempt.
//
// Attempts run under ctx; with p.AttemptTimeout set, each gets a context
// derived from ctx that expires after it (and, for a retry, no later than
// the end of p.MaxDuration).
//
// On the success path Do allocates nothing (unless AttemptTimeout is set).
func Do(ctx context.Context, p Policy, op func(context.Context) error) error {
	_, err := DoValue(ctx, p, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, op(ctx)
	})
	return err
}

// DoValue is Do for an operation that returns a value. It returns the value
// the last attempt returned, and nil or an *Error as Do does.
func DoValue[T any](ctx context.Context, p Policy, op func(context.Context) (T, error)) (T, error) {
	var r runner
	if err := r.init(ctx, &p); err != nil {
		var zero T
		return zero, err
	}
	defer r.w.stop()
	for {
		actx, cancel := r.begin(ctx)
		v, err := op(actx)
		if cancel != nil {
			cancel()
		}
		if err == nil {
			return v, nil
		}
		o := r.classify(err, false)
		d, ok := r.next(ctx, o)
		if !ok {
			return v, r.fail(ctx, unmark(err), o, nil)
		}
		if !r.w.wait(ctx.Done(), d) {
			return v, r.canceled(ctx, unmark(err))
		}
	}
}

func unmark(err error) error {
	if m, ok := err.(*marked); ok {
		return m.err
	}
	return err
}

// runner holds the state of one retry loop; Do keeps it on the stack.
type runner struct {
	p        Policy
	s        settings
	w        waiter
	rnd      Rand
	budget   *Budget
	db       *depBudget
	dep      string
	start    time.Time
	last     time.Time
	deadline time.Time
	attempts int
	prev     time.Duration
	corrID   string
	key      string
	reason   string

	dlqFailed bool // the dead-letter hook returned an error
}

func (r *runner) init(ctx context.Context, p *Policy) error {
	s, err := p.settings()
	if err != nil {
		return err
	}
	r.p, r.s = *p, s
	r.w.clock = p.Clock
	r.rnd = p.Rand
	if r.rnd == nil {
		r.rnd = globalRand{}
	}
	r.budget = p.Budget
	if r.budget == nil {
		r.budget = DefaultBudget()
	}
	r.dep = p.Dependency
	if r.dep == "" {
		r.dep = "default"
	}
	// a key the server may not store is refused on every path.
	r.key = IdempotencyKey(ctx)
	if len(r.key) > policy.MaxIdempotencyKeyLength {
		return fmt.Errorf("%w: idempotency key of %d characters exceeds %d (R-6)",
			ErrInvalidPolicy, len(r.key), policy.MaxIdempotencyKeyLength)
	}
	r.db = r.budget.dep(r.dep)
	// One reading of the clock for the whole success path: it is the
	// costliest thing in it.
	now := r.w.now()
	r.start, r.last = now, now
	r.deadline = now.Add(s.maxDuration)
	if r.budget.clock != nil || p.Clock != nil {
		now = r.budget.now()
	}
	r.db.add(now, 0) // the first attempt counts as a request
	if d, ok := ctx.Deadline(); ok && d.Before(r.deadline) {
		r.deadline = d
	}
	return nil
}

// begin starts an attempt and returns its context. The first attempt was
// recorded in the budget by init, and a retry by the budget when it allowed
// it.
//
// Only AttemptTimeout gives an attempt a context of its own (bounded, for
// a retry, by the end of MaxDuration): R-3's cap is enforced, as in the
// standard's own example, by starting no retry that would end past it, so
// that a retry costs one timer and no context.
func (r *runner) begin(ctx context.Context) (context.Context, context.CancelFunc) {
	r.attempts++
	if r.s.attemptTimeout <= 0 {
		if r.attempts > 1 {
			r.last = r.w.now()
		}
		return ctx, nil
	}
	timeout := r.s.attemptTimeout
	if r.attempts > 1 {
		r.last = r.w.now()
		if left := r.deadline.Sub(r.last); left < timeout {
			timeout = left
		}
	}
	return context.WithTimeout(ctx, timeout)
}

func (r *runner) classify(err error, network bool) outcome {
	o := classifyError(err, network, r.w.now())
	if o.errClass == policy.ErrTLSCertificate || r.p.Classify == nil {
		return o
	}
	if c, t := r.p.Classify(err); c != policy.Unclassified {
		o.class = c
		if t != "" {
			o.errType = t
		}
	}
	return o
}

// next decides whether to retry after a failed attempt and how long to
// wait first. When it says no, r.reason says why.
func (r *runner) next(ctx context.Context, o outcome) (time.Duration, bool) {
	switch {
	case ctx.Err() != nil:
		r.reason = ReasonCanceled
		return 0, false
	case o.class != policy.Retryable:
		r.reason = ReasonNotRetryable
		return 0, false
	case r.attempts > r.s.retries:
		r.reason = ReasonExhausted
		return 0, false
	case o.errClass == policy.ErrDNS && r.attempts >= policy.MaxDNSAttempts:
		r.reason = ReasonDNS
		return 0, false
	}
	delay := r.s.backoff(r.attempts, r.prev, r.rnd)
	r.prev = delay
	if o.hasRetryAfter && o.retryAfter > delay {
		delay = o.retryAfter // a floor over the backoff
	}
	left := r.deadline.Sub(r.w.now())
	if o.hasRetryAfter && o.retryAfter > left {
		r.reason = ReasonRetryAfter
		return 0, false
	}
	if delay >= left {
		r.reason = ReasonDuration
		return 0, false
	}
	ok, util := r.budget.allowRetryDep(r.db, r.dep)
	if m := r.p.Metrics; m != nil {
		m.BudgetUtilization(Labels{r.p.Service, r.dep}, util)
	}
	if !ok {
		r.reason = ReasonBudget
		return 0, false
	}
	if m := r.p.Metrics; m != nil {
		l := Labels{r.p.Service, r.dep}
		m.RetryAttempt(l, r.attempts+1)
		m.RetryBackoff(l, delay)
	}
	lg := r.logger()
	if lg.Enabled(ctx, slog.LevelWarn) {
		lg.LogAttrs(ctx, slog.LevelWarn, "retry: retrying", r.attrs(ctx, r.attempts+1, delay, o.errType)...)
	}
	return delay, true
}

func (r *runner) logger() *slog.Logger {
	if r.p.Logger != nil {
		return r.p.Logger
	}
	return slog.Default()
}

// attrs are the fields of R-10, in policy.LogFields order, and the context.
// They never include error messages, bodies or header values: an
// error message may quote a URL with a token in it.
func (r *runner) attrs(ctx context.Context, attempt int, backoff time.Duration, errType string) []slog.Attr {
	if r.corrID == "" {
		r.corrID = CorrelationID(ctx)
		if r.corrID == "" {
			r.corrID = uuid.NewString()
		}
	}
	return []slog.Attr{
		slog.String("correlation_id", r.corrID),
		slog.String("dependency", r.dep),
		slog.Int("attempt", attempt),
		slog.Int("max_attempts", r.s.retries+1),
		slog.Int64("backoff_ms", backoff.Milliseconds()),
		slog.String("error_type", errType),
		slog.String("idempotency_key", r.key),
		slog.String("retry_context", r.s.ctx.String()),
	}
}

// stoppedRetryable reports whether retrying stopped on a retryable error.
func (r *runner) stoppedRetryable() bool {
	switch r.reason {
	case ReasonExhausted, ReasonDNS, ReasonDuration, ReasonRetryAfter, ReasonBudget:
		return true
	}
	return false
}

// fail ends a loop that did not succeed: it counts and logs the end,
// routes the operation to the dead-letter hook where R-8 wants one, and
// returns the error to give the caller. msg carries the transport's
// extra metadata.
//
// The error is an *Error wrapping err; for the transport, whose caller
// gets a response and no error when the operation ends on a response, it
// wraps a *StatusError and is only returned if the dead-letter hook fails.
func (r *runner) fail(ctx context.Context, err error, o outcome, msg *DeadLetterMessage) error {
	gaveUp := &Error{Reason: r.reason, Attempts: r.attempts, Err: err}
	if err == nil && msg != nil && msg.StatusCode != 0 {
		gaveUp.Err = &StatusError{StatusCode: msg.StatusCode}
	}
	if r.reason == ReasonCanceled {
		gaveUp.ctxErr = ctx.Err()
	}
	exhausted := r.stoppedRetryable()
	if exhausted {
		if m := r.p.Metrics; m != nil {
			m.RetryExhausted(Labels{r.p.Service, r.dep})
		}
	}
	dlq := policy.NeedsDeadLetter(r.s.ctx) && r.reason != ReasonCanceled
	if !exhausted && r.attempts == 1 && !dlq {
		return gaveUp // a plain failure: nothing was retried, nothing to log
	}
	lg := r.logger()
	if lg.Enabled(ctx, slog.LevelWarn) {
		a := append(r.attrs(ctx, r.attempts, 0, o.errType), slog.String("reason", r.reason))
		lg.LogAttrs(ctx, slog.LevelWarn, "retry: giving up", a...)
	}
	if !dlq {
		return gaveUp
	}
	var m DeadLetterMessage
	if msg != nil {
		m = *msg
	}
	if r.corrID == "" {
		r.attrs(ctx, 0, 0, "")
	}
	queue := r.p.DeadLetterQueue
	if queue == "" {
		queue = r.dep
	}
	m.Context, m.Service, m.Dependency, m.Queue = r.s.ctx, r.p.Service, r.dep, queue
	m.CorrelationID, m.IdempotencyKey = r.corrID, r.key
	m.Attempts, m.MaxAttempts = r.attempts, r.s.retries+1
	m.FirstAttempt, m.LastAttempt = r.start, r.last
	m.Err, m.ErrorType, m.Reason = gaveUp.Err, o.errType, r.reason
	derr := r.p.DeadLetter(ctx, m)
	if mt := r.p.Metrics; mt != nil && derr == nil {
		mt.DeadLetter(queue)
	}
	// a dead-lettered message must raise an alert.
	a := append(r.attrs(ctx, r.attempts, 0, o.errType), slog.String("reason", r.reason), slog.String("queue", queue), slog.Bool("alert", true))
	if derr != nil {
		// a hook's error may quote the message it failed to
		// store; log its type and its text redacted.
		a = append(a, slog.String("dead_letter_error_type", fmt.Sprintf("%T", derr)),
			slog.String("dead_letter_error", redact(derr.Error())))
		lg.LogAttrs(ctx, slog.LevelError, "retry: dead-letter routing failed", a...)
		r.dlqFailed = true
		return errors.Join(gaveUp, fmt.Errorf("retry: dead-letter routing failed: %w", derr))
	}
	lg.LogAttrs(ctx, slog.LevelError, "retry: routed to dead-letter queue", a...)
	return gaveUp
}

// canceled is the error when ctx ends during a wait: nothing is logged or
// dead-lettered, as the caller gave up, not retry.
func (r *runner) canceled(ctx context.Context, last error) error {
	r.reason = ReasonCanceled
	return &Error{Reason: ReasonCanceled, Attempts: r.attempts, Err: last, ctxErr: ctx.Err()}
}

// redact reduces an error text to what can be logged without leaking a
// payload, a token or personal data: the outermost message, up to
// the first ": " that usually introduces the wrapped detail, of which only
// plain words are kept. A word that holds anything but letters, '-', '_'
// or '.' (digits, quotes, braces, '@', '=', '/') or is longer than 32
// characters becomes "[redacted]"; the whole is cut at 120 bytes.
func redact(msg string) string {
	if i := strings.Index(msg, ": "); i >= 0 {
		msg = msg[:i]
	}
	words := strings.Fields(msg)
	for i, w := range words {
		if !plainWord(w) {
			words[i] = "[redacted]"
		}
	}
	out := strings.Join(words, " ")
	if len(out) > 120 {
		out = out[:120] + "..."
	}
	return out
}

func plainWord(w string) bool {
	if len(w) > 32 {
		return false
	}
	for _, c := range w {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '-', c == '_', c == '.':
		default:
			return false
		}
	}
	return true
}
