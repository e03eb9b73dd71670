package idemkey_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/idemkey"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), idemkey.Analyzer, "a", "held", "funcvals")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), idemkey.Analyzer, "fix")
}
