package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestBuildString(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{
			"release with VCS",
			debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/retrylint/retrylint", Version: "v1.2.0"},
				Settings: []debug.BuildSetting{{Key: "-buildmode", Value: "exe"}, {Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "4c891c46d62a5a78a3d9c98df2f2192a36c4e00a"}, {Key: "vcs.modified", Value: "false"}}},
			"retrylint version v1.2.0 vcs.revision=4c891c46d62a5a78a3d9c98df2f2192a36c4e00a vcs.modified=false go1.26.8",
		},
		{
			"modified checkout",
			debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.1-0.20260102150405-4c891c46d62a+dirty"},
				Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "4c891c46d62a"}, {Key: "vcs.modified", Value: "true"}}},
			"retrylint version v1.2.1-0.20260102150405-4c891c46d62a+dirty vcs.revision=4c891c46d62a vcs.modified=true go1.26.8",
		},
		{
			"-buildvcs=false",
			debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"retrylint version (devel) vcs.revision=unknown go1.26.8",
		},
		{
			"no main module version",
			debug.BuildInfo{},
			"retrylint version (devel) vcs.revision=unknown",
		},
	} {
		if got := buildOf(&tc.bi).String(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := ReadBuild().String(); !strings.HasPrefix(got, "retrylint version ") {
		t.Errorf("ReadBuild: %q", got)
	}
}

// vetToolID is how the go command (cmd/go/internal/work.Builder.toolID)
// reads a vet tool's -V=full: the key of its cache of vet results.
func vetToolID(line string) (string, error) {
	f := strings.Fields(line)
	if len(f) < 3 || f[1] != "version" || strings.Contains(f[2], "devel") && !strings.HasPrefix(f[len(f)-1], "buildID=") {
		return "", fmt.Errorf("unexpected output: %q", line)
	}
	if strings.Contains(f[2], "devel") {
		id := f[len(f)-1]
		return id[strings.LastIndex(id, "/")+1:], nil
	}
	return strings.TrimSpace(line), nil
}

func TestVetVersion(t *testing.T) {
	exe := filepath.Join(t.TempDir(), "retrylint")
	for _, b := range []Build{
		{Version: Devel, GoVersion: "go1.26.8"},
		{Version: "v1.2.0", Revision: "4c891c46d62a", GoVersion: "go1.26.8"},
	} {
		var ids []string
		for _, content := range []string{"one binary", "another"} {
			if err := os.WriteFile(exe, []byte(content), 0o755); err != nil {
				t.Fatal(err)
			}
			line, err := b.VetVersion(exe)
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("%s buildID=%x", b, sha256.Sum256([]byte(content)))
			if line != want {
				t.Errorf("VetVersion = %q, want %q", line, want)
			}
			id, err := vetToolID(line)
			if err != nil {
				t.Fatalf("go vet would reject %s: %v", b.Version, err)
			}
			if !strings.Contains(id, fmt.Sprintf("%x", sha256.Sum256([]byte(content)))) {
				t.Errorf("%s: go vet's cache key %q lacks the binary's hash", b.Version, id)
			}
			ids = append(ids, id)
		}
		if ids[0] == ids[1] {
			t.Errorf("%s: two binaries have one go vet cache key %q", b.Version, ids[0])
		}
	}
	if _, err := (Build{}).VetVersion(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Errorf("VetVersion of a missing executable: no error")
	}
}

func TestSARIFTool(t *testing.T) {
	for _, tc := range []struct {
		build                Build
		version, semver, vcs string
	}{
		{Build{Version: "v1.2.0", Revision: "4c891c46d62a", Modified: true}, "v1.2.0", "1.2.0", `{"vcs.revision":"4c891c46d62a","vcs.modified":true}`},
		{Build{Version: Devel}, "(devel)", "", ""},
	} {
		var buf bytes.Buffer
		if err := writeSARIF(&buf, tc.build, nil, nil, nil, ""); err != nil {
			t.Fatal(err)
		}
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Name            string          `json:"name"`
						Version         string          `json:"version"`
						SemanticVersion string          `json:"semanticVersion"`
						InformationURI  string          `json:"informationUri"`
						Properties      json.RawMessage `json:"properties"`
					} `json:"driver"`
				} `json:"tool"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("SARIF: %v\n%s", err, buf.String())
		}
		d := log.Runs[0].Tool.Driver
		var vcs bytes.Buffer
		if len(d.Properties) > 0 {
			if err := json.Compact(&vcs, d.Properties); err != nil {
				t.Fatal(err)
			}
		}
		if d.Name != "retrylint" || d.Version != tc.version || d.SemanticVersion != tc.semver || d.InformationURI != "https://github.com/retrylint/retrylint" || vcs.String() != tc.vcs {
			t.Errorf("tool.driver of %+v: %+v %s, want version %q, semanticVersion %q, the informationUri and properties %s", tc.build, d, vcs.String(), tc.version, tc.semver, tc.vcs)
		}
	}
}
