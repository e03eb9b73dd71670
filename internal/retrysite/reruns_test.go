package retrysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestReruns: downgrades, re-runs once after reconfiguration, protocol
// exchanges, collision retries and readiness waits are not retries
// (reruns.go, readiness.go); the retries beside them are.
func TestReruns(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), show, "example.com/reruns")
}
