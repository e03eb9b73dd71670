package notretry_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestNotRetry covers repeats that are not retries: the model finds no
// site in them, and so no rule reports there.
func TestNotRetry(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer), "example.com/notretry", "example.com/reflectwalk", "example.com/oslock", "example.com/listwalk", "example.com/handoff")
}

// TestNotRetryPrecision covers repeats that real modules showed are not
// retries: local set-up whose only network results are dropped, readiness
// waits for a started process, polls at the server's interval.
func TestNotRetryPrecision(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.Show, "notretry2")
}
