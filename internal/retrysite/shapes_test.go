package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"golang.org/x/tools/go/analysis/analysistest"
)

// The shapes of retry code of database and messaging clients (fifth
// session, issue 14): a work queue's requeue, an error carried in a
// result, a writer over the connection, a helper given its settings in a
// struct.

// TestCarried covers operations whose result carries their error in a
// field (interp/outcomeval/carried.go), and results that are no such outcome.
func TestCarried(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer), "example.com/carried")
}

// TestStructHelper covers a retry helper given its settings in a struct
// (helperfields.go): bound at each call from the literal, the helper's
// second loop studied apart from its first (splitByLoop), a cap that is
// no count (interp clamp.go), a flag no caller sets, and the calls whose
// count stays unknown.
func TestStructHelper(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer, maxretries.Analyzer), "example.com/structhelper", "example.com/structcount", "example.com/structone")
}

// TestDotlessModule covers a module named without a dot (go mod init
// myservice): calls of its other packages are operations (typesx.IsStd).
func TestDotlessModule(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), withRules(show, fixedinterval.Analyzer), "myservice/notify")
}
