package libsite_test

import (
	"fmt"
	"testing"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// showReference describes the sites of the project's own retry package
// with what the other rules read from them.
var showReference = &analysis.Analyzer{
	Name:     "showreference",
	Doc:      "describe the sites of github.com/retrylint/retrylint/retry",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			if s.Lib != knowledge.Reference {
				pass.Reportf(s.Pos, "unexpected site %s", s.Describe())
				continue
			}
			waits := "unknown"
			if s.WaitsKnown {
				waits = fmt.Sprint(len(s.Waits))
			}
			timeouts := "none"
			if s.Timeouts != nil {
				timeouts = "some"
			}
			retried := "-"
			if s.Retried != nil {
				retried = fmt.Sprint(s.Retried.HTTP)
			}
			http := 0
			for _, op := range s.Ops {
				if op.HTTP {
					http++
				}
			}
			refused := "-"
			if s.Refused != nil {
				refused = s.Refused.Rule
			}
			pass.Reportf(s.Pos, "%s http-ops=%d waits=%s timeouts=%s retried=%s refused=%s", s.Describe(), http, waits, timeouts, retried, refused)
		}
		return nil, nil
	},
}

func TestReferencePackage(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showReference, "reference")
}
