package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestNoJitter covers waits the interpreter cannot run, reported when
// nothing in them is drawn at random (waits_determ.go), and silent when
// a draw feeds them directly, through a method or through a field.
func TestNoJitter(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer), "example.com/nojitter")
}

// TestSwap covers compare-and-swap loops (swap.go): a conflict retried
// like an error, a wait drawn once before the loop (a fixed interval,
// waitnum waits_next.go passedGuardedWait), and the loops that are not
// retries (over keys, in memory).
func TestSwap(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer), "example.com/swap")
}
