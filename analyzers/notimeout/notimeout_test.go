package notimeout_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/notimeout"
	"golang.org/x/tools/go/analysis/analysistest"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), notimeout.Analyzer, "a", "held", "asyncpkg", "example.com/xmod/caller", "example.com/offcap", "example.com/lifetime", "example.com/sdkclient", "capself")
}
