package fixedinterval_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), fixedinterval.Analyzer, "a", "polls", "cenkloops", "libs", "webhook", "forms", "fields", "decide", "sdkloops", "waitstate", "funcvals", "defaults", "example.com/notretry", "periodic", "example.com/xwait/caller", "example.com/sameinput")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), fixedinterval.Analyzer, "fix", "fiximport", "fixv1", "fixlib")
}
