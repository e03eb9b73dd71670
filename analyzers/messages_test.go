package analyzers_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/msgcheck"
	"golang.org/x/tools/go/analysis/analysistest"
)

// quiet ignores the // want expectations: each analyzer's own test
// checks them; this one checks the form of every message.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// TestMessages runs every rule over all of its test packages and checks
// each finding's form (internal/msgcheck): one line of at most 160
// bytes that names the rule and the retried operation.
func TestMessages(t *testing.T) {
	t.Parallel()
	n := 0
	for _, a := range analyzers.Rules() {
		dir, err := filepath.Abs(filepath.Join(a.Name, "testdata"))
		if err != nil {
			t.Fatal(err)
		}
		entries, err := os.ReadDir(filepath.Join(dir, "src"))
		if err != nil {
			t.Fatal(err)
		}
		// One load per rule: analysistest.Run type-checks the packages
		// it is given together, so each stub library is checked once.
		var pkgs []string
		for _, e := range entries {
			// Directories named like a module path hold stubs of
			// the retry libraries, not test packages.
			if e.IsDir() && filepath.Ext(e.Name()) == "" && e.Name() != "k8s.io" {
				pkgs = append(pkgs, e.Name())
			}
		}
		for _, r := range analysistest.Run(quiet{}, dir, a, pkgs...) {
			for _, d := range r.Diagnostics {
				n++
				if err := msgcheck.Check(a.Name, d.Message); err != nil {
					t.Errorf("%s: %s: %v", r.Pass.Fset.Position(d.Pos), a.Name, err)
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d findings over the analyzers' test data: the test checks little", n)
	}
}
