package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/nonretryable"
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

// withRules returns an analyzer that runs a model-showing analyzer and
// then the given rules over one pass, so that one test package states
// what the model sees and what each rule reports, without a copy of it
// in each rule's testdata. Each rule runs with a copy of the pass that
// names the rule, so that its Reporter matches directives by its name.
func withRules(show *analysis.Analyzer, rules ...*analysis.Analyzer) *analysis.Analyzer {
	as := append([]*analysis.Analyzer{show}, rules...)
	seen := make(map[*analysis.Analyzer]bool)
	var req []*analysis.Analyzer
	for _, a := range as {
		for _, r := range a.Requires {
			if !seen[r] {
				seen[r] = true
				req = append(req, r)
			}
		}
	}
	return &analysis.Analyzer{
		Name:     show.Name + "withrules",
		Doc:      "run " + show.Name + " and retrylint rules together",
		Requires: req,
		Run: func(pass *analysis.Pass) (any, error) {
			for _, a := range as {
				p := *pass
				p.Analyzer = a
				if _, err := a.Run(&p); err != nil {
					return nil, err
				}
			}
			return nil, nil
		},
	}
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
	analysistest.Run(t, analysistest.TestData(), show, "forms")
}

// TestRetryableFields covers a go-retryablehttp client configured on
// its fields after NewClient (issue 15), with what
// report.
func TestRetryableFields(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer, nonretryable.Analyzer), "retryablefields")
}

// TestDecide covers loops whose retry decision is a predicate of the
// package over the operation's results (x-should-retry headers, a
// status the predicate itself names).
func TestDecide(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "decide")
}

// TestPolls covers k8s wait polls: retries of a failing operation and
// the state polls that are not retries, with what report of
// them.
func TestPolls(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "polls")
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
