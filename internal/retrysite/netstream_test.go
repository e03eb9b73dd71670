package retrysite_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestNetStream: a frame written through a writer the package fills from
// a network connection (bufio.NewWriter(conn) kept in a field) is an
// operation; one written to a buffer or to standard output is not, and a
// list of frames written in turn is per-item work (netstream.go).
func TestNetStream(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), withRules(showCorpus, fixedinterval.Analyzer), "example.com/netstream")
}
