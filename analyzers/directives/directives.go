package directives

import (
	_ "embed"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/rules"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports malformed //retrylint: directives, unknown context
// names and //retrylint:ignore directives naming no analyzer.
var Analyzer = &analysis.Analyzer{
	Name:     rules.DirectiveOwner,
	Doc:      analysisdoc.MustExtract(doc, rules.DirectiveOwner),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/directives",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	report.ReportDirectiveProblems(pass, pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Directives)
	return nil, nil
}
