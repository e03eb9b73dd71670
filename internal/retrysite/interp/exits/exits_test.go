package exits_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The exits are read through the whole model: the tests run the model's
// sitetest analyzers with a rule over testdata whose // want comments
// state what the model sees.

// TestStopExits: an exit on a flag only ever set to constants, or on a
// fixed key's absence from a list the loop only appends to, counts
// nothing (flags.go, registry.go); a field the attempts step or
// compute, a list the loop marks or shrinks may count.
func TestStopExits(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, maxretries.Analyzer), "example.com/stopexits")
}

// TestSelfWake: a loop over a select whose failure sends on a channel
// the loop receives from (the case that arms the backoff) retries the
// operation; a loop woken only by others, or by its successes too, and
// queues and pipelines over channels do not (selftrigger.go).
func TestSelfWake(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.ShowCorpus, fixedinterval.Analyzer), "example.com/selfwake")
}
