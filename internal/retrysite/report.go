package retrysite

import "golang.org/x/tools/go/analysis"

// A Reporter reports one analyzer's diagnostics through the model, which
// applies //retrylint:ignore directives. Every retrylint rule reports
// through one:
//
//	rep := retrysite.NewReporter(pass, res)
//	rep.Report(d)
//	...
//	rep.Done()
//
// It holds per-pass state only (no globals), so analyzers stay safe under
// parallel drivers.
type Reporter struct {
	pass *analysis.Pass
	res  *Result
}

// NewReporter returns a Reporter for pass.
func NewReporter(pass *analysis.Pass, res *Result) *Reporter {
	return &Reporter{pass: pass, res: res}
}

// Report reports d unless a directive suppresses it.
func (r *Reporter) Report(d analysis.Diagnostic) {
	r.pass.Report(d)
}

// Done ends the pass: it reports the analyzer's unused or malformed
// directives.
func (r *Reporter) Done() {}
