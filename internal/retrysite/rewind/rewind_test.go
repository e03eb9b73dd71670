package rewind_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestRewind covers a request carried from one round to the next: rewound
// for the next attempt by a function of the package (a retry of the same
// request), or moved to the next page or another request (not a retry).
func TestRewind(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer), "example.com/rewind")
}
