package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestRejoin covers a group member's main loop that starts over after a
// failed generation (example.com/rejoin): what the model sees and what
// fixedinterval and maxretries report, in the one copy of the case.
func TestRejoin(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "example.com/rejoin")
}
