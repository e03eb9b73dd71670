package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestBackoffPoll: a failure path that goes back through a backoff the
// loop's success path passes too is a retry with that backoff
// (periodic_backoff.go); a period, a count only successes move, a func
// value's backoff and a ticker's schedule are not.
func TestBackoffPoll(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "example.com/backoffpoll")
}
