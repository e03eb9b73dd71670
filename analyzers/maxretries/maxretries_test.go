package maxretries_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/maxretries"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Test runs the rule over its test packages. The k8s polls, the loops
// over a cenkalti backoff and the repeats that are not retries are in the
// model's testdata (internal/retrysite TestPolls, TestCenkLoops,
// TestNotRetry), checked there with this rule's findings.
func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), maxretries.Analyzer, "a", "webhookpkg", "funcvals", "locks", "example.com/xmod/caller", "keptclient", "example.com/offcount", "example.com/watchplan", "example.com/inlinedefault", "example.com/exchange", "dskitasync", "example.com/joinfork")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), maxretries.Analyzer, "fix")
}
