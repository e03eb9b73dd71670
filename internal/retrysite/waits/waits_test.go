package waits_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/notimeout"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The waits package runs inside the retrysite Analyzer; its tests run
// the Analyzer over testdata/src/waits and check the waits every site
// gets.

// TestWaits covers the waits of hand-written sites: the primitives,
// helpers, timers and tickers, channel variables, select forms, response
// predicates and waits computed with no random draw, with what
// fixedinterval reports on them (the one copy of these shapes).
func TestWaits(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.ShowWaits, fixedinterval.Analyzer), "waits")
}

// TestPeriodic covers the failure path of a loop that repeats on success
// too (a periodic renewal, a long poll, a pagination): a retry when it
// goes back to the same operation after a wait of its own, and the
// periodic tasks, polls and drains that are not (periodic.go), with what
// fixedinterval, maxretries and notimeout report on them (the one copy of
// these cases: cases_*.go hold those first written for each rule).
func TestPeriodic(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer, notimeout.Analyzer), "periodic")
}
