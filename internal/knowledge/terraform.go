package knowledge

import "time"

// terraform-plugin-sdk/v2 helper/retry (and its aliases in
// helper/resource): RetryContext(ctx, timeout, f) and Retry(timeout, f)
// run f until it returns nil or a RetryError that is not retryable, by
// driving a StateChangeConf whose Refresh maps f's outcome to a state
// (github.com/hashicorp/terraform-plugin-sdk/v2@v2.40.1/helper/retry/
// wait.go:18-75, helper/resource/aliases.go:97-108); a provider may
// also drive a StateChangeConf itself (state.go).
//
// StateChangeConf.WaitForStateContext (state.go:56-206) refreshes at
// once, then waits 100ms doubled (200ms) before the next refresh and
// doubles the wait after each pending state, floored at MinTimeout and
// capped at 10s, with no jitter; PollInterval (0 < it < 180s) replaces
// it with a fixed wait. Nothing counts the refreshes but NotFoundChecks
// (20), which counts nil results only: the poll ends with a Target
// state, an error, an unexpected state or Timeout. RetryContext sets
// MinTimeout 500ms: waits of 500ms, 1s, 2s ... 10s, until timeout.
var TerraformRetry = register(&Library{
	Name:     "terraform-plugin-sdk retry",
	Module:   "github.com/hashicorp/terraform-plugin-sdk/v2",
	Versions: "v2.40.1",
	Paths: []string{
		"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry",
		"github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource",
	},
	Outcomes:    markedOutcomes,
	Waits:       terraformWaits,
	MarkerCalls: true,
	Markers:     map[string]MarkerKind{"RetryableError": MarkRetryable},
	// Providers wait for resources with RetryContext as often as they
	// retry (`if st != "ACTIVE" { return retry.RetryableError(fmt.Errorf(
	// "waiting")) }`): a fresh marked error is a state poll.
	MarkedPolls: true,
	Entries: []Entry{
		// The timeout configures neither the waits nor a count.
		Run("RetryContext", 2),
		Run("Retry", 1),
		{Func: "RetryContext", Path: "github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource", Op: 2, CfgFrom: -1},
		{Func: "Retry", Path: "github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource", Op: 1, CfgFrom: -1},
		StatePollEntry("StateChangeConf.WaitForStateContext", terraformStates),
		StatePollEntry("StateChangeConf.WaitForState", terraformStates),
	},
	Bound: BoundTable{
		Defaults: []DefaultBound{{NotOpaque: true, Unbounded: "a StateChangeConf counts no refreshes (NotFoundChecks counts nil results only): only its Timeout ends it"}},
	},
	// helper/retry/wait.go:24-29: RetryContext's StateChangeConf
	// {MinTimeout: 500ms, Timeout: timeout}; state.go:186-200: the wait
	// doubles from 100ms (×2 before it is used), floored at MinTimeout,
	// capped at 10s.
	Defaults: Defaults{
		Initial:    500 * time.Millisecond,
		Max:        10 * time.Second,
		Multiplier: 2,
		Retries:    "only errors returned as retry.RetryableError",
	},
	Advice: Advice{
		Stop: "return them as retry.NonRetryableError",
	},
})

var terraformStates = StatePoll{Refresh: "Refresh", Pending: "Pending", Target: "Target"}

// terraformWaits is StateChangeConf's vocabulary (SpreadWaits, no
// randomisation): a literal waits 200ms doubling up to 10s, its base
// raised to MinTimeout; PollInterval makes it a fixed wait; RetryContext
// (no settings but its timeout) starts at 500ms.
var terraformWaits = &WaitVocab{
	Model: SpreadWaits,
	Kinds: []WaitKind{
		{Setting: "StateChangeConf", Initial: 200 * time.Millisecond, Max: 10 * time.Second, Multiplier: 2},
		{Setting: "PollInterval", Shape: KindConstant, BaseArg: Arg(0)},
	},
	Default:       &WaitKind{Setting: "RetryContext", Initial: 500 * time.Millisecond, Max: 10 * time.Second, Multiplier: 2},
	DefaultUnless: []string{"StateChangeConf"},
	Base:          []string{"MinTimeout"},
	BaseName:      "MinTimeout",
}
