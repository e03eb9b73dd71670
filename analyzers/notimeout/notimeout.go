package notimeout

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
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

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	rep := report.NewReporter(pass, res.Directives)
	defer rep.Done()
	done := make(map[*site.Site]bool)
	for _, s := range res.Sites {
		if d, ok := report.Refusal(s, pass.TypesInfo, "R-3", "R-8"); ok {
			rep.Report(s, d) // a retry.Policy retry.Do refuses
			continue
		}
		t := s.Timeouts
		if t == nil {
			continue
		}
		lim := res.Options.Limits(s.Context).MaxDuration
		if !s.Reports() {
			helperCall(pass, rep, s, lim, done)
			continue
		}
		subject := report.Subject(s, pass.TypesInfo)
		capMsg := capFinding(s, t, lim)
		if capMsg != "" && t.Note != "" {
			capMsg = t.Note + " and " + capMsg
		}
		if op := t.NoAttemptTimeout; op != nil && op.Call != nil {
			evidence := "has no per-attempt timeout: " + t.Why
			if callName(op.Call) != "" && !strings.Contains(subject, callName(op.Call)) && op.Call.Pos() != s.Pos {
				evidence = "has no per-attempt timeout on " + callName(op.Call) + ": " + t.Why
			}
			d := analysis.Diagnostic{Pos: op.Call.Pos(), End: op.Call.End()}
			if capMsg != "" && op.Call.Pos() == capPos(s, t) {
				// One finding per place: the library call is both
				// the attempt and the site.
				d.Message = report.Message("R-3", subject, "has no per-attempt timeout ("+t.Why+") and "+strings.TrimPrefix(capMsg, "has "))
				capMsg = ""
			} else {
				hints := attemptHints
				if t.AttemptFix != "" {
					hints = append([]string{t.AttemptFix}, hints...)
				}
				d.Message = report.Message("R-3", subject, evidence, hints...)
				if op.Call.Pos() != s.Pos {
					d.Related = []analysis.RelatedInformation{{Pos: s.Pos, Message: "the " + s.Title()}}
				}
			}
			rep.Report(s, d)
		}
		if capMsg != "" {
			d := analysis.Diagnostic{Pos: capPos(s, t), Message: report.Message("R-3", subject, capMsg, capHint(s, lim))}
			if t.OffByDefault && t.OffPos.IsValid() {
				d.Related = []analysis.RelatedInformation{{Pos: t.OffPos, Message: t.OffWhy}}
			}
			rep.Report(s, d)
			// Where the fix goes: a call of the package that gives the
			// retry a context with no deadline.
			for _, at := range t.NoDeadlineAt {
				rep.ReportCopy(s, analysis.Diagnostic{
					Message: report.Message("R-3", subject, "is given a context with no deadline here; it "+capMsg, capHint(s, lim)),
				}, at, "")
			}
			// Or the attempt's own wait before it goes again (a retry
			// decision that sleeps and answers "again"): where a cap
			// on the total goes.
			for _, w := range s.Waits {
				rep.ReportCopy(s, analysis.Diagnostic{
					Message: report.Message("R-3", subject, "waits here to go again; it "+capMsg, capHint(s, lim)),
				}, w.InnerPos, "")
			}
			// Or a client of the package that installs the retrying
			// transport with no Timeout.
			for _, at := range t.UntimedClientAt {
				rep.ReportCopy(s, analysis.Diagnostic{
					Message: report.Message("R-3", subject, "is installed in a client with no Timeout here; it "+capMsg, capHint(s, lim)),
				}, at, "")
			}
		}
	}
	return nil, nil
}

// helperCall reports, at a same-package helper's retry, the total
// duration a call of it gives it (its worst case under the call's bound)
// when the helper's own site says nothing of it: once per helper.
func helperCall(pass *analysis.Pass, rep *report.Reporter, s *site.Site, lim time.Duration, done map[*site.Site]bool) {
	h := s.Helper
	if h == nil || h.Timeouts == nil || done[h] || capFinding(h, h.Timeouts, lim) != "" {
		return
	}
	msg := capFinding(s, s.Timeouts, lim)
	if msg == "" {
		return
	}
	done[h] = true
	called := "called here"
	if s.Bound.Known() {
		called += " with " + strconv.Itoa(s.Bound.Retries+1) + " attempts"
	}
	rep.Report(h, analysis.Diagnostic{Pos: h.Pos, Message: report.Message("R-3", report.Subject(h, pass.TypesInfo), msg, capHint(h, lim)),
		Related: []analysis.RelatedInformation{{Pos: s.Pos, Message: called}}})
}

// attemptHints end an attempt-timeout message when they fit.
var attemptHints = []string{"; give each attempt a timeout", ""}

// capFinding returns the evidence about the site's total duration, after
// its subject, or "".
func capFinding(s *site.Site, t *site.Timeouts, lim time.Duration) string {
	where := fmt.Sprintf("the %s cap", report.FormatDuration(lim))
	switch {
	case t.Worst > lim:
		return fmt.Sprintf("can take %s > %s", t.WorstCalc, where)
	case t.TotalCap > lim:
		return fmt.Sprintf("is capped at %s by %s, above %s", report.FormatDuration(t.TotalCap), t.CapWhy, where)
	case !t.Capped && t.OffByDefault && t.Pos.IsValid():
		return "has no total duration cap by default: " + t.CapWhy
	case !t.Capped && t.CallerOnly && t.Pos.IsValid():
		return "has no total duration cap: " + t.CapWhy
	case !t.Capped && !t.CallerContext && t.Pos.IsValid():
		return fmt.Sprintf("has no total duration cap (%s for %s): %s", report.FormatDuration(lim), report.ContextPhrase(s.Context), t.CapWhy)
	}
	return ""
}

// capHint is the short fix for a site's total duration.
func capHint(s *site.Site, lim time.Duration) string {
	return "; " + capFix(s, lim)
}

func capPos(s *site.Site, t *site.Timeouts) token.Pos {
	if t.TotalCap > 0 && t.Pos.IsValid() && !(t.Worst > 0 && !t.CallerContext) {
		return t.Pos
	}
	return s.Pos
}

// capFix names the way to cap the site's retries.
func capFix(s *site.Site, lim time.Duration) string {
	d := report.FormatDuration(lim)
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
