package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestNonLoop: retries that are not loops (typesx.HeldSelfCalls): a
// function that reaches itself through another function on failure, an
// operation scheduled again by time.AfterFunc or by a goroutine that
// sleeps, are recursive retries with the waits along the cycle; a
// periodic job re-armed whatever the outcome, a recursion over a tree
// and a reconnect after a clean close are not.
func TestNonLoop(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/nonloop")
}

// TestOutcomePredicate: a recursion decided by a func value given the
// operation's error (interp's outcomepred.go) is a retry with no
// attempt count and waits the model cannot see; a depth parameter, a
// next page, a negated "done" test, a retry object's method and a
// freshness check given no error are traps.
func TestOutcomePredicate(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer, maxretries.Analyzer, nonretryable.Analyzer), "example.com/outcomepred")
}
