package knowledge

import (
	"strconv"
	"time"

	"github.com/retrylint/retrylint/policy"
)

// cenkalti/backoff v4: Retry(op, b) and friends; the BackOff is the
// configuration (NewExponentialBackOff, WithMaxRetries, WithContext).
var CenkaltiV4 = &Library{
	Name:        "cenkalti/backoff/v4",
	Module:      "github.com/cenkalti/backoff/v4",
	Versions:    "v4.3.0",
	Paths:       []string{"github.com/cenkalti/backoff/v4"},
	Timeouts:    cenkaltiV4Timeouts,
	Outcomes:    cenkaltiOutcomes,
	Waits:       cenkaltiWaits(false),
	MarkerCalls: true,
	Markers:     map[string]MarkerKind{"Permanent": MarkPermanent},
	Entries: []Entry{
		Run("Retry", 0, 1),
		Run("RetryNotify", 0, 1),
		Run("RetryNotifyWithTimer", 0, 1),
		Run("RetryWithData", 0, 1),
		Run("RetryNotifyWithData", 0, 1),
		Run("RetryNotifyWithTimerAndData", 0, 1),
		// Hand-written loops: d := b.NextBackOff(); if d == backoff.Stop
		// {...}; sleep d, and for range backoff.NewTicker(b).C. Stop
		// comes only after MaxElapsedTime (exponential.go:79-83, 15m by
		// default, never when 0) or from a WithMaxRetries wrapper.
		PacedBy("ExponentialBackOff.NextBackOff", PaceNext, cenkaltiV4Pace),
		PacedBy("NewTicker", PaceTicker, cenkaltiV4Pace),
		PacedBy("NewTickerWithTimer", PaceTicker, cenkaltiV4Pace),
	},
	Bound: BoundTable{
		Groups: [][]Count{
			{{Setting: "WithMaxRetries", Arg: 1}},
			{{Setting: "StopBackOff", Fixed: &Fixed{0, "StopBackOff = 0 retries"}}},
		},
		Defaults: []DefaultBound{{NotOpaque: true, Unbounded: "cenkalti/backoff/v4 Retry with no WithMaxRetries retries until MaxElapsedTime (15m by default, never when 0); R-2 wants a count whatever the time limit"}},
	},
	// github.com/cenkalti/backoff/v4@v4.3.0/exponential.go:79-83
	// (DefaultInitialInterval .. DefaultMaxElapsedTime).
	Defaults: cenkaltiDefaults,
	Advice: Advice{
		JitterFix: cenkaltiJitterFix,
		Stop:      cenkaltiStop,
		TotalCap:  "use an ExponentialBackOff with MaxElapsedTime %s, or backoff.WithContext with a context that has a deadline",
	},
}

// cenkaltiDefaults are v4's and v5's: the same exponential.go constants.
var cenkaltiDefaults = Defaults{
	Initial:    500 * time.Millisecond,
	Max:        60 * time.Second,
	Multiplier: 1.5,
	Jitter:     0.5,
	MaxElapsed: 15 * time.Minute,
	Retries:    "every error but a backoff.Permanent one",
}

