package knowledge

// sethvargo/go-retry: Do(ctx, b, f).
var Sethvargo = &Library{
	Name:        "sethvargo/go-retry",
	Module:      "github.com/sethvargo/go-retry",
	Versions:    "v0.5.0",
	Paths:       []string{"github.com/sethvargo/go-retry"},
	Waits:       sethvargoWaits,
	Timeouts:    sethvargoTimeouts,
	Outcomes:    markedOutcomes,
	MarkerCalls: true,
	Markers:     map[string]MarkerKind{"RetryableError": MarkRetryable},
	Entries:     []Entry{Run("Do", 2, 1), Run("DoValue", 2, 1)},
	Bound: BoundTable{
		Groups:   [][]Count{{{Setting: "WithMaxRetries"}}},
		Defaults: []DefaultBound{{NotOpaque: true, Unbounded: "sethvargo/go-retry with no WithMaxRetries retries until the context ends"}},
	},
	// github.com/sethvargo/go-retry@v0.5.0/backoff_*.go: every backoff
	// takes its base; no count, cap or jitter unless wrapped
	// (WithMaxRetries, WithCappedDuration, WithJitter...).
	Defaults: Defaults{Retries: "only errors wrapped in retry.RetryableError"},
	Advice: Advice{
		Stop:     "return them without wrapping them in retry.RetryableError",
		TotalCap: "wrap the backoff in retry.WithMaxDuration(%s, b) or give Do a context with a deadline",
	},
}

// sethvargoWaits (SpreadWaits): NewConstant, NewExponential (doubling)
// and NewFibonacci take their base; WithCappedDuration caps; the jitter
// wrappers add ± a duration (WithJitter), ± a percentage
// (WithJitterPercent) or draw from [0, next) (WithFullJitter)
// (github.com/sethvargo/go-retry@v0.5.0/backoff_*.go, backoff.go). A base
// or cap the model cannot see leaves the shape known.
var sethvargoWaits = &WaitVocab{
	Model:       SpreadWaits,
	AnyOrder:    true,
	LenientBase: true,
	LenientCap:  true,
	Kinds: []WaitKind{
		{Setting: "NewConstant", Shape: KindConstant, BaseArg: Arg(0)},
		{Setting: "NewExponential", Multiplier: 2, BaseArg: Arg(0)},
		{Setting: "NewFibonacci", Multiplier: 1.618, BaseArg: Arg(0), Grows: "grows like the Fibonacci sequence{from}"},
	},
	Cap: []string{"WithCappedDuration"},
	Jitters: []WaitJitter{
		{Setting: "WithJitter", Kind: JitterAbsolute, What: "WithJitter({j})", FixedDesc: "{fixed} ±{j} (WithJitter)",
			GrowsDesc: "partial jitter: {what} spreads each wait only ±{j} around a backoff that {grows}, far past it"},
		{Setting: "WithJitterPercent", Kind: JitterPercent, What: "WithJitterPercent({p})"},
		{Setting: "WithFullJitter", Kind: JitterFull, FixedDesc: "a random wait under {ceiling} that never grows (WithFullJitter over NewConstant)",
			GrowsDesc: "full jitter (WithFullJitter)"},
	},
}

// markedOutcomes: only errors the function returns marked
// retry.RetryableError are retried (sethvargo/go-retry, terraform's
// helper/retry).
var markedOutcomes = &OutcomeVocab{Model: DecidedOutcomes, Errors: RetryOnlyMarked, ErrorsDesc: "function returns retry.RetryableError"}

// sethvargoTimeouts: Do(ctx, b, f) stops at ctx's end and hands ctx to
// f; WithMaxDuration caps the total time
// (github.com/sethvargo/go-retry@v0.5.0/retry.go, backoff.go).
var sethvargoTimeouts = &TimeoutVocab{
	Context: []ContextRule{{FromEntry: true, EntryArg: 0, PassesToOp: true}},
	Caps:    []CapRule{{Settings: []string{"WithMaxDuration"}, Absent: "the backoff has no WithMaxDuration"}},
}
