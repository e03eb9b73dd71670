package knowledge

import (
	"time"

	"github.com/retrylint/retrylint/policy"
)

// gRPC service config given to WithDefaultServiceConfig: a constant
// JSON document, or one the model rebuilds (a Go map or struct with json
// tags passed to encoding/json.Marshal, a fmt.Sprintf template; see
// internal/retrysite/libread). A retryPolicy holding a value
// the model cannot know is not read.
var GRPCConfig = &Library{
	Name:          "gRPC service config",
	Module:        "google.golang.org/grpc",
	Versions:      "v1.85.0",
	Paths:         []string{"google.golang.org/grpc"},
	ForcesContext: true,
	Context:       policy.GRPCUnary,
	Outcomes:      &OutcomeVocab{Model: ServiceConfigOutcomes},
	Entries:       []Entry{Config("WithDefaultServiceConfig", 0)},
	ServiceConfig: true,
	// service_config.go, dialoptions.go: maxAttempts above 5 is cut to
	// 5, or to WithMaxCallAttempts(n) (n < 2 means 5).
	CapOption:  "WithMaxCallAttempts",
	CapDefault: 5,
	// google.golang.org/grpc@v1.85.0/service_config.go: maxAttempts is
	// required (2..5, more is cut to 5 or WithMaxCallAttempts), backoff
	// multiplied by a random 0.8-1.2 (clientconn/retry in stream.go).
	Defaults: Defaults{Retries: "the retryableStatusCodes listed"},
	Advice: Advice{
		Stop: "remove them from retryableStatusCodes",
		// service_config.go: methodConfig "timeout" is the call's
		// deadline when the caller's is later or unset.
		TotalCap: `add "timeout": "%s"`,
	},
}

// go-grpc-middleware v1 retry interceptors: the defaults are
// github.com/grpc-ecosystem/go-grpc-middleware@v1.4.0/retry/options.go
// (defaultOptions: max 0, perCallTimeout 0,
// BackoffLinearWithJitter(50ms, 0.10), codes ResourceExhausted and
// Unavailable).
var GRPCMwV1 = grpcMw("go-grpc-middleware retry", "github.com/grpc-ecosystem/go-grpc-middleware", "v1.4.0",
	"github.com/grpc-ecosystem/go-grpc-middleware/retry")

