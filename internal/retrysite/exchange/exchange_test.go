package exchange_test

import (
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestExchange: a request handed to the package's event loop over a
// channel, whose reply the sender awaits, is an operation when the loop's
// handler for its type calls a server (exchange.go); a local handler, a
// send that awaits nothing and a request no loop handles are not.
func TestExchange(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.ShowCorpus, "example.com/exchange")
}
