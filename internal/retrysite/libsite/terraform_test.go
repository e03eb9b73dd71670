package libsite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestTerraform covers terraform-plugin-sdk's RetryContext and
// StateChangeConf, known by their table (knowledge's terraform.go), and
// the state polls that are no retries: the one copy of the case, with
// what the model sees and what fixedinterval and maxretries report on it.
func TestTerraform(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer), "terraform")
}
