package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestRetryDecision: a callee whose bool says "again" only after it
// waited and counted is its caller's retry decision, whatever predicate
// decides it (decider.go's RetryDecision).
func TestRetryDecision(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/retrydecision")
}
