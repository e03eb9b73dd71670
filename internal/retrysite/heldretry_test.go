package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestHeldRetry: a function that calls itself through a closure it holds
// (retry := func(err error) error { sleep; return f(...) }) is a
// recursive retry, also after a loop over candidates, with the closure's
// waits; a closure that follows another input, a success that asks
// again, a refresh guarded by state and a closure written twice are not
// (heldrecursion.go).
func TestHeldRetry(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/heldretry")
}
