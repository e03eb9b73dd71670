package knowledge

import (
	"time"

	"github.com/retrylint/retrylint/policy"
)

// avast/retry-go v4: Do(fn, opts...).
// github.com/avast/retry-go/v4@v4.7.0/options.go (newDefaultRetryConfig):
// attempts 10, delay 100ms, maxJitter 100ms,
// DelayType CombineDelay(BackOffDelay, RandomDelay).
var RetryGoV4 = retryGo("v4", "v4.7.0", retryGoAdvice, Run("Do", 0, -1), Run("DoWithData", 0, -1))

// avast/retry-go v5: New(opts...).Do(fn).
// github.com/avast/retry-go/v5@v5.1.1/options.go:88-91: attempts 10,
// delay 100ms, maxJitter 100ms.
var RetryGoV5 = retryGo("v5", "v5.1.1", retryGoV5Advice, Method("Retrier.Do", 0), Method("RetrierWithData.Do", 0))

// retryGo is the table of either major: the same options and defaults.
func retryGo(major, version string, advice Advice, entries ...Entry) *Library {
	name, path := "retry-go/"+major, "github.com/avast/retry-go/"+major
	return &Library{
		Name:        name,
		Module:      path,
		Versions:    version,
		Paths:       []string{path},
		Timeouts:    retryGoTimeouts,
		Outcomes:    retryGoOutcomes,
		Waits:       retryGoWaits,
		MarkerCalls: true,
		Markers:     retryGoMarkers,
		Predicates:  map[string]PredicateKind{"IsRecoverable": PredNotPermanent},
		Entries:     entries,
		Bound:       retryGoBound(name),
		Defaults:    retryGoDefaults,
		Advice:      advice,
	}
}

// retry-go v5 takes its options in New(opts...).
var retryGoV5Advice = Advice{JitterFix: retryGoJitterFix, OptionsCall: "New", Stop: retryGoAdvice.Stop, TotalCap: retryGoAdvice.TotalCap}

var retryGoDefaults = Defaults{
	Attempts:   10,
	Initial:    100 * time.Millisecond,
	Multiplier: 2,
	Retries:    "every error but a retry.Unrecoverable one",
}

var retryGoAdvice = Advice{
	JitterFix: retryGoJitterFix,
	Stop:      "return retry.Unrecoverable(err) for them, or exclude them in RetryIf",
	TotalCap:  "pass retry.Context(ctx) with ctx from context.WithTimeout(ctx, %s)",
}

func retryGoBound(name string) BoundTable {
	return BoundTable{
		Groups: [][]Count{{
			{Setting: "UntilSucceeded", Unbounded: name + " UntilSucceeded() retries until the operation succeeds"},
			{Setting: "Attempts", Attempts: true, ZeroUnbounded: true},
		}},
		Defaults: []DefaultBound{{NotOpaque: true, Fixed: &Fixed{9, name + "'s default 10 attempts = 9 retries"}}},
	}
}

var retryGoMarkers = map[string]MarkerKind{"Unrecoverable": MarkPermanent, "IsRecoverable": MarkIsRecoverable}

// retryGoWaits (SpreadWaits): the DelayType option takes a delay
// function: one of the library's, CombineDelay summing several, or one of
// the caller's, run by the wait interpreter (attempt n from 1). Delay
// (100ms), MaxJitter (100ms) and MaxDelay (none) are options of the same
// config, whatever their order
// (github.com/avast/retry-go/v4@v4.7.0/options.go newDefaultRetryConfig,
// retry.go: BackOffDelay is delay×2^(n-1), RandomDelay a random
// [0, maxJitter), FixedDelay the delay, FullJitterBackoffDelay a random
// [0, backoff); the default DelayType is
// CombineDelay(BackOffDelay, RandomDelay)).
var retryGoWaits = &WaitVocab{
	Model:         SpreadWaits,
	AnyOrder:      true,
	Base:          []string{"Delay"},
	Cap:           []string{"MaxDelay"},
	Amount:        []string{"MaxJitter"},
	AmountDefault: 100 * time.Millisecond,
	Funcs: &WaitFuncs{
		Setting: []string{"DelayType"},
		Combine: "CombineDelay",
		Local:   &LocalWait{Attempt: 0, Start: 1},
		Kinds: map[string]WaitKind{
			"FullJitterBackoffDelay":   {Shape: KindFullJitter, TableDefaults: true, Desc: "full jitter (FullJitterBackoffDelay)"},
			"FixedDelay":               {Shape: KindConstant, Label: "FixedDelay", TableDefaults: true},
			"BackOffDelay":             {TableDefaults: true, Suffix: " (BackOffDelay)"},
			"RandomDelay":              {Shape: KindRandom, TableDefaults: true, ZeroDesc: "a random wait under a fixed {ceil} that never grows (RandomDelay)"},
			"BackOffDelay+RandomDelay": retryGoDefaultDelay,
			"FixedDelay+RandomDelay":   {Shape: KindAddedJitter, Initial: retryGoDefaults.Initial, Multiplier: 1, FixedDesc: "a fixed {base} plus at most {amount} of random jitter"},
		},
	},
	Default:     &retryGoDefaultDelay,
	DefaultNote: " (retry-go's default DelayType, CombineDelay(BackOffDelay, RandomDelay))",
}

var retryGoDefaultDelay = WaitKind{Shape: KindAddedJitter, TableDefaults: true,
	Desc: "partial jitter: the wait {grows} plus at most {amount} of jitter, never below the backoff ({floor} of the longest at first)"}

// retryGoOutcomes: every error but a retry.Unrecoverable one, unless
// RetryIf decides (asked about errors only; options.go, retry.go).
var retryGoOutcomes = &OutcomeVocab{
	Model:      DecidedOutcomes,
	Errors:     RetryAllButPermanent,
	ErrorsDesc: "function returns an error not marked retry.Unrecoverable",
	Predicates: []PredicateSetting{{Setting: "RetryIf", ErrorsOnly: true}},
}

// retryGoTimeouts: no time limit; Context(ctx) stops the waits, and the
// default is context.Background()
// (github.com/avast/retry-go/v4@v4.7.0/options.go newDefaultRetryConfig,
// github.com/avast/retry-go/v5@v5.1.1/options.go:88-91).
var retryGoTimeouts = &TimeoutVocab{
	Context: []ContextRule{{Setting: "Context"}, {Background: "the default context.Background() (no Context option)"}},
	Caps:    []CapRule{{Absent: "{lib} has no time limit of its own"}},
}

// # The R-1 fix (fixes.go)

// retryGoJitterFix: DelayType(FullJitterBackoffDelay) draws each wait
// from [0, min(MaxDelay, Delay×2^n)) (v4@v4.7.0/options.go:163-190),
// whatever delay type it replaces; Delay base and MaxDelay cap make it
// R-1's formula (the defaults, 100ms and no cap, grow without end).
var retryGoJitterFix = &JitterFix{
	Message:   "Use DelayType(FullJitterBackoffDelay)",
	Settings:  []string{"DelayType"},
	Value:     "{pkg}.FullJitterBackoffDelay",
	Option:    "{pkg}.DelayType({pkg}.FullJitterBackoffDelay)",
	OnDefault: true,
	Also: []FixOption{
		{Option: "Delay", Duration: policy.BaseDelay},
		{Option: "MaxDelay", Duration: policy.MaxDelay},
	},
	AlsoWhy: standardWaits,
}
