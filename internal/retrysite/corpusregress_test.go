package retrysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCorpusRegressions holds code of real modules (testdata/corpus) that
// the model once took for retries, reduced to the shape that misled it,
// next to the real retries it must keep finding.
func TestCorpusRegressions(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showCorpus, "corpusregress", "example.com/frames")
}
