package report

import (
	"golang.org/x/tools/go/analysis"
)

// A Reporter reports one analyzer's diagnostics through the package's
// //retrylint:ignore directives (directives.go). Every retrylint rule
// reports through one:
//
//	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
//	rep := report.NewReporter(pass, res.Directives)
//	defer rep.Done()
//	rep.Report(d)
//
// It holds per-pass state only (no globals): analyzers may run in
// parallel over one package, each with its own Reporter over the shared,
// read-only Directives.
type Reporter struct {
	pass *analysis.Pass
	dirs *Directives
	used map[*ignoreDirective]bool
}

// NewReporter returns a Reporter for pass that applies dirs (nil: none).
func NewReporter(pass *analysis.Pass, dirs *Directives) *Reporter {
	return &Reporter{pass: pass, dirs: dirs, used: make(map[*ignoreDirective]bool)}
}

// Report reports d unless a //retrylint:ignore directive naming the
// pass's analyzer is on d's line or on the line above.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if dir := r.dirs.match(r.pass.Fset, r.pass.Analyzer.Name, d.Pos); dir != nil {
		r.used[dir] = true
		return
	}
	r.pass.Report(d)
}

// Done ends the pass: it reports the analyzer's directives that
// suppressed nothing.
func (r *Reporter) Done() {
	r.dirs.unused(r.pass, r.used)
}

// ReportDirectiveProblems reports the package's malformed directives
// (//retrylint:ignore and //retrylint:context), unknown context names
// and names of no analyzer, as findings of pass. Only
// rules.DirectiveOwner calls it, so that each problem is reported once.
// They are findings, not errors of the analysis: go vet caches a
// package's successful analysis, so only a finding fails every run.
func ReportDirectiveProblems(pass *analysis.Pass, dirs *Directives) {
	dirs.reportProblems(pass)
}
