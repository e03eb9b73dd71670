package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// show reports every site the model finds, described in one line, so that
// testdata can state what the model must see with // want comments.
var show = &analysis.Analyzer{
	Name:     "showsites",
	Doc:      "report every retry site the model finds",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			pass.Reportf(s.Pos, "%s", s.Describe())
		}
		return nil, nil
	},
}

func TestLoops(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "loops")
}

func TestLibraries(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "libs")
}

// TestForms covers the loop forms, closures held in variables and the
// repeats that are not retries (issue 14).
func TestForms(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "forms", "example.com/notretry")
}

// TestDecide covers loops whose retry decision is a predicate of the
// package over the operation's results (x-should-retry headers, a
// status the predicate itself names).
func TestDecide(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "decide")
}

// TestNotRetryPrecision covers repeats that real modules showed are not
// retries: local set-up whose only network results are dropped, readiness
// waits for a started process, polls at the server's interval.
func TestNotRetryPrecision(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "notretry2")
}

// TestPolls covers k8s wait polls: retries of a failing operation and
// the state polls that are not retries.
func TestPolls(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "polls")
}

// TestSDKLoops covers the request loops generated SDKs write by hand:
// float backoff arithmetic, body reads inside the attempt, status lists
// in fields (issue 15).
func TestSDKLoops(t *testing.T) {
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

// TestPeriodic covers the failure path of a loop that repeats on success
// too (a periodic renewal, a long poll, a pagination): a retry when it
// goes back to the same operation after a wait of its own, and the
// periodic tasks, polls and drains that are not.
func TestPeriodic(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "periodic")
}
