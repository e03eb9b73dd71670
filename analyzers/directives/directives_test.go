package directives_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/directives"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), directives.Analyzer, "a", "pkgctx")
}
