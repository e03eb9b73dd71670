package analyzers_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSuppressSite runs every analyzer over one package, as the drivers
// do, to check that one //retrylint:ignore above a retry site covers the
// findings each analyzer reports of it on different lines: R-2 at the
// for, R-1 at the sleep, R-6 at the POST call.
func TestSuppressSite(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), together(analyzers.All()...), "suppress")
}

// together returns an analyzer that runs the analyzers over one pass,
// each with a copy of the pass that names it (so that its Reporter
// applies the directives naming it), so that one test package can state
// the findings of them all.
func together(as ...*analysis.Analyzer) *analysis.Analyzer {
	var req []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	for _, a := range as {
		for _, r := range a.Requires {
			if !seen[r] {
				seen[r] = true
				req = append(req, r)
			}
		}
	}
	return &analysis.Analyzer{
		Name:     "together",
		Doc:      "run the retrylint analyzers together",
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
