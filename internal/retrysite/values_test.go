package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestValues covers counts read from fields and package variables set
// elsewhere in the package (valueindex), with what maxretries reports on
// them (the one copy of these cases).
func TestValues(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, maxretries.Analyzer), "values")
}

// TestValuesWaits covers waits computed from values set elsewhere in the
// package and from helpers returning a wait with a verdict, with what
// fixedinterval reports on them (the one copy of these cases).
func TestValuesWaits(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(showWaits, fixedinterval.Analyzer), "valuewaits")
}

// showBoundExpr reports where a site's bound is set, when the model
// knows.
var showBoundExpr = &analysis.Analyzer{
	Name:     "showboundexpr",
	Doc:      "report where each site's bound is set",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
		for _, s := range res.Sites {
			if s.Bound.Expr != nil {
				pass.Reportf(s.Bound.Expr.Pos(), "bound set here")
			}
		}
		return nil, nil
	},
}

func TestValueExpr(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showBoundExpr, "valueexpr")
}

func TestStateWaits(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showWaits, "statewaits")
}

// TestFuncValues covers func values resolved through the package: a
// parameter every call site gives a literal or a package function, and a
// func-typed field with several values.
func TestFuncValues(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), show, "funcvals")
}

// TestDefaults covers the defaults a package ships for configuration the
// user can change through a setter, an option or a config argument, with
// what fixedinterval and maxretries report on them (the one copy of these
// cases, with those first written for the rules: cfglockers.go, funcs.go).
func TestDefaults(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "defaults")
}

// TestDefaultFuncs covers the func values a package ships as defaults of
// a func the user can change (doc.go, "Defaults the user can change").
func TestDefaultFuncs(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showWaits, "defaults/funcwaits")
}

// TestOffZero covers a count the package ships at zero and reads as a
// switch (valueindex/offcount): no limit by default, and the counts
// that stay unknown (read as a number, defaulted, refused at zero, set
// from a flag or a constructor's argument).
func TestOffZero(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, maxretries.Analyzer), "example.com/offzero")
}