// go-grpc-middleware v2 retry interceptors: the defaults are
// github.com/grpc-ecosystem/go-grpc-middleware/v2@v2.3.3/interceptors/retry/options.go:20-30
// (DefaultRetriableCodes ResourceExhausted, Unavailable; max 0 =
// disabled; perCallTimeout 0; BackoffLinearWithJitter(50ms, 0.10)).
var GRPCMwV2 = grpcMw("go-grpc-middleware/v2 retry", "github.com/grpc-ecosystem/go-grpc-middleware/v2", "v2.3.4 (defaults read at v2.3.3)",
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry")

// grpcMw is the table of either major: the same interceptors, settings
// and defaults.
func grpcMw(name, module, versions, path string) *Library {
	return &Library{
		Name:          name,
		Module:        module,
		Versions:      versions,
		Paths:         []string{path},
		ForcesContext: true,
		Context:       policy.GRPCUnary,
		Outcomes:      grpcMwOutcomes,
		Waits:         grpcMwWaits,
		Entries:       []Entry{Config("UnaryClientInterceptor", 0), Config("StreamClientInterceptor", 0)},
		Bound:         grpcMwBound,
		Defaults:      grpcMwDefaults,
		Advice:        grpcMwAdvice,
		Timeouts:      grpcMwTimeouts,
	}
}

// grpcMwTimeouts: each call brings the caller's context; an attempt is
// timed only by WithPerRetryTimeout, 0 (off) by default
// (github.com/grpc-ecosystem/go-grpc-middleware/v2@v2.3.3/interceptors/retry/options.go:22-24,
// 89-105; retry.go:292-293 derives each attempt's context with
// context.WithTimeout only when it is set; v1.4.0/retry/options.go
// likewise). Without it a hung attempt holds the call's deadline to the
// end and no retry follows.
var grpcMwTimeouts = &TimeoutVocab{
	Context: []ContextRule{{Caller: true}},
	Attempt: &AttemptTimeout{
		Settings: []string{"WithPerRetryTimeout"},
		Missing:  "no WithPerRetryTimeout, so each attempt runs until the call's deadline",
		Fix:      "; add WithPerRetryTimeout(d)",
	},
}

var grpcMwDefaults = Defaults{
	Initial:    50 * time.Millisecond,
	Max:        50 * time.Millisecond,
	Multiplier: 1,
	Jitter:     0.1,
	Retries:    "ResourceExhausted and Unavailable (when WithMax turns retries on)",
}

var grpcMwBound = BoundTable{
	// Named "max retries" but the interceptor makes WithMax attempts in
	// all (attempt < max).
	Groups:   [][]Count{{{Setting: "WithMax", Attempts: true}}},
	Defaults: []DefaultBound{{NotOpaque: true, Fixed: &Fixed{0, "retries are off by default (max 0)"}}},
}

var grpcMwAdvice = Advice{
	Codes: CodeList{Setting: "WithCodes", Overrides: []string{"WithRetriable"}},
	Stop:  "remove them from WithCodes (or make WithRetriable return false for them)",
}

// grpcMwWaits (SpreadWaits): WithBackoff(f) and WithBackoffContext(f)
// take a backoff function built by one of the library's constructors,
// whose arguments are the base, the jitter fraction and a cap;
// BackoffLinear* waits the base (×1), BackoffExponential* doubles it;
// JitterUp multiplies each wait by 1 ± jitterFraction
// (github.com/grpc-ecosystem/go-grpc-middleware@v1.4.0/retry/backoff.go,
// v2@v2.3.3/interceptors/retry/backoff.go). The default is
// BackoffLinearWithJitter(50ms, 0.10) (options.go).
var grpcMwWaits = &WaitVocab{
	Model:      SpreadWaits,
	LenientCap: true,
	Funcs: &WaitFuncs{
		Setting: []string{"WithBackoff", "WithBackoffContext"},
		Kinds: map[string]WaitKind{
			"BackoffLinear":                       {Label: "BackoffLinear", Multiplier: 1, BaseArg: Arg(0), Suffix: " (BackoffLinear)"},
			"BackoffLinearWithJitter":             {Label: "BackoffLinearWithJitter", Multiplier: 1, BaseArg: Arg(0), RandomizationArg: Arg(1), Suffix: " (BackoffLinearWithJitter)"},
			"BackoffExponential":                  {Label: "BackoffExponential", Multiplier: 2, BaseArg: Arg(0)},
			"BackoffExponentialWithJitter":        {Label: "BackoffExponentialWithJitter", Multiplier: 2, BaseArg: Arg(0), RandomizationArg: Arg(1)},
			"BackoffExponentialWithJitterBounded": {Label: "BackoffExponentialWithJitterBounded", Multiplier: 2, BaseArg: Arg(0), RandomizationArg: Arg(1), CapArg: Arg(2)},
		},
		// WithBackoff(func(attempt uint) time.Duration) of the module:
		// called with attempt 1 before the first retry (v1 retry.go
		// waitRetryBackoff, v2 retry.go).
		Local: &LocalWait{Attempt: 0, Start: 1},
	},
	Default:           &WaitKind{Label: "BackoffLinearWithJitter", Initial: 50 * time.Millisecond, Multiplier: 1, Randomization: 0.1},
	DefaultNote:       " (the interceptor's default BackoffLinearWithJitter(50ms, 0.1))",
	RandomizationWhat: "{label} jitterFraction {f}",
}

// grpcMwOutcomes: v2's WithRetriable predicate decides, else the codes
// WithCodes lists, else ResourceExhausted and Unavailable (options.go).
var grpcMwOutcomes = &OutcomeVocab{
	Model:       DecidedOutcomes,
	Predicates:  []PredicateSetting{{Setting: "WithRetriable"}},
	Families:    []OutcomeFamily{FamilyGRPC, FamilyCert},
	Codes:       []CodeSetting{{Setting: "WithCodes", Kind: CodesGRPC}},
	DefaultGRPC: []policy.GRPCCode{policy.ResourceExhausted, policy.Unavailable},
	DefaultDesc: "the default codes RESOURCE_EXHAUSTED, UNAVAILABLE",
}
