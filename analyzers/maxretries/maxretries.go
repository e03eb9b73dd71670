package maxretries

import (
	_ "embed"
	"fmt"
	"strconv"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/retrysite/fixes"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports retries whose count is unbounded or outside the range
// of their context.
var Analyzer = &analysis.Analyzer{
	Name:     "maxretries",
	Doc:      analysisdoc.MustExtract(doc, "maxretries"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/maxretries",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	rep := report.NewReporter(pass, res.Directives)
	defer rep.Done()
	for _, s := range res.Sites {
		if d, ok := report.Refusal(s, pass.TypesInfo, "R-2"); ok {
			rep.Report(s, d) // a retry.Policy retry.Do refuses
			continue
		}
		lim := res.Options.Limits(s.Context)
		switch s.Bound.Kind {
		case site.BoundUnbounded:
			rep.Report(s, analysis.Diagnostic{
				Pos: s.Pos,
				Message: report.Message("R-2", report.Subject(s, pass.TypesInfo), "has no maximum retry count: "+s.Bound.Why,
					fmt.Sprintf("; allowed %s for %s", lim.Retries, report.ContextPhrase(s.Context)),
					fmt.Sprintf("; allowed %s", lim.Retries)),
			})
			// Where it counts its attempts with no limit: the limit
			// goes there.
			rep.ReportCopy(s, analysis.Diagnostic{
				Message: report.Message("R-2", report.Subject(s, pass.TypesInfo), "counts its attempts here but no limit reads the count",
					fmt.Sprintf("; stop after %d (%s for %s)", clamp(lim.DefaultRetries, lim.Retries), lim.Retries, report.ContextPhrase(s.Context)),
					fmt.Sprintf("; stop after %d", clamp(lim.DefaultRetries, lim.Retries))),
			}, s.Bound.StepPos, "")
		case site.BoundKnown:
			n := s.Bound.Retries
			if n == 0 || lim.Retries.Contains(n) {
				continue
			}
			want := clamp(lim.DefaultRetries, lim.Retries)
			d := analysis.Diagnostic{
				Pos: s.Pos,
				Message: report.Message("R-2", report.Subject(s, pass.TypesInfo),
					fmt.Sprintf("makes %s, outside %s for %s%s", counted(s), lim.Retries, report.ContextPhrase(s.Context), approval(n, lim.Retries)),
					fmt.Sprintf("; use %d (the default)", want)),
			}
			if s.Bound.Expr != nil && s.Bound.Expr.Pos() != s.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: s.Bound.Expr.Pos(), End: s.Bound.Expr.End(), Message: "the count is set here"}}
			}
			if fix, ok := fixes.Count(s, want); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			rep.ReportAt(s, d, s.Bound.Expr)
		}
	}
	return nil, nil
}

func counted(s *site.Site) string {
	if s.Bound.Counted != "" {
		return s.Bound.Counted
	}
	return strconv.Itoa(s.Bound.Retries) + " " + plural(s.Bound.Retries)
}

func plural(n int) string {
	if n == 1 {
		return "retry"
	}
	return "retries"
}

func approval(n int, r policy.Range) string {
	if n > r.Max {
		return "; more needs IAB approval"
	}
	return ""
}

func clamp(n int, r policy.Range) int {
	return max(r.Min, min(n, r.Max))
}