// cenkalti/backoff v5: Retry(ctx, op, opts...).
var CenkaltiV5 = &Library{
	Name:        "cenkalti/backoff/v5",
	Module:      "github.com/cenkalti/backoff/v5",
	Versions:    "v5.0.3",
	Paths:       []string{"github.com/cenkalti/backoff/v5"},
	Timeouts:    cenkaltiV5Timeouts,
	Outcomes:    cenkaltiOutcomes,
	Waits:       cenkaltiWaits(true),
	MarkerCalls: true,
	Markers:     map[string]MarkerKind{"Permanent": MarkPermanent},
	Entries: []Entry{
		Run("Retry", 1, -2),
		// Hand-written loops: the v5 ExponentialBackOff has no
		// MaxElapsedTime of its own (exponential.go; the 15m default is
		// Retry's), so NextBackOff never returns Stop.
		PacedBy("ExponentialBackOff.NextBackOff", PaceNext, "a cenkalti/backoff/v5 ExponentialBackOff never returns Stop from NextBackOff: the loop has no count"),
		PacedBy("NewTicker", PaceTicker, "a cenkalti/backoff/v5 ExponentialBackOff never returns Stop: the ticker ticks forever, with no count"),
	},
	Bound: BoundTable{
		Groups:   [][]Count{{{Setting: "WithMaxTries", Attempts: true, ZeroUnbounded: true}}},
		Defaults: []DefaultBound{{NotOpaque: true, Unbounded: "cenkalti/backoff/v5 Retry with no WithMaxTries retries until MaxElapsedTime (15m by default); R-2 wants a count whatever the time limit"}},
	},
	// github.com/cenkalti/backoff/v5@v5.0.3/exponential.go:58-61 and
	// retry.go:10 (DefaultMaxElapsedTime 15m, used when the caller's
	// context has no deadline).
	Defaults: cenkaltiDefaults,
	Advice: Advice{
		JitterFix: cenkaltiJitterFix,
		Stop:      cenkaltiStop,
		TotalCap:  "pass backoff.WithMaxElapsedTime(%s)",
	},
}

// cenkaltiStop is both majors' R-4 advice.
const cenkaltiStop = "return backoff.Permanent(err) for them"

const cenkaltiV4Pace = "a cenkalti/backoff/v4 ExponentialBackOff returns Stop only after MaxElapsedTime (15m by default, never when 0): the loop has no count"

// cenkaltiWaits is the wait vocabulary of both majors (SpreadWaits):
// ExponentialBackOff's next wait is interval × (1 ± RandomizationFactor),
// interval ×= Multiplier up to MaxInterval
// (github.com/cenkalti/backoff/v4@v4.3.0/exponential.go:118-160,
// v5@v5.0.3/exponential.go); NewExponentialBackOff fills in the
// Defaults, a literal starts from zero. ConstantBackOff waits its
// Interval (constant.go), ZeroBackOff 0 (backoff.go), StopBackOff never
// retries. v5's Retry uses NewExponentialBackOff() when no WithBackOff is
// given (v5@v5.0.3/retry.go).
func cenkaltiWaits(v5 bool) *WaitVocab {
	v := &WaitVocab{
		Model: SpreadWaits,
		Kinds: []WaitKind{
			{Setting: "NewExponentialBackOff", TableDefaults: true},
			{Setting: "ExponentialBackOff"},
			{Setting: "NewConstantBackOff", Shape: KindConstant, Label: "ConstantBackOff", BaseArg: Arg(0)},
			{Setting: "ConstantBackOff", Shape: KindConstant, BaseSettings: []string{"Interval"}},
			{Setting: "ZeroBackOff", Shape: KindNoWait, Desc: "no wait (ZeroBackOff retries at once)"},
			{Setting: "StopBackOff", Shape: KindNoRetry},
		},
		Base:              []string{"InitialInterval", "WithInitialInterval"},
		Cap:               []string{"MaxInterval", "WithMaxInterval"},
		Multiplier:        []string{"Multiplier", "WithMultiplier"},
		Randomization:     []string{"RandomizationFactor", "WithRandomizationFactor"},
		MultiplierName:    "Multiplier",
		RandomizationName: "RandomizationFactor",
	}
	if v5 {
		v.Default = &WaitKind{Setting: "NewExponentialBackOff", TableDefaults: true}
		v.DefaultUnless = []string{"WithBackOff"}
		v.DefaultNote = "; Retry uses NewExponentialBackOff() when no WithBackOff is given"
	}
	return v
}

// cenkaltiOutcomes: Retry retries every error its operation returns but
// a *PermanentError (v4@v4.3.0/retry.go, v5@v5.0.3/retry.go).
var cenkaltiOutcomes = &OutcomeVocab{
	Model:      DecidedOutcomes,
	Errors:     RetryAllButPermanent,
	ErrorsDesc: "operation returns a plain error (not backoff.Permanent)",
}

