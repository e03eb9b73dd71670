package fixedinterval

import (
	_ "embed"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer enforces R-1.
var Analyzer = &analysis.Analyzer{
	Name:     "fixedinterval",
	Doc:      analysisdoc.MustExtract(doc, "fixedinterval"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/fixedinterval",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	_ = pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	return nil, nil
}
