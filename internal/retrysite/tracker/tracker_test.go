package tracker_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestTracker covers loops that keep their attempt count in an object of
// the package (an attempt tracker built by a constructor or a func field
// the package sets), and trackers that bound nothing.
func TestTracker(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, maxretries.Analyzer), "example.com/tracker")
}
