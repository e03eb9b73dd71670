package retrysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCrossPackage: calls of a retry helper written in another package of
// the same module are sites of the caller, with the caller's func values
// bound to the helper's parameters; a helper of another module, one that
// runs its func once or per item, and a file its build constraint
// excludes are not followed.
func TestCrossPackage(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), showCorpus, "example.com/xmod/caller", "example.com/xmod/condcaller")
}
