package driver

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// A Build is what a retrylint binary knows of its own build, from
// runtime/debug.ReadBuildInfo. retrylint -version prints it, -V=full
// (go vet's question) too, and SARIF output names it.
type Build struct {
	// Version is the main module's version: a release ("v1.2.0"),
	// the pseudo-version go build stamps from a git checkout
	// ("v1.2.1-0.20260102150405-4c891c4e8f6a+dirty"), or "(devel)"
	// when it has none.
	Version string
	// Revision is the vcs.revision setting, the commit the binary was
	// built from; "" when the build recorded none (-buildvcs=false, a
	// source tree outside version control, go run).
	Revision string
	// Modified is the vcs.modified setting: the tree had uncommitted
	// changes.
	Modified bool
	// GoVersion is the Go toolchain that built the binary.
	GoVersion string
}

// Devel is the Version of a binary built without a module version.
const Devel = "(devel)"

// ReadBuild returns the build of the running binary.
func ReadBuild() Build {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Build{Version: Devel}
	}
	return buildOf(bi)
}

func buildOf(bi *debug.BuildInfo) Build {
	b := Build{Version: cmp.Or(bi.Main.Version, Devel), GoVersion: bi.GoVersion}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is the line retrylint -version prints, fields separated by
// spaces:
//
//	retrylint version v1.2.0 vcs.revision=4c891c4e8f6a... vcs.modified=false go1.26.8
//	retrylint version (devel) vcs.revision=unknown go1.26.8
func (b Build) String() string {
	var s strings.Builder
	s.WriteString("retrylint version " + cmp.Or(b.Version, Devel))
	if b.Revision != "" {
		fmt.Fprintf(&s, " vcs.revision=%s vcs.modified=%t", b.Revision, b.Modified)
	} else {
		s.WriteString(" vcs.revision=unknown")
	}
	if b.GoVersion != "" {
		s.WriteString(" " + b.GoVersion)
	}
	return s.String()
}

// VetVersion returns the line retrylint -V=full prints: String followed
// by buildID=HASH, the SHA-256 of the executable exe.
//
// This is go vet's protocol for its tools: the go command runs the tool
// with -V=full and keys its cache of vet results on the answer. It
// wants "NAME version VERSION ..." and, when VERSION contains "devel",
// a last field "buildID=..." which is then the key; otherwise the whole
// line is. Either way the key holds the hash of the binary, so that a
// rebuilt retrylint is never given the results of another, even when
// its version says nothing new ("(devel)", "+dirty", another Go).
func (b Build) VetVersion(exe string) (string, error) {
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("reading %s: %v", exe, err)
	}
	return fmt.Sprintf("%s buildID=%x", b, h.Sum(nil)), nil
}
