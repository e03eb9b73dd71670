package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAsTarget: a predicate of the package that reads a net.Error's
// Timeout on what errors.As found in the error it is given does not
// retry certificate errors (astarget.go); one that retries every
// net.Error does.
func TestAsTarget(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), withRules(show, nonretryable.Analyzer), "example.com/dialtls")
}
