package retry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/retrylint/retrylint/policy"
)

// A Jitter is the random spread of the exponential backoff: the
// standard's, policy.Jitter, which the analyzers judge a Policy by.
type Jitter = policy.Jitter

const (
	// FullJitter waits random_between(0, min(MaxDelay, BaseDelay*2^n))
	// before retry n+1. It is the default the standard mandates.
	FullJitter = policy.FullJitter
	// DecorrelatedJitter waits min(MaxDelay, random_between(BaseDelay,
	// previous*3)), which R-1 allows as an alternative.
	DecorrelatedJitter = policy.DecorrelatedJitter
)

// ErrInvalidPolicy is wrapped by every error that reports a Policy outside
// the standard (a retry count outside the context's range, a duration cap
// above the context's, no dead-letter hook where R-8 needs one, ...). Do,
// DoValue and the transport return it before the first attempt; it is never
// retried.
var ErrInvalidPolicy = errors.New("retry: invalid policy")

// A Policy says how to retry. Its zero value is the standard's default for
// a synchronous API call: up to 3 retries, full jitter from a 1s base capped
// at 30s per wait, 30s in all, the process-wide retry budget, logging
// through slog.Default and no metrics. Every zero field takes the default
// of the Context; a non-zero field outside what the standard allows for the
// Context makes Do return an error wrapping ErrInvalidPolicy, it is never
// silently clamped.
type Policy struct {
	// Context is the kind of integration: policy.SyncAPI (the
	// zero value), AsyncEvent, Webhook, Batch or GRPCUnary.
	Context policy.Context

	// MaxRetries is the most retries after the first attempt. Zero
	// means the context's default (policy.For(Context).DefaultRetries); any
	// other value must lie in the context's range (1-5 for sync, 1-10 for
	// async, 3-8 for webhooks, ...).
	MaxRetries int

	// MaxDuration caps the whole retry loop, measured from the start of
	// the first attempt. Zero means the context's cap (30s for sync
	// and gRPC, 24h for async, webhook and batch); a larger value is an
	// error. No wait is started that would end past the cap; with
	// AttemptTimeout set, a retry attempt's deadline is the cap too.
	MaxDuration time.Duration

	// BaseDelay and MaxDelay are the base and the cap of the exponential
	// backoff; zero means policy.BaseDelay (1s) and policy.MaxDelay
	// (30s).
	BaseDelay time.Duration
	MaxDelay  time.Duration

	// Jitter is FullJitter (the default) or DecorrelatedJitter.
	Jitter Jitter

	// WebhookSchedule replaces the backoff with the webhook schedule of
	// R-3 (retry n waits policy.WebhookSchedule[n]: 1s, 5s, 30s, 2m, 15m,
	// 1h, 4h). It needs Context policy.Webhook.
	WebhookSchedule bool

	// AttemptTimeout, when positive, bounds each attempt: the operation
	// gets a context that expires after it. An attempt that times out
	// while the caller's context is alive is retryable (socket timeout).
	AttemptTimeout time.Duration

	// Classify, when set, is asked first about every error. It returns the
	// class and a short, constant name for logs ("" to let retry name it);
	// policy.Unclassified hands the error to the built-in classification.
	Classify func(err error) (class policy.Class, errorType string)

	// Service names the calling service and Dependency the downstream
	// dependency, for logs, metrics and the retry budget. The
	// transport uses the request's host when Dependency is empty; Do uses
	// "default".
	Service    string
	Dependency string

	// Budget is the retry budget. Nil means DefaultBudget(), shared
	// by the whole process and keyed by Dependency.
	Budget *Budget

	// Logger receives one record per retry and one when retrying ends
	// . Nil means slog.Default().
	Logger *slog.Logger

	// Metrics receives the metrics of R-10; nil records none. See the
	// retryprom package for Prometheus.
	Metrics Metrics

	// DeadLetter is called once after the final attempt of a failed
	// operation in the async and webhook contexts, with the
	// retry metadata. It is required there: a Policy for those contexts
	// without it is invalid, so no message is silently dropped. An error
	// it returns is joined to the operation's.
	DeadLetter func(ctx context.Context, m DeadLetterMessage) error

	// DeadLetterQueue names the queue for the dlq_messages_total metric;
	// empty means the dependency.
	DeadLetterQueue string

	// Clock and Rand replace time and randomness, for tests (see the
	// retrytest package). Nil means the real clock and math/rand/v2.
	Clock Clock
	Rand  Rand
}

// settings are a Policy's numbers with the defaults filled in.
type settings struct {
	ctx            policy.Context
	retries        int
	maxDuration    time.Duration
	base, cap      time.Duration
	attemptTimeout time.Duration
	jitter         Jitter
	schedule       bool
}

// Validate reports whether p is within the standard, with an error
// wrapping ErrInvalidPolicy when it is not. The error also wraps a
// *policy.Refusal, which names the rule the policy breaks.
func (p Policy) Validate() error {
	_, err := p.settings()
	return err
}

// settings checks p's numbers with policy.Settings.Resolve, the check
// the retrylint analyzers make of the Policy values they see, and
// returns them with the defaults filled in.
func (p *Policy) settings() (settings, error) {
	r, refused := policy.Settings{
		Context:         p.Context,
		MaxRetries:      p.MaxRetries,
		MaxDuration:     p.MaxDuration,
		BaseDelay:       p.BaseDelay,
		MaxDelay:        p.MaxDelay,
		Jitter:          p.Jitter,
		WebhookSchedule: p.WebhookSchedule,
		AttemptTimeout:  p.AttemptTimeout,
		DeadLetter:      p.DeadLetter != nil,
	}.Resolve()
	if refused != nil {
		return settings{}, fmt.Errorf("%w: %w", ErrInvalidPolicy, refused)
	}
	return settings{
		ctx:            r.Context,
		retries:        r.MaxRetries,
		maxDuration:    r.MaxDuration,
		base:           r.BaseDelay,
		cap:            r.MaxDelay,
		attemptTimeout: r.AttemptTimeout,
		jitter:         Jitter(r.Jitter),
		schedule:       r.WebhookSchedule,
	}, nil
}

// backoff returns the wait before retry n (n >= 1), given the previous
// wait for decorrelated jitter.
func (s *settings) backoff(n int, prev time.Duration, rnd Rand) time.Duration {
	if s.schedule {
		sch := policy.WebhookSchedule
		if n >= len(sch) {
			n = len(sch) - 1
		}
		return sch[n]
	}
	if s.jitter == DecorrelatedJitter {
		// min(cap, random_between(base, prev*3)): the draw spans up to
		// three times the previous wait, and only then is it capped, so
		// that once prev*3 passes the cap the cap is drawn more often
		// than the waits below it (AWS's "decorrelated jitter").
		if prev < s.base {
			prev = s.base
		}
		const mult = time.Duration(policy.DecorrelatedMultiplier)
		hi := prev * mult
		if prev > math.MaxInt64/mult/2 {
			hi = math.MaxInt64 / 2 // no overflow, and hi-base+1 fits
		}
		d := s.base
		if hi > s.base {
			d += time.Duration(rnd.Int64N(int64(hi-s.base) + 1))
		}
		return min(d, s.cap)
	}
	ceil := s.base
	for i := 1; i < n && ceil < s.cap; i++ {
		ceil *= time.Duration(policy.Multiplier)
	}
	if ceil > s.cap || ceil <= 0 {
		ceil = s.cap
	}
	return time.Duration(rnd.Int64N(int64(ceil) + 1))
}
