package main

import (
	"runtime/debug"
	"testing"
)

func TestVersion(t *testing.T) {
	golangci := &debug.Module{Path: golangciModule, Version: "v2.15.0"}
	hash := func() string { return "abcdef012345" }
	for _, tc := range []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"release of retrylint", debug.BuildInfo{Deps: []*debug.Module{golangci, {Path: retrylintModule, Version: "v0.3.0"}}}, "v2.15.0-retrylint.v0.3.0"},
		{"clean checkout", debug.BuildInfo{
			Deps:     []*debug.Module{golangci, {Path: retrylintModule, Version: "(devel)", Replace: &debug.Module{Path: "../"}}},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "false"}},
		}, "v2.15.0-retrylint.0123456789ab"},
		{"modified checkout", debug.BuildInfo{
			Deps:     []*debug.Module{golangci, {Path: retrylintModule, Version: "(devel)", Replace: &debug.Module{Path: "../"}}},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}},
		}, "v2.15.0-retrylint.dev-abcdef012345"},
		{"no VCS information", debug.BuildInfo{Deps: []*debug.Module{golangci}}, "v2.15.0-retrylint.dev-abcdef012345"},
	} {
		if got := version(&tc.bi, hash); got != tc.want {
			t.Errorf("%s: version = %q, want %q", tc.name, got, tc.want)
		}
	}
	// The running test binary has build information: the version is never
	// empty, which would leave golangci-lint's "version" blank.
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := version(bi, binaryHash); v == "" || v == "(unknown)-retrylint." {
			t.Errorf("version of the test binary = %q", v)
		}
	}
}
