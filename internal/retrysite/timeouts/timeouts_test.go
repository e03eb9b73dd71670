package timeouts_test

import (
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/notimeout"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// showTimeouts reports the timeouts the model finds at every site.
var showTimeouts = &analysis.Analyzer{
	Name:     "showtimeouts",
	Doc:      "report the timeouts of every retry site",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			if !s.Reports() {
				continue
			}
			pass.Reportf(s.Pos, "%s", describeTimeouts(s.Timeouts))
		}
		return nil, nil
	},
}

func describeTimeouts(t *site.Timeouts) string {
	if t == nil {
		return "timeouts=nil"
	}
	var parts []string
	if t.NoAttemptTimeout != nil {
		parts = append(parts, "noattempt("+t.Why+")")
	}
	if t.Capped {
		c := "capped"
		if t.TotalCap > 0 {
			c += "=" + t.TotalCap.String()
		}
		parts = append(parts, c)
	} else if t.Pos.IsValid() {
		parts = append(parts, "uncapped("+t.CapWhy+")")
	}
	if t.CallerContext {
		parts = append(parts, "caller")
	}
	if t.Worst > 0 {
		parts = append(parts, "worst("+t.WorstCalc+")")
	}
	if len(parts) == 0 {
		return "timeouts: nothing known"
	}
	return "timeouts: " + strings.Join(parts, " ")
}

func TestTimeouts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(showTimeouts, notimeout.Analyzer), "timeouts")
}
