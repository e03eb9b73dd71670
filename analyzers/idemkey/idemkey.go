package idemkey

import (
	_ "embed"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer enforces R-6.
var Analyzer = &analysis.Analyzer{
	Name:     "idemkey",
	Doc:      analysisdoc.MustExtract(doc, "idemkey"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/idemkey",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	_ = pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	return nil, nil
}
