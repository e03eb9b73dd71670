// Command golangci-lint-retrylint is golangci-lint v2 with retrylint's
// linters built in: what `golangci-lint custom` would build from
// .custom-gcl.yml, but from the Go module proxy alone (no git clone).
//
//	cd golangci && go build -o ../bin/golangci-lint-retrylint .
//
// Its version (see version) names golangci-lint's and retrylint's: it is
// also the key of golangci-lint's cache, so it changes whenever the
// plugin does.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
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
		info.Version = version(bi, binaryHash)
		info.Commit = "golangci-lint " + golangciVersion(bi) + " with the retrylint plugin"
	}
	if err := commands.Execute(info); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

const (
	golangciModule  = "github.com/golangci/golangci-lint/v2"
	retrylintModule = "github.com/retrylint/retrylint"
)

func golangciVersion(bi *debug.BuildInfo) string {
	for _, m := range bi.Deps {
		if m.Path == golangciModule {
			return m.Version
		}
	}
	return "(unknown)"
}

// version is "v2.15.0-retrylint.REV": golangci-lint's version and
// retrylint's. REV is retrylint's module version when it has one (a
// release required from the module proxy), else the commit the binary
// was built from (vcs.revision, as go build stamps it in a git checkout),
// else, or when the checkout had uncommitted changes, "dev-" and a hash
// of the binary. golangci-lint keys its cache on the version: it must
// change whenever the analyzers do, as each of these does.
func version(bi *debug.BuildInfo, hash func() string) string {
	rev := ""
	for _, m := range bi.Deps {
		if m.Path == retrylintModule && m.Replace == nil && m.Version != "" && m.Version != "(devel)" {
			rev = m.Version
		}
	}
	if rev == "" {
		var commit string
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if len(commit) > 12 {
			commit = commit[:12]
		}
		if commit != "" && !modified {
			rev = commit
		} else {
			rev = "dev-" + hash()
		}
	}
	return golangciVersion(bi) + "-retrylint." + rev
}

// binaryHash is the first 12 hex digits of the SHA-256 of the running
// binary, or "unknown".
func binaryHash() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	f, err := os.Open(exe)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}
