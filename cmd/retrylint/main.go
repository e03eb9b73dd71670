// Command retrylint checks Go code against the Retry Policy standard.
//
// Usage:
//
//	retrylint [flags] packages      # a merge gate: exit status 3 when it reports
//	go vet -vettool=$(which retrylint) packages
//
// It runs the analyzers fixedinterval, maxretries, notimeout
// nonretryable and idemkey. Flags shared by all of
// them:
//
//	-context=NAME   retry context of code with no //retrylint:context
//	                directive: sync (default), async, webhook, batch, grpc
//	-ranges=LIST    tighten the allowed retry ranges: sync=1-3,webhook=3-6
//	-key-headers=H  extra header names accepted as idempotency keys
//
// and the usual go/analysis driver flags: -json, -fix, -diff, -c=N, and
// -NAME to run only the named analyzers. Run `retrylint help` for the
// list, `retrylint help NAME` for an analyzer's documentation.
package main

import (
	"flag"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	// The options shared by every analyzer are defined once, as the
	// retrysite analyzer's flags; expose them unprefixed. go vet learns
	// of them through -flags and passes them on.
	retrysite.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		flag.Var(f.Value, f.Name, f.Usage)
	})
	multichecker.Main(analyzers.All()...)
}
