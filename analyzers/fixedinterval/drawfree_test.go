package fixedinterval_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
)

// TestDrawFree: waits computed with no random draw anywhere (time
// arithmetic, a count the package steps, a peer's value beside it) have no
// jitter; a wait that is only the peer's Retry-After is not judged.
func TestDrawFree(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), fixedinterval.Analyzer, "example.com/hostbackoff")
}
