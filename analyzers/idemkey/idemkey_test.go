package idemkey_test

import (
	"path/filepath"
	"testing"

	"github.com/retrylint/retrylint/analyzers/idemkey"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), idemkey.Analyzer, "a", "held", "funcvals", "example.com/sdkcallers", "middleware", "example.com/sdkuser/caller", "example.com/sdkrequests", "example.com/handedapi/...", "example.com/sdkhooks", "example.com/sdkfields/...", "example.com/policyiface/...", "example.com/usersreq/...", "example.com/fullreq")
}

func TestFix(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), idemkey.Analyzer, "fix")
}

// TestSelf analyses a retrying library as itself: its convenience
// methods send through its own Do.
func TestSelf(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "self"), idemkey.Analyzer, "github.com/hashicorp/go-retryablehttp")
}
