package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/maxretries"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestStopExits: an exit on a flag only ever set to constants, or on a
// fixed key's absence from a list the loop only appends to, counts
// nothing (interp's flags.go, registry.go); a field the attempts step or
// compute, a list the loop marks or shrinks may count.
func TestStopExits(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), withRules(show, maxretries.Analyzer), "example.com/stopexits")
}
