package knowledge

// failsafe-go: With(policies...).Run(fn) (failsafe.Run and Get went in
// 0.9), and the failsafehttp round tripper and requests.
var Failsafe = &Library{
	Name:        "failsafe-go",
	Module:      "github.com/failsafe-go/failsafe-go",
	Versions:    "v0.9.8",
	Paths:       []string{"github.com/failsafe-go/failsafe-go", "github.com/failsafe-go/failsafe-go/retrypolicy", "github.com/failsafe-go/failsafe-go/failsafehttp"},
	Models:      Models{Waits: "failsafe", Outcomes: "failsafe", Timeouts: "failsafe", Ops: "failsafe"},
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
