package retrysite_test

import (
	"fmt"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// showCorpus reports every site the model finds with what it knows of the
// site's waits: "; waits unknown", "; no wait" or "; N waits".
var showCorpus = &analysis.Analyzer{
	Name:     "showcorpus",
	Doc:      "report every retry site the model finds, with its waits",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			waits := fmt.Sprintf("%d waits", len(s.Waits))
			switch {
			case !s.WaitsKnown:
				waits = "waits unknown"
			case len(s.Waits) == 0:
				waits = "no wait"
			}
			pass.Reportf(s.Pos, "%s; %s", s.Describe(), waits)
		}
		return nil, nil
	},
}

// TestCorpusRegressions holds code of real modules (testdata/corpus) that
// the model once took for retries, reduced to the shape that misled it,
// next to the real retries it must keep finding.
func TestCorpusRegressions(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), showCorpus, "corpusregress", "example.com/frames")
}
