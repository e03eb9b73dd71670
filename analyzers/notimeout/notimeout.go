package notimeout

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports retry attempts with no timeout and retries with no
// total duration cap, or with one above their context's.
var Analyzer = &analysis.Analyzer{
	Name:     "notimeout",
	Doc:      analysisdoc.MustExtract(doc, "notimeout"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/notimeout",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

const retryPkg = "github.com/retrylint/retrylint/retry"

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	rep := retrysite.NewReporter(pass, res)
	defer rep.Done()
	for _, s := range res.Sites {
		t := s.Timeouts
		if t == nil || !s.Reports() {
			continue
		}
		lim := res.Options.Limits(s.Context).MaxDuration
		capMsg := capFinding(s, t, lim)
		if op := t.NoAttemptTimeout; op != nil && op.Call != nil {
			msg := fmt.Sprintf("R-3 (timeouts): %s in this %s has no timeout: %s; give each attempt one (a Timeout on the http.Client, or a per-attempt context.WithTimeout on the request) or use %s (Policy.AttemptTimeout, retry.NewTransport)",
				callName(op.Call), s.Title(), t.Why, retryPkg)
			d := analysis.Diagnostic{Pos: op.Call.Pos(), End: op.Call.End(), Message: msg}
			if capMsg != "" && op.Call.Pos() == capPos(s, t) {
				// One finding per place: the library call is both
				// the attempt and the site.
				d.Message = msg + "; and " + capMsg
				capMsg = ""
			} else if op.Call.Pos() != s.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: s.Pos, Message: "the " + s.Title()}}
			}
			rep.Report(d)
		}
		if capMsg != "" {
			rep.Report(analysis.Diagnostic{Pos: capPos(s, t), Message: "R-3: " + capMsg})
		}
	}
	return nil, nil
}

// capFinding returns the message about the site's total duration, or "".
func capFinding(s *retrysite.Site, t *retrysite.Timeouts, lim time.Duration) string {
	where := fmt.Sprintf("R-3's %s cap of %s", s.Context.Title(), retrysite.FormatDuration(lim))
	switch {
	case t.Worst > lim && !t.CallerContext:
		return fmt.Sprintf("%s can take %s > %s, %s; lower the attempts or the timeouts, put a deadline on the whole retry (context.WithTimeout(ctx, %s) around it), or use %s (Policy.MaxDuration)",
			s.Title(), t.WorstCalc, retrysite.FormatDuration(lim), where, retrysite.FormatDuration(lim), retryPkg)
	case t.TotalCap > lim:
		return fmt.Sprintf("%s is capped at %s by %s, above %s; lower it to at most %s, or use %s (Policy.MaxDuration defaults to the context's cap)",
			s.Title(), retrysite.FormatDuration(t.TotalCap), t.CapWhy, where, retrysite.FormatDuration(lim), retryPkg)
	case !t.Capped && !t.CallerContext && t.Pos.IsValid():
		return fmt.Sprintf("%s has no total duration cap (%s): %s; %s, or use %s (Policy.MaxDuration defaults to the context's cap)",
			s.Title(), where, t.CapWhy, capFix(s, lim), retryPkg)
	}
	return ""
}

func capPos(s *retrysite.Site, t *retrysite.Timeouts) token.Pos {
	if t.TotalCap > 0 && t.Pos.IsValid() && !(t.Worst > 0 && !t.CallerContext) {
		return t.Pos
	}
	return s.Pos
}

// capFix names the way to cap the site's retries.
func capFix(s *retrysite.Site, lim time.Duration) string {
	d := retrysite.FormatDuration(lim)
	if s.Lib != nil && s.Lib.Advice.TotalCap != "" {
		return fmt.Sprintf(s.Lib.Advice.TotalCap, d)
	}
	return fmt.Sprintf("derive the loop's context with context.WithTimeout(ctx, %s) or stop when time.Since(start) > %s", d, d)
}

func callName(call *ast.CallExpr) string {
	name := types.ExprString(call.Fun)
	if len(name) > 40 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			name = sel.Sel.Name
		}
	}
	return name
}
