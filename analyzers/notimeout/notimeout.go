package notimeout

import (
	_ "embed"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer enforces R-3.
var Analyzer = &analysis.Analyzer{
	Name:     "notimeout",
	Doc:      analysisdoc.MustExtract(doc, "notimeout"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/notimeout",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	_ = pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	return nil, nil
}
