// Command golangci-lint-retrylint is golangci-lint v2 with retrylint's
// linters built in: what `golangci-lint custom` would build from
// .custom-gcl.yml, but from the Go module proxy alone (no git clone).
//
//	cd golangci && go build -o ../bin/golangci-lint-retrylint .
//
// Its version string is left empty: golangci-lint then keys its cache on
// the binary's own hash, so a rebuilt plugin never reuses stale results.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/retrylint/retrylint/golangci/plugin"
)

func main() {
	info := commands.BuildInfo{Date: "(unknown)", Commit: "retrylint plugin"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		info.GoVersion = bi.GoVersion
		for _, m := range bi.Deps {
			if m.Path == "github.com/golangci/golangci-lint/v2" {
				info.Commit = "golangci-lint " + m.Version + " with the retrylint plugin"
			}
		}
	}
	if err := commands.Execute(info); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
