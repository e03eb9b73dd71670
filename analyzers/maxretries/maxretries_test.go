package maxretries_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/maxretries"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), maxretries.Analyzer, "a", "polls", "cenkloops", "webhookpkg", "forms", "fields", "funcvals", "defaults", "example.com/notretry", "locks", "example.com/xmod/caller", "periodic")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), maxretries.Analyzer, "fix")
}
