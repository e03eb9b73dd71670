package policy

import (
	"fmt"
	"math"
	"time"
)

// A Jitter is the random spread of an exponential backoff,
// numbered as the reference retry package numbers its Jitter.
type Jitter int

const (
	// FullJitter waits random_between(0, min(cap, base*2^n)), the
	// standard's default.
	FullJitter Jitter = iota
	// DecorrelatedJitter waits min(cap, random_between(base, previous*3)),
	// which R-1 allows as an alternative.
	DecorrelatedJitter
)

func (j Jitter) String() string {
	switch j {
	case FullJitter:
		return "full"
	case DecorrelatedJitter:
		return "decorrelated"
	}
	return fmt.Sprintf("Jitter(%d)", int(j))
}

// Settings are the numbers of one retry policy as a program writes them,
// a zero field meaning the context's default: the fields of the
// reference package's retry.Policy. The package validates its Policy
// with Resolve before the first attempt, and the analyzers judge the
// Policy values they can see with the same function, so the merge gate
// and the package refuse the same policies in the same words.
type Settings struct {
	// Context is the kind of integration; its zero value is SyncAPI.
	Context Context
	// MaxRetries is the most retries after the first attempt; zero is
	// the context's default.
	MaxRetries int
	// MaxDuration caps the whole retry; zero is the context's cap.
	MaxDuration time.Duration
	// BaseDelay and MaxDelay are the base and the cap of the backoff;
	// zero is BaseDelay or MaxDelay.
	BaseDelay, MaxDelay time.Duration
	// Jitter is the backoff's spread.
	Jitter Jitter
	// WebhookSchedule replaces the backoff with the R-3 schedule; only
	// the webhook context has one.
	WebhookSchedule bool
	// AttemptTimeout, when positive, bounds each attempt.
	AttemptTimeout time.Duration
	// DeadLetter says a dead-letter hook is set: async events and
	// webhooks need one.
	DeadLetter bool
}

// A Refusal says why a retry policy is outside the standard: the rule it
// breaks and the reason, in the words the reference retry package
// returns (wrapped in its ErrInvalidPolicy) and the analyzers report.
type Refusal struct {
	// Rule is the rule broken, as "R-2".
	Rule string
	// Reason says what is wrong, without the rule: "MaxRetries 20 is
	// outside the async event processing range 1-10".
	Reason string
}

// Error returns the reason followed by the rule: "MaxRetries 20 is
// outside the async event processing range 1-10 (R-2)".
func (r *Refusal) Error() string { return r.Reason + " (" + r.Rule + ")" }

