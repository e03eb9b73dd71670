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

// TestKeptCount covers a library client kept in a field, its count set
// by a configure function (keptcount.go): the one copy of the case, with
// what the model sees and what fixedinterval, maxretries and notimeout
// report on it.
func TestKeptCount(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer, notimeout.Analyzer), "keptcount")
}

// TestKeptCtor covers retrying clients built with the library's
// constructor and kept in a field or returned, every write in sight
// (keptcount.go), and the traps where some write is not.
func TestKeptCtor(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer, notimeout.Analyzer, nonretryable.Analyzer), "keptctor", "github.com/hashicorp/go-retryablehttp")
}
