package knowledge

// failsafe-go: With(policies...).Run(fn) (failsafe.Run and Get went in
// 0.9), and the failsafehttp round tripper and requests.
var Failsafe = &Library{
	Name:        "failsafe-go",
	Module:      "github.com/failsafe-go/failsafe-go",
	Versions:    "v0.9.8",
	Paths:       []string{"github.com/failsafe-go/failsafe-go", "github.com/failsafe-go/failsafe-go/retrypolicy", "github.com/failsafe-go/failsafe-go/failsafehttp"},
	Waits:       failsafeWaits,
	Outcomes:    failsafeOutcomes,
	Timeouts:    failsafeTimeouts,
	Requests:    failsafeRequests,
	MarkerCalls: true,
	Entries: []Entry{
		Method("Executor.Run", 0),
		Method("Executor.Get", 0),
		Method("Executor.RunWithExecution", 0),
		Method("Executor.GetWithExecution", 0),
		Method("Executor.RunAsync", 0),
		Method("Executor.GetAsync", 0),
		{Func: "NewRoundTripper", Path: failsafeHTTP, Op: -1, CfgFrom: 1, Sends: SendsTransport},
		{Func: "NewRoundTripperWithExecutor", Path: failsafeHTTP, Op: -1, CfgFrom: 1, Sends: SendsTransport},
		{Func: "NewRequest", Path: failsafeHTTP, Op: -1, CfgFrom: 2, Sends: SendsCall},
		{Func: "NewRequestWithExecutor", Path: failsafeHTTP, Op: -1, CfgFrom: 2, Sends: SendsCall},
	},
	Bound: BoundTable{
		Groups: [][]Count{{
			{Setting: "WithMaxRetries"},
			{Setting: "WithMaxAttempts", Attempts: true},
		}},
		Defaults: []DefaultBound{{IfAny: []string{"NewBuilder", "NewWithDefaults", "NewRetryPolicyBuilder"}, NotOpaque: true, Fixed: &Fixed{2, "failsafe-go's default 2 retries"}}},
	},
	// github.com/failsafe-go/failsafe-go@v0.9.8/retrypolicy/retry.go:14
	// (defaultMaxRetries = 2); no delay unless one is set.
	Defaults: Defaults{Attempts: 3, Retries: "every error (HandleIf and friends narrow it)"},
	Advice: Advice{
		Stop:     "make the policy's HandleIf return false for them (or AbortIf them)",
		TotalCap: "add WithMaxDuration(%s) to the retry policy",
	},
}

const failsafeHTTP = "github.com/failsafe-go/failsafe-go/failsafehttp"

// failsafeWaits (SpreadWaits): a retry policy builder waits nothing
// unless given a delay: WithDelay(d), WithBackoff(d, max) (doubling),
// WithBackoffFactor(d, max, factor), WithRandomDelay(lo, hi) or
// WithDelayFunc (the model does not run it); WithJitter(d) adds ± d,
// WithJitterFactor(f) ± f of each wait
// (github.com/failsafe-go/failsafe-go@v0.9.8/retrypolicy/builder.go).
var failsafeWaits = &WaitVocab{
	Model:    SpreadWaits,
	AnyOrder: true,
	Kinds: []WaitKind{
		{Setting: "WithDelay", Shape: KindConstant, BaseArg: Arg(0), ZeroDesc: "no wait (WithDelay(0))", Suffix: " (WithDelay)"},
		{Setting: "WithBackoff", Multiplier: 2, BaseArg: Arg(0), CapArg: Arg(1), Suffix: " (WithBackoff)"},
		{Setting: "WithBackoffFactor", BaseArg: Arg(0), CapArg: Arg(1), MultiplierArg: Arg(2), Suffix: " (WithBackoffFactor)"},
		{Setting: "WithRandomDelay", Shape: KindRandom, BaseArg: Arg(0), CapArg: Arg(1),
			Desc:     "a random wait between a fixed {base} and {ceil} that never grows (WithRandomDelay)",
			ZeroDesc: "a random wait under a fixed {ceil} that never grows (WithRandomDelay)"},
		{Setting: "WithDelayFunc", Shape: KindUnknown},
	},
	Default:     &WaitKind{Shape: KindNoWait, Desc: "no wait: failsafe-go retry policies retry at once unless given a delay"},
	DefaultIf:   []string{"NewBuilder", "NewWithDefaults", "NewRetryPolicyBuilder"},
	DefaultAtIf: true,
	Jitters: []WaitJitter{
		{Setting: "WithJitter", Kind: JitterAbsolute, What: "WithJitter({j})", AtKindWhenFixed: true,
			FixedDesc: "a fixed {base} ±{j} ({what})", GrowsDesc: "partial jitter: {what} spreads each wait only ±{j} around a backoff that {grows}"},
		{Setting: "WithJitterFactor", Kind: JitterFactor, What: "WithJitterFactor({f})", AtKindWhenFixed: true},
	},
}

// failsafeOutcomes: a failure is retried when a HandleIf matches (every
// error with no Handle setting; failsafehttp's NewRetryPolicyBuilder
// handles what retryablehttp's DefaultRetryPolicy retries) and no
// AbortIf does (retrypolicy/builder.go, failsafehttp/retry_policy.go).
// The other Handle and Abort settings are not read.
var failsafeOutcomes = &OutcomeVocab{
	Model:      DecidedOutcomes,
	Errors:     RetryEveryError,
	ErrorsDesc: "failsafe-go handles every error",
	Predicates: []PredicateSetting{
		{Setting: "HandleIf", Or: true, WordLast: true},
		{Setting: "NewRetryPolicyBuilder", Builtin: PredHTTPDefaultPolicy, Or: true},
		{Setting: "AbortIf", Or: true, Abort: true},
	},
	Families:      []OutcomeFamily{FamilyHTTP, FamilyCert},
	Unread:        []string{"HandleErrors", "HandleErrorTypes", "HandleResult", "AbortOnResult", "AbortOnErrorTypes"},
	OpaqueUnknown: true,
}

// failsafeTimeouts: an executor's WithContext stops it; a failsafehttp
// request watches its request's context, a round tripper each request's;
// retrypolicy's WithMaxDuration caps the total time, none by default
// (github.com/failsafe-go/failsafe-go@v0.9.8/executor.go,
// failsafehttp/http.go, retrypolicy/retry.go).
var failsafeTimeouts = &TimeoutVocab{
	Context: []ContextRule{
		{Entries: []string{"NewRoundTripper", "NewRoundTripperWithExecutor"}, Caller: true},
		{Entries: []string{"NewRequest", "NewRequestWithExecutor"}, FromEntry: true, EntryArg: 0, Request: true},
		{Setting: "WithContext"},
	},
	Caps: []CapRule{{Settings: []string{"WithMaxDuration"}, Absent: "the retry policy has no WithMaxDuration",
		AbsentIf: []string{"NewBuilder", "NewWithDefaults"}}},
}

// failsafeRequests: failsafehttp.NewRequest(req, client, policies...)
// wraps a request and its client; the wrapper's Do sends them
// (github.com/failsafe-go/failsafe-go@v0.9.8/failsafehttp/http.go).
var failsafeRequests = &RequestVocab{
	Path: failsafeHTTP,
	Funcs: map[string]SendFunc{
		"NewRequest":             {Req: 0, Client: 1, Wrap: true},
		"NewRequestWithExecutor": {Req: 0, Client: 1, Wrap: true},
		"Request.Do":             {Req: NoArg, Client: NoArg, Unwrap: true},
	},
}
