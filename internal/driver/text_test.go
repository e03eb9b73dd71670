package driver

import (
	"bytes"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// pkgclause reports every file's package clause, with a related
// position at its name.
var pkgclause = &analysis.Analyzer{
	Name: "pkgclause",
	Doc:  "pkgclause: reports package clauses",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			pass.Report(analysis.Diagnostic{
				Pos:     f.Package,
				Message: "package " + f.Name.Name,
				Related: []analysis.RelatedInformation{{Pos: f.Name.Pos(), Message: "named here"}},
			})
		}
		return nil, nil
	},
}

func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.24\n"
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The go command reports the directory as os.Getwd does after a
	// chdir there: resolve symbolic links (macOS's /var/folders).
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return real
}

// TestTextPaths checks the paths of the text output: relative to the
// working directory for files inside it, absolute for the others; the
// errors on stderr likewise.
func TestTextPaths(t *testing.T) {
	mod := writeModule(t, map[string]string{
		"m.go":     "package m\n",
		"sub/s.go": "package sub\n",
		"bad/b.go": "package bad\n\nvar x int = \"s\"\n",
	})
	run := func(dir string, patterns ...string) (string, int) {
		var stdout, stderr bytes.Buffer
		status := Run(Config{
			Analyzers:    []*analysis.Analyzer{pkgclause},
			Patterns:     patterns,
			Format:       Text,
			ContextLines: -1,
			Dir:          dir,
			Stdout:       &stdout,
			Stderr:       &stderr,
		})
		if stdout.Len() > 0 {
			t.Errorf("text output on stdout: %s", stdout.String())
		}
		return stderr.String(), status
	}

	// Run in the module: every file is under the working directory.
	t.Chdir(mod)
	got, status := run("", ".", "./sub", "./bad")
	want := `bad/b.go:3:13: cannot use "s" (untyped string constant) as int value in variable declaration
m.go:1:1: package m
m.go:1:9: 	named here
sub/s.go:1:1: package sub
sub/s.go:1:9: 	named here
`
	if status != ExitError || got != want {
		t.Errorf("in the module: exit status %d, output:\n%s\nwant status %d and:\n%s", status, got, ExitError, want)
	}

	// Run in sub: files elsewhere keep their absolute path.
	t.Chdir(filepath.Join(mod, "sub"))
	got, status = run(mod, ".", "./sub")
	m := filepath.Join(mod, "m.go")
	want = m + ":1:1: package m\n" + m + ":1:9: \tnamed here\n" +
		"s.go:1:1: package sub\ns.go:1:9: \tnamed here\n"
	if status != ExitFindings || got != want {
		t.Errorf("in sub: exit status %d, output:\n%s\nwant status %d and:\n%s", status, got, ExitFindings, want)
	}

	// Run outside the module: all absolute.
	t.Chdir(t.TempDir())
	got, _ = run(mod, ".")
	if !strings.HasPrefix(got, m+":1:1: package m\n") {
		t.Errorf("outside the module:\n%s\nwant paths under %s", got, mod)
	}
}

func TestShortPosition(t *testing.T) {
	for _, tc := range []struct {
		file, wd, want string
	}{
		{"/w/r/a/b.go", "/w/r", "a/b.go:3:4"},
		{"/w/r/b.go", "/w/r", "b.go:3:4"},
		{"/w/r2/b.go", "/w/r", "/w/r2/b.go:3:4"}, // a sibling sharing a prefix
		{"/w/b.go", "/w/r", "/w/b.go:3:4"},
		{"/w/r/b.go", "", "/w/r/b.go:3:4"}, // no working directory
		{"b.go", "/w/r", "b.go:3:4"},       // already relative
	} {
		p := token.Position{Filename: filepath.FromSlash(tc.file), Line: 3, Column: 4}
		if got := filepath.ToSlash(shortPosition(p, filepath.FromSlash(tc.wd))); got != tc.want {
			t.Errorf("shortPosition(%s, %q) = %s, want %s", tc.file, tc.wd, got, tc.want)
		}
	}
}
