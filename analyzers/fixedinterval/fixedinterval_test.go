package fixedinterval_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Test runs the rule over its test packages. The k8s polls, the loops
// over a cenkalti backoff and the repeats that are not retries are in the
// model's testdata (internal/retrysite TestPolls, TestCenkLoops,
// TestNotRetry), checked there with this rule's findings.
func Test(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), fixedinterval.Analyzer, "a", "libs", "webhook", "fields", "decide", "sdkloops", "waitstate", "funcvals", "example.com/xwait/caller", "example.com/sameinput", "libfuncs", "keptclient", "example.com/recovery", "example.com/errcodes", "example.com/vendored/caller", "example.com/depuser/caller", "recvstate", "example.com/ctxget", "example.com/localcache/cache", "example.com/walkrec/caller", "example.com/policyiface/partial", "example.com/policyiface/full", "example.com/againwait", "example.com/againwait/userset", "asynqjobs")
}

func TestFix(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), fixedinterval.Analyzer, "fix", "fiximport", "fixv1", "fixlib", "fixlibcap")
}

// TestReferencePolicy checks the retry.Policy values given to the
// reference package's retry.Do: one it refuses before the first attempt
// under this rule is a finding at the literal, in the package's words.
func TestReferencePolicy(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), fixedinterval.Analyzer, "refpolicy")
}
