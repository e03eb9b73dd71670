package fixedinterval

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

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

// Analyzer reports retries whose waits between attempts are not
// exponential backoff with full (or decorrelated) jitter.
var Analyzer = &analysis.Analyzer{
	Name:     "fixedinterval",
	Doc:      analysisdoc.MustExtract(doc, "fixedinterval"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/fixedinterval",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

// hints end a message when they fit: what R-1 wants, in short. The
// formula, the recipe per library and the standard's text are in the
// analyzer's documentation (retrylint -explain R-1).
var hints = []string{"; use exponential backoff with full jitter", "; use full jitter"}

// hintsFor returns the hints for a wait: one whose draws already reach
// zero (a full draw under a ceiling that is fixed or grows linearly)
// lacks the exponential ceiling, not the jitter.
func hintsFor(w *site.Wait) []string {
	if w.FloorKnown && w.Floor == 0 && w.Base > 0 {
		return []string{hints[0], "; use exponential backoff"}
	}
	return hints
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	rep := report.NewReporter(pass, res.Directives)
	defer rep.Done()
	seenImpl := make(map[token.Pos]bool)
	for _, s := range res.Sites {
		if d, ok := report.Refusal(s, pass.TypesInfo, "R-1"); ok {
			rep.Report(s, d) // a retry.Policy retry.Do refuses
			continue
		}
		if !s.Reports() || !s.WaitsKnown {
			continue
		}
		if s.Bound.NeverRetries() {
			continue // no retries, so no waits between them
		}
		if len(s.Waits) == 0 {
			rep.Report(s, analysis.Diagnostic{
				Pos:     s.Pos,
				Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), "retries at once, with no wait between attempts", hints...),
			})
			continue
		}
		seen := make(map[token.Pos]bool)
		for _, w := range s.Waits {
			implReported := false
			for _, a := range w.Alts {
				// An implementation the package ships of the
				// interface the wait is read through.
				if a.Shape == site.ShapeUnknown || a.Shape.Compliant() {
					continue
				}
				implReported = true
				if seenImpl[a.Pos] {
					continue
				}
				seenImpl[a.Pos] = true
				rep.Report(s, analysis.Diagnostic{
					Pos:     a.Pos,
					Message: report.Message("R-1", report.Subject(s, pass.TypesInfo)+" with "+a.Impl, what(s, a), hintsFor(a)...),
					Related: []analysis.RelatedInformation{{Pos: w.Pos, Message: "the wait is here"}},
				})
			}
			if w.Shape == site.ShapeUnknown || w.Shape.Compliant() || seen[w.Pos] {
				continue
			}
			if w.Shape == site.ShapeSchedule && s.Context == policy.Webhook {
				continue // R-3's increasing webhook schedule
			}
			seen[w.Pos] = true
			msg := what(s, w)
			if w.Default != "" {
				msg += ", " + w.Default
			}
			d := analysis.Diagnostic{
				Pos:     w.Pos,
				Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), msg, hintsFor(w)...),
			}
			if w.Pos != s.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: s.Pos, Message: "the " + s.Title() + " is here"}}
			} else if w.Setting != nil && w.Setting.Pos != w.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: w.Setting.Pos, Message: "the wait is set here"}}
			}
			if w.DefaultPos.IsValid() {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.DefaultPos, Message: "the default wait is set here"})
			}
			if fix, ok := fixes.Jitter(pass, s, w); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			rep.Report(s, d)
			// Where the fix goes: the default wait's definition, in
			// another function of the package (once per definition),
			// unless the implementation that waits was reported above.
			if implReported {
				continue
			}
			rep.ReportCopy(s, analysis.Diagnostic{
				Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), what(s, w)+", the default set here", hintsFor(w)...),
			}, w.DefaultPos, "")
			// Or the wait inside the function of the package the
			// site calls (an attempt helper that sleeps before it
			// answers "again").
			rep.ReportCopy(s, analysis.Diagnostic{
				Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), what(s, w)+", the wait made here", hintsFor(w)...),
			}, w.InnerPos, "")
			// Or the function of the package that computes a wait
			// with no jitter (bu := c.backoffGet(); time.Until(bu)).
			rep.ReportCopy(s, analysis.Diagnostic{
				Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), what(s, w)+", the wait computed here", hintsFor(w)...),
			}, w.ComputedPos, "")
			// Or the package's function that computes the wait, set
			// as the library's backoff (client.Backoff = policyFunc).
			if fn := settingFunc(pass, w); fn != nil {
				rep.ReportCopy(s, analysis.Diagnostic{
					Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), what(s, w)+", the wait computed here", hintsFor(w)...),
				}, fn.Pos(), "")
			}
		}
	}
	return nil, nil
}

// what describes a site's wait for the message, after its subject.
func what(s *site.Site, w *site.Wait) string {
	switch w.Shape {
	case site.ShapeNone:
		if s.Kind == site.Library {
			return "retries with " + w.Desc
		}
		if w.Pos == s.Pos {
			return "retries at once after some failures: a path from a failed attempt back to the operation has no wait"
		}
		return "waits no time between attempts (" + w.Desc + ")"
	case site.ShapeConstant:
		return "waits " + w.Desc + " between attempts"
	case site.ShapeSchedule, site.ShapeNoJitter:
		return "waits " + w.Desc
	case site.ShapeEqualJitter:
		return "uses " + w.Desc + ": equal jitter's floor keeps clients in step"
	case site.ShapePartialJitter:
		return "uses " + w.Desc
	}
	return ": its wait " + w.Desc
}

// settingFunc returns the function of the package a library's wait
// setting names (client.Backoff = IBMCloudSDKBackoffPolicy), or nil.
func settingFunc(pass *analysis.Pass, w *site.Wait) *types.Func {
	if w.Setting == nil || len(w.Setting.Args) != 1 {
		return nil
	}
	var id *ast.Ident
	switch x := ast.Unparen(w.Setting.Args[0]).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	fn, _ := pass.TypesInfo.Uses[id].(*types.Func)
	if fn == nil || fn.Pkg() != pass.Pkg {
		return nil
	}
	return fn
}
