package knowledge

import "time"

// aws-sdk-go-v2: the retryer and the config options that set it.
var AWS = &Library{
	Name:     "aws-sdk-go-v2 retry",
	Module:   "github.com/aws/aws-sdk-go-v2",
	Versions: "v1.47.7",
	Paths:    []string{"github.com/aws/aws-sdk-go-v2/aws/retry", "github.com/aws/aws-sdk-go-v2/aws", "github.com/aws/aws-sdk-go-v2/config"},
	Models:   Models{Outcomes: "aws"},
	Waits:    awsWaits,
	Entries: []Entry{
		Config("NewStandard", 0),
		Config("NewAdaptiveMode", 0),
		Config("AddWithMaxAttempts", 0),
		Config("AddWithErrorCodes", 0),
		{Func: "WithRetryMaxAttempts", Path: "github.com/aws/aws-sdk-go-v2/config", Op: -1, CfgFrom: 0},
	},
	Bound: BoundTable{
		Groups: [][]Count{
			{{Setting: "AddWithMaxAttempts", Arg: 1, Attempts: true, ZeroUnbounded: true}},
			{
				// NewStandard and the config replace 0 with the
				// default, 3 attempts.
				{Setting: "MaxAttempts", Attempts: true, NonPositive: &Fixed{2, "%s %d means aws's default 3 attempts = 2 retries"}},
				{Setting: "WithRetryMaxAttempts", Attempts: true, NonPositive: &Fixed{2, "%s %d means aws's default 3 attempts = 2 retries"}},
				{Setting: "RetryMaxAttempts", Attempts: true, NonPositive: &Fixed{2, "%s %d means aws's default 3 attempts = 2 retries"}},
			},
		},
		Defaults: []DefaultBound{{NotOpaque: true, Fixed: &Fixed{2, "aws-sdk-go-v2's default 3 attempts = 2 retries"}}},
	},
	// github.com/aws/aws-sdk-go-v2@v1.47.7/aws/retry/standard.go:29-37
	// (DefaultMaxAttempts 3, DefaultMaxBackoff 20s, full-jitter
	// exponential backoff, DefaultRetryRateTokens 500).
	Defaults: Defaults{
		Attempts:   3,
		Initial:    time.Second,
		Max:        20 * time.Second,
		Multiplier: 2,
		Jitter:     1,
		Retries:    "throttling and transient error codes, 500/502/503/504, connection errors",
	},
	Advice: Advice{Stop: "remove them from the retryable error and status codes"},
}

// awsWaits (SpreadWaits): the standard retryer's Backoff is
// NewExponentialJitterBackoff(maxBackoff) unless replaced: each wait
// drawn from [0, min(maxBackoff, 2^attempt s)), full jitter
// (github.com/aws/aws-sdk-go-v2@v1.47.7/aws/retry/jitter_backoff.go).
var awsWaits = &WaitVocab{
	Model: SpreadWaits,
	Funcs: &WaitFuncs{
		Setting: []string{"Backoff"},
		Kinds:   map[string]WaitKind{"NewExponentialJitterBackoff": awsFullJitter},
	},
	Default: &awsFullJitter,
}

var awsFullJitter = WaitKind{Shape: KindFullJitter, At: AtSite, Desc: "full jitter (aws ExponentialJitterBackoff)"}
