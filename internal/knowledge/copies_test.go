package knowledge

import (
	"os"
	"path/filepath"
	"testing"

	gopackages "golang.org/x/tools/go/packages"
)

// TestStubsRecognised type-checks the stubs of the libraries' packages
// (internal/retrysite/testdata, signatures copied from the versions the
// tables were read at) and asks, for each table's package, whether its
// code alone says which library package it is (recognise ignores the
// path).
func TestStubsRecognised(t *testing.T) {
	gopath, err := filepath.Abs("../retrysite/testdata")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var paths []string
	for _, fp := range prints {
		if !seen[fp.path] {
			seen[fp.path] = true
			if _, err := os.Stat(filepath.Join(gopath, "src", fp.path)); err == nil {
				paths = append(paths, fp.path)
			}
		}
	}
	// Older majors of a library, with no table of their own, are read
	// as copies of the table's major.
	older := map[string]string{"github.com/cenkalti/backoff": "github.com/cenkalti/backoff/v4"}
	for p := range older {
		paths = append(paths, p)
	}
	cfg := &gopackages.Config{
		Mode: gopackages.NeedName | gopackages.NeedTypes | gopackages.NeedDeps | gopackages.NeedImports,
		Env:  append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS="),
		Dir:  gopath,
	}
	pkgs, err := gopackages.Load(cfg, paths...)
	if err != nil {
		t.Fatal(err)
	}
	// The copies the issue names must be recognised.
	must := map[string]bool{PathK8sWait: true, "github.com/cenkalti/backoff/v4": true, "github.com/cenkalti/backoff/v5": true}
	var found int
	for _, p := range pkgs {
		if p.Types == nil || len(p.Errors) > 0 {
			t.Errorf("%s: %v", p.PkgPath, p.Errors)
			continue
		}
		got := recognise(p.Types)
		if want, ok := older[p.PkgPath]; ok {
			if got != want {
				t.Errorf("%s recognised as %q, want %s", p.PkgPath, got, want)
			}
			continue
		}
		switch got {
		case p.PkgPath:
			found++
		case "":
			// Its table's shape is not all in this package (settings
			// of another package, no settings vocabulary, an entry the
			// stub leaves out): a copy of it is known only by path.
			t.Logf("%s: not recognised by its code", p.PkgPath)
			if must[p.PkgPath] {
				t.Errorf("%s: not recognised by its code", p.PkgPath)
			}
		default:
			t.Errorf("%s recognised as %s", p.PkgPath, got)
		}
	}
	t.Logf("%d of %d library packages recognised by their code", found, len(pkgs))
}
