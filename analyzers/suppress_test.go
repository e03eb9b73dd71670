package analyzers_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestSuppressSite runs every analyzer over one package, as the drivers
// do, to check that one //retrylint:ignore above a retry site covers the
// findings each analyzer reports of it on different lines: R-2 at the
// for, R-1 at the sleep, R-6 at the POST call.
func TestSuppressSite(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.Together("together", analyzers.All()...), "suppress")
}
