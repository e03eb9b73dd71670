package knowledge

import "time"

// googleapis/gax-go v2: a retry call option.
var Gax = &Library{
	Name:     "gax-go",
	Module:   "github.com/googleapis/gax-go/v2",
	Versions: "v2.27.0 (Backoff defaults read at v2.26.2)",
	Paths:    []string{"github.com/googleapis/gax-go/v2"},
	Waits:    gaxWaits,
	// call_option.go: OnCodes, OnHTTPCodes and OnErrorFunc Retryers
	// retry the codes listed or what the function accepts.
	Outcomes: &OutcomeVocab{Model: DecidedOutcomes, Union: true,
		Predicates: []PredicateSetting{{Setting: "OnErrorFunc", Arg: 1}},
		Families:   []OutcomeFamily{FamilyGRPC, FamilyCert},
		Codes:      []CodeSetting{{Setting: "OnCodes", Kind: CodesGRPC, One: true}, {Setting: "OnHTTPCodes", Kind: CodesHTTP, From: 1}}},
	Entries: []Entry{Config("WithRetry", 0)},
	Bound: BoundTable{
		Defaults: []DefaultBound{
			{IfAny: []string{"OnCodes", "OnErrorFunc", "OnHTTPCodes"}, Unbounded: "gax-go retries until the call's deadline; it has no attempt count"},
		},
	},
	// github.com/googleapis/gax-go/v2@v2.26.2/call_option.go:186-196
	// (Backoff.Pause: Initial 0 means 1s, Max 0 means 30s, Multiplier
	// < 1 means 2; each pause drawn from [1, cur]: full jitter).
	Defaults: Defaults{
		Initial:    time.Second,
		Max:        30 * time.Second,
		Multiplier: 2,
		Jitter:     1,
		Retries:    "the codes given to OnCodes / OnHTTPCodes, or what OnErrorFunc accepts",
	},
	Advice: Advice{
		Stop:  "remove them from the codes the Retryer retries",
		Codes: CodeList{Setting: "OnCodes", Literal: true, Overrides: []string{"OnHTTPCodes", "OnErrorFunc"}},
	},
}

// gaxWaits (SpreadWaits): a Backoff's Pause draws from [1ns, cur] and cur
// grows by Multiplier up to Max (full jitter); Initial 0 means 1s, Max 0
// means 30s, a Multiplier below 1 means 2, but a Multiplier of exactly 1
// never grows the ceiling: every wait is drawn below the same Initial,
// which is no backoff (github.com/googleapis/gax-go/v2@v2.26.2/call_option.go:186-205).
var gaxWaits = &WaitVocab{
	Model:              SpreadWaits,
	AnyOrder:           true,
	NonPositiveDefault: true,
	Base:               []string{"Initial"},
	Cap:                []string{"Max"},
	Multiplier:         []string{"Multiplier"},
	Default: &WaitKind{Shape: KindFullJitter, TableDefaults: true, At: AtSite,
		Desc:      "full jitter (gax Backoff draws from [0, ceiling))",
		FixedDesc: "random times below a fixed {ceil} (gax Backoff Multiplier 1 never grows the ceiling)"},
}
