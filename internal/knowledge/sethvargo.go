package knowledge

// sethvargo/go-retry: Do(ctx, b, f).
var Sethvargo = &Library{
	Name:        "sethvargo/go-retry",
	Module:      "github.com/sethvargo/go-retry",
	Versions:    "v0.5.0",
	Paths:       []string{"github.com/sethvargo/go-retry"},
	Models:      Models{Waits: "sethvargo", Outcomes: "sethvargo", Timeouts: "sethvargo"},
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
