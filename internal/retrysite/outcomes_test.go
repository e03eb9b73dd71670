package retrysite_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// showOutcomes reports, at every site that reports, the outcomes the
// model says it retries: "retried http=[400 404] grpc=[NOT_FOUND] cert".
var showOutcomes = &analysis.Analyzer{
	Name:     "showoutcomes",
	Doc:      "report the outcomes every retry site retries",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			if !s.Reports() {
				continue
			}
			o := s.Retried
			if o == nil {
				pass.Reportf(s.Pos, "retried unknown")
				continue
			}
			var b strings.Builder
			fmt.Fprintf(&b, "retried http=%v grpc=%v", o.HTTP, o.GRPC)
			if o.CertErrors {
				b.WriteString(" cert")
			}
			if !o.Pos.IsValid() {
				b.WriteString(" nopos")
			}
			pass.Reportf(s.Pos, "%s", b.String())
		}
		return nil, nil
	},
}

func TestOutcomes(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showOutcomes, "outcomes")
}
