package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// showWaits is package sitetest's, shared by the tests of the model's
// packages.
var showWaits = sitetest.ShowWaits

func TestWaits(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showWaits, "waitlibs")
}

// TestCenkLoops covers hand-written loops over a cenkalti backoff: the
// waits the model sees and what report of them.
func TestCenkLoops(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showWaits, fixedinterval.Analyzer, maxretries.Analyzer), "cenkloops")
}

// TestWorkflowRetry: a retry written for a workflow engine (its own
// Context, a Future's Get, a durable timer awaited at once) is a loop
// site whose wait, computed from options and math with no random draw,
// has no jitter; a base drawn at random by the enclosing function
// and a Get given no context are traps.
func TestWorkflowRetry(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/workflowretry")
}
