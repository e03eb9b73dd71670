package nonretryable_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), nonretryable.Analyzer, "a", "held", "decide", "sdkloops", "sdklists", "example.com/errdetail", "statusmap", "plainhttp", "oauthtoken", "example.com/decidedhere", "example.com/mirrors")
}

func TestFix(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), nonretryable.Analyzer, "fix")
}
