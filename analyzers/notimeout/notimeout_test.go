package notimeout_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/notimeout"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), notimeout.Analyzer, "a", "held", "asyncpkg", "example.com/xmod/caller", "example.com/offcap", "example.com/lifetime", "example.com/sdkclient", "capself", "grpc33", "example.com/grpcgen", "grpcconfig", "example.com/grpcconfigtimed", "example.com/grpcconfiguntimed", "example.com/accessor", "example.com/relies", "example.com/helperworst", "example.com/shipdefault", "example.com/runuser/caller", "example.com/addrclient", "example.com/rtdefault", "example.com/ctorclient", "example.com/nilfallback", "asynqjobs", "example.com/pacing", "example.com/nestedretry")
}

// TestReferencePolicy checks the retry.Policy values given to the
// reference package's retry.Do: one it refuses before the first attempt
// under this rule is a finding at the literal, in the package's words.
func TestReferencePolicy(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), notimeout.Analyzer, "refpolicy")
}
