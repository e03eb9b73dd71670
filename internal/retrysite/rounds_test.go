package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestRounds covers retries in rounds (rounds.go): an outer loop that
// tries every item of a list again once all of them failed, and the
// sweeps, dispatches and refreshed lists that are not; the one copy of
// the case, with what the model sees and what fixedinterval, maxretries
// and nonretryable report on it.
func TestRounds(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer, nonretryable.Analyzer), "example.com/rounds")
}
