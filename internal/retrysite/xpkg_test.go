package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/idemkey"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCrossPackage: calls of a retry helper written in another package of
// the same module are sites of the caller, with the caller's func values
// bound to the helper's parameters; a helper of another module, one that
// runs its func once or per item, and a file its build constraint
// excludes are not followed.
func TestCrossPackage(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showCorpus, "example.com/xmod/caller", "example.com/xmod/condcaller")
}

// TestForwardedHelper: a helper that hands its func on to another
// helper (wrapped in a closure, through a generic method, variadic
// options passed on) makes its callers sites with the innermost helper's
// loop, whose attempt sits in a select default clause and whose exit is
// a method over a classification of the error and an option's setting;
// a helper that runs the func once, or walks items handing each to such
// a helper, does not (caller.go's traps).
func TestForwardedHelper(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showCorpus, "example.com/xdeep/caller", "example.com/xdeep/retry", "example.com/xdeep/internal/pool")
}

// TestDeciderClosure: a loop that goes round when a func value given the
// operation's error says so is a retry when that value is a literal that
// waits or counts (a local one, or the one a factory of another package
// of the module returns): its waits are the loop's, at the call, its
// captured count the bound (decider.go). A func value that neither waits
// nor counts, and a decider around a local operation, are not.
func TestDeciderClosure(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/xmod/decider")
}

// TestPairDecision: the wait of a loop is the duration result of a
// (bool, time.Duration) decision method whose cases are errors.As tests,
// computed by a function of another package of the module or by methods
// of typed errors (pairdecide.go); a decision whose duration is a
// full-jitter draw stays silent.
func TestPairDecision(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/xmod/pairdecide")
}

// TestHelperFindingInCaller: a RoundTrip that hands its request to a
// retry helper of another package of the module is reported at its call
// of the helper, not in the helper's file (report.Reporter).
func TestHelperFindingInCaller(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, idemkey.Analyzer, fixedinterval.Analyzer), "example.com/xmod/rtcaller")
}

// TestHelperReceiverWaits: the Retry method of a backoff object of
// another package of the module waits what its receiver's next method
// computes from a field it grows; the wait is the caller's retry's too,
// reported at the call (partial jitter), and a full-jitter one is none.
func TestHelperReceiverWaits(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/xmod/recvcaller")
}

// TestDependencyBackoff: a backoff type of a dependency module with no
// table is run from the dependency's source (its defaults for zero
// settings, an attempt counter kept with sync/atomic): no random draw on
// any path is no jitter, whatever the settings; a draw the caller's
// Jitter turns on, or a count in a package variable, is no verdict.
func TestDependencyBackoff(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/xmod/depbackoff")
}
