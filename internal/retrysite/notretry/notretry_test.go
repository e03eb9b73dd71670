package notretry_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite"
)

// show reports every site the model finds, described in one line, so that
// testdata can state what the model must see with // want comments, and
// what it must not see by the absence of one.
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

// withRules returns an analyzer that runs show and then the given rules
// over one pass (as retrysite's tests do), each rule with a copy of the
// pass that names it, so that its Reporter matches directives by its name.
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

// TestNotRetry covers repeats that are not retries: the model finds no
// site in them, and so no rule reports there.
func TestNotRetry(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "example.com/notretry")
}

// TestNotRetryPrecision covers repeats that real modules showed are not
// retries: local set-up whose only network results are dropped, readiness
// waits for a started process, polls at the server's interval.
func TestNotRetryPrecision(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), show, "notretry2")
}