// cenkaltiV4Timeouts: Retry watches a context only through
// WithContext(b, ctx); with none it runs under context.Background()
// (github.com/cenkalti/backoff/v4@v4.3.0/context.go:41-49, getContext),
// whatever context the operation uses.
// An ExponentialBackOff stops after MaxElapsedTime: 15m from
// NewExponentialBackOff (exponential.go:79-83, DefaultMaxElapsedTime),
// never when 0 (exponential.go NextBackOff), and a struct literal leaves
// it 0; ConstantBackOff and ZeroBackOff never stop on time (backoff.go).
var cenkaltiV4Timeouts = &TimeoutVocab{
	Context: []ContextRule{{Setting: "WithContext", Arg: 1}, {Background: "the default context.Background() (no WithContext)"}},
	Caps: []CapRule{
		{Kinds: []string{"NewExponentialBackOff"}, Settings: cenkaltiV4Elapsed, Desc: "MaxElapsedTime",
			ZeroNever: "MaxElapsedTime 0 means the ExponentialBackOff never stops", Default: true},
		{Kinds: []string{"ExponentialBackOff"}, Settings: cenkaltiV4Elapsed, Desc: "MaxElapsedTime",
			ZeroNever: "MaxElapsedTime 0 means the ExponentialBackOff never stops",
			Absent:    "the ExponentialBackOff literal leaves MaxElapsedTime 0, so it never stops"},
		{Kinds: []string{"NewConstantBackOff", "ConstantBackOff", "ZeroBackOff"}, Absent: "a {kind} has no elapsed-time limit"},
		{Kinds: []string{"StopBackOff"}},
	},
}

var cenkaltiV4Elapsed = []string{"MaxElapsedTime", "WithMaxElapsedTime"}

// cenkaltiV5Timeouts: Retry(ctx, ...) stops at the context's end and
// after WithMaxElapsedTime, 15m by default
// (github.com/cenkalti/backoff/v5@v5.0.3/retry.go:10,
// DefaultMaxElapsedTime), never when 0.
var cenkaltiV5Timeouts = &TimeoutVocab{
	Context: []ContextRule{{FromEntry: true, EntryArg: 0}},
	Caps: []CapRule{{Settings: []string{"WithMaxElapsedTime"},
		ZeroNever: "WithMaxElapsedTime(0) lets it retry with no time limit", Default: true}},
}

// # The R-1 fix (fixes.go)

// cenkaltiJitterFix: RandomizationFactor 1 draws each wait from
// [0, 2x] (exponential.go getRandomValueFromInterval), full jitter around
// a backoff that grows; a ConstantBackOff stays fixed whatever the factor.
// The interval x grows ×Multiplier up to MaxInterval
// (incrementCurrentInterval), so InitialInterval base/2, Multiplier 2 and
// MaxInterval cap/2 draw each wait from [0, min(cap, base×2^n)], R-1's
// formula; the defaults (500ms ×1.5 up to 60s) would reach 2m.
var cenkaltiJitterFix = &JitterFix{
	Message:      "Set RandomizationFactor to 1 (full jitter: each wait drawn from [0, 2x])",
	Growing:      true,
	Settings:     []string{"RandomizationFactor", "WithRandomizationFactor"},
	Value:        "1",
	Constructors: []string{"NewExponentialBackOff"},
	Option:       "{pkg}.WithRandomizationFactor(1)",
	Also: []FixOption{
		{Option: "WithInitialInterval", Field: "InitialInterval", Duration: policy.BaseDelay / 2},
		{Option: "WithMultiplier", Field: "Multiplier", Value: strconv.FormatFloat(policy.Multiplier, 'g', -1, 64)},
		{Option: "WithMaxInterval", Field: "MaxInterval", Duration: policy.MaxDelay / 2},
	},
	AlsoWhy: standardWaits,
}
