package maxretries_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Test runs the rule over its test packages. The k8s polls, the loops
// over a cenkalti backoff and the repeats that are not retries are in the
// model's testdata (internal/retrysite TestPolls, TestCenkLoops,
// TestNotRetry), checked there with this rule's findings.
func Test(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), maxretries.Analyzer, "a", "webhookpkg", "funcvals", "locks", "example.com/xmod/caller", "keptclient", "example.com/offcount", "example.com/watchplan", "example.com/inlinedefault", "example.com/exchange", "dskitasync", "example.com/joinfork", "example.com/cfgdefault/shipped", "example.com/cfgdefault/small", "example.com/cfgdefault/nodefault", "example.com/cfgdefault/defsite", "example.com/ownqueue", "example.com/recount", "asynqjobs", "example.com/countstep", "example.com/decisioncount")
}

func TestFix(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), maxretries.Analyzer, "fix")
}

// TestReferencePolicy checks the retry.Policy values given to the
// reference package's retry.Do: one it refuses before the first attempt
// is a finding at the literal, in the package's words.
func TestReferencePolicy(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), maxretries.Analyzer, "refpolicy")
}

// TestReferencePolicyRanges checks that -ranges tightens the range a
// retry.Policy's count (its MaxRetries, or its context's default) is
// judged by. It sets the model's flags, so it does not run in parallel:
// the parallel tests start once it has ended and restored them.
func TestReferencePolicyRanges(t *testing.T) {
	flags := &retrysite.Analyzer.Flags
	if err := flags.Set("ranges", "sync=1-2,async=1-4"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { flags.Set("ranges", "") })
	analysistest.Run(t, analysistest.TestData(), maxretries.Analyzer, "refranges")
}
