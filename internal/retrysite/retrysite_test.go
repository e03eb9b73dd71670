package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// show, showCorpus and withRules are package sitetest's, shared by the
// tests of the model's packages.
var (
	show       = sitetest.Show
	showCorpus = sitetest.ShowCorpus
	withRules  = sitetest.WithRules
)

func TestLoops(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), show, "loops")
}

func TestLibraries(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), show, "libs")
}

// TestForms covers the loop forms, closures held in variables and the
// repeats that are not retries (issue 14), with what fixedinterval and
// maxretries report on them (the one copy of these cases: cases_*.go
// hold those first written for each rule).
func TestForms(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "forms")
}

// TestRetryableFields covers a go-retryablehttp client configured on
// its fields after NewClient (issue 15), with what
// report.
func TestRetryableFields(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer, nonretryable.Analyzer), "retryablefields")
}

// TestDecide covers loops whose retry decision is a predicate of the
// package over the operation's results (x-should-retry headers, a
// status the predicate itself names).
func TestDecide(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), show, "decide")
}

// TestPolls covers k8s wait polls: retries of a failing operation and
// the state polls that are not retries, with what report of
// them.
func TestPolls(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "polls")
}

// TestSDKLoops covers the request loops generated SDKs write by hand:
// float backoff arithmetic, body reads inside the attempt, status lists
// in fields (issue 15).
func TestSDKLoops(t *testing.T) {
	t.Parallel()
	both := &analysis.Analyzer{
		Name:     "showsitewaits",
		Doc:      "report every site and its waits",
		Requires: []*analysis.Analyzer{retrysite.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if _, err := show.Run(pass); err != nil {
				return nil, err
			}
			return showWaits.Run(pass)
		},
	}
	analysistest.Run(t, analysistest.TestData(), both, "sdkloops", "sdklists")
}

// TestPollConfigErrors covers k8s polls whose condition tests for an
// error no retry can fix and still says "not yet" (libsite
// polls_config.go), and the ones that stop on it or test a class the
// model does not know.
func TestPollConfigErrors(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, nonretryable.Analyzer), "pollcfg")
}

// TestStartDecl covers loops that declare their decision before the
// operation on every iteration (interp/exits' startdecl.go), and decisions
// written, carried or handed away before it, which stay unknown; and a
// decision over a status list a constructor's options fill
// (valueindex's optionsFilled).
func TestStartDecl(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer), "example.com/startdecl", "example.com/optionsfilled")
}

// TestCompanions covers success criteria on a second result of the
// operation (a status, a short write) beside its error, and the state
// polls (a job's status field, a lock holder, a ready count) that are
// not retries.
func TestCompanions(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), show, "companions")
}
