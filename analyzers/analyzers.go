// Package analyzers lists retrylint's analyzers, one per rule of the
// Retry Policy standard that can be checked in code. Each lives in its own
// package (analyzers/NAME) with exactly one exported Analyzer, as Bazel
// nogo requires; drivers (cmd/retrylint, the golangci-lint plugin) take
// the list from here.
package analyzers

import (
	"github.com/retrylint/retrylint/analyzers/directives"
	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/idemkey"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/nonretryable"
	"github.com/retrylint/retrylint/analyzers/notimeout"
	"golang.org/x/tools/go/analysis"
)

// All returns every retrylint analyzer: the rules, in the order of the
// rules they enforce, then directives, which reports malformed
// //retrylint: directives.
func All() []*analysis.Analyzer {
	return append(Rules(), directives.Analyzer)
}

// Rules returns the analyzers that enforce rules of the standard (those
// of internal/rules' table), in the order of the rules.
func Rules() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		fixedinterval.Analyzer,
		maxretries.Analyzer,
		notimeout.Analyzer,
		nonretryable.Analyzer,
		idemkey.Analyzer,
	}
}