func refuse(rule, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// Resolve checks s against the standard. It returns s with every default
// filled in (MaxRetries, MaxDuration, BaseDelay and MaxDelay as the retry
// will run), or a *Refusal naming the first field that breaks the
// standard, in this order: the context, MaxRetries, MaxDuration
// BaseDelay and MaxDelay, the jitter, the webhook
// schedule, AttemptTimeout and the dead-letter hook.
// A non-zero value outside what the context allows is refused, never
// clamped.
func (s Settings) Resolve() (Settings, *Refusal) {
	if s.Context < SyncAPI || s.Context > GRPCUnary {
		return s, refuse("R-2", "unknown context %v", s.Context)
	}
	lim := For(s.Context)
	r := s
	if s.MaxRetries == 0 {
		r.MaxRetries = lim.DefaultRetries
	} else if !lim.Retries.Contains(s.MaxRetries) {
		return s, refuse("R-2", "MaxRetries %d is outside the %s range %v", s.MaxRetries, s.Context.Title(), lim.Retries)
	}
	switch {
	case s.MaxDuration < 0:
		return s, refuse("R-3", "negative MaxDuration %v", s.MaxDuration)
	case s.MaxDuration > lim.MaxDuration:
		return s, refuse("R-3", "MaxDuration %v exceeds the %s cap of %v", s.MaxDuration, s.Context.Title(), lim.MaxDuration)
	case s.MaxDuration == 0:
		r.MaxDuration = lim.MaxDuration
	}
	if s.BaseDelay < 0 || s.MaxDelay < 0 {
		return s, refuse("R-1", "negative BaseDelay or MaxDelay")
	}
	if s.BaseDelay == 0 {
		r.BaseDelay = BaseDelay
	}
	if s.MaxDelay == 0 {
		r.MaxDelay = MaxDelay
	}
	if r.BaseDelay > r.MaxDelay {
		return s, refuse("R-1", "BaseDelay %v exceeds MaxDelay %v", r.BaseDelay, r.MaxDelay)
	}
	if s.Jitter != FullJitter && s.Jitter != DecorrelatedJitter {
		return s, refuse("R-1", "unknown jitter %v, neither full nor decorrelated", s.Jitter)
	}
	if s.WebhookSchedule && s.Context != Webhook {
		return s, refuse("R-3", "WebhookSchedule needs Context policy.Webhook, not %v", s.Context)
	}
	if s.AttemptTimeout < 0 {
		return s, refuse("R-3", "negative AttemptTimeout %v", s.AttemptTimeout)
	}
	if NeedsDeadLetter(s.Context) && !s.DeadLetter {
		return s, refuse("R-8", "the %s context needs a DeadLetter hook", s.Context.Title())
	}
	return r, nil
}

// A Field is one field of Settings, as a bit of a set (Unknown).
type Field uint

// The fields of Settings.
const (
	FieldMaxRetries Field = 1 << iota
	FieldMaxDuration
	FieldBaseDelay
	FieldMaxDelay
	FieldJitter
	FieldWebhookSchedule
	FieldAttemptTimeout
	FieldDeadLetter
)

// RefusedWhatever returns the refusal of s when Resolve refuses it
// whatever the fields in unknown hold, or nil when some values of those
// fields make it valid. It is how the analyzers judge a policy of which
// they see only part: what the code does not show is not guessed. The
// context must be known. The refusal returned is Resolve's with the
// unknown fields at their defaults (a DeadLetter hook set), the words
// the package returns unless an unknown field is wrong too.
//
// Every check of Resolve but BaseDelay <= MaxDelay reads one field, and
// a zero field (or a DeadLetter hook) passes it; for that one, the
// smallest base (1ns) and the largest cap are tried beside the defaults.
func (s Settings) RefusedWhatever(unknown Field) *Refusal {
	s.fill(unknown, false)
	_, first := s.Resolve()
	if first == nil {
		return nil
	}
	for _, f := range []Field{FieldBaseDelay, FieldMaxDelay, FieldBaseDelay | FieldMaxDelay} {
		if unknown&f != f {
			continue
		}
		t := s
		t.fill(f, true)
		if _, r := t.Resolve(); r == nil {
			return nil
		}
	}
	return first
}

// fill sets the fields in set to a value that passes their own checks:
// the default, or with widest the smallest base and the largest cap.
func (s *Settings) fill(set Field, widest bool) {
	if set&FieldMaxRetries != 0 {
		s.MaxRetries = 0
	}
	if set&FieldMaxDuration != 0 {
		s.MaxDuration = 0
	}
	if set&FieldBaseDelay != 0 {
		s.BaseDelay = 0
		if widest {
			s.BaseDelay = time.Nanosecond
		}
	}
	if set&FieldMaxDelay != 0 {
		s.MaxDelay = 0
		if widest {
			s.MaxDelay = math.MaxInt64
		}
	}
	if set&FieldJitter != 0 {
		s.Jitter = FullJitter
	}
	if set&FieldWebhookSchedule != 0 {
		s.WebhookSchedule = false
	}
	if set&FieldAttemptTimeout != 0 {
		s.AttemptTimeout = 0
	}
	if set&FieldDeadLetter != 0 {
		s.DeadLetter = true
	}
}
