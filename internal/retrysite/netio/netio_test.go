package netio_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestNetWriter covers a client whose requests go through an io.Writer
// field the package points at the connection (IOCall), a reply awaited
// with a timeout inside a helper (waits/wakeup.go timedReceive), and a
// writer in memory.
func TestNetWriter(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer), "example.com/netwriter")
}

// TestNetStream: a frame written through a writer the package fills from
// a network connection (bufio.NewWriter(conn) kept in a field) is an
// operation; one written to a buffer or to standard output is not, and a
// list of frames written in turn is per-item work (PassesStream).
func TestNetStream(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.ShowCorpus, fixedinterval.Analyzer), "example.com/netstream")
}
