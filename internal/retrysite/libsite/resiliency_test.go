package libsite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"github.com/retrylint/retrylint/analyzers/notimeout"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestResiliency covers go-resiliency's retrier, known by its table
// (resiliency.go): the one copy of the case, with what the model sees and
// what fixedinterval, maxretries, nonretryable and notimeout report on it.
func TestResiliency(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer, nonretryable.Analyzer, notimeout.Analyzer), "resiliency")
}
