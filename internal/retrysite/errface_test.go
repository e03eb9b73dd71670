package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestErrorInterface covers operations that return a package's own error
// interface (one that embeds error): their nil test is an error test
// (typesx.IsErrorType), and the polls and failovers written with it stay
// no retries.
func TestErrorInterface(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer), "example.com/errface")
}
