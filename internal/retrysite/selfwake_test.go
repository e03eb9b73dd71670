package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSelfWake: a loop over a select whose failure sends on a channel
// the loop receives from (the case that arms the backoff) retries the
// operation; a loop woken only by others, or by its successes too, and
// queues and pipelines over channels do not (interp's selftrigger.go).
func TestSelfWake(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/selfwake")
}
