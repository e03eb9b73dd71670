package knowledge

import (
	"os"
	"strings"
	"testing"
)

// TestTables checks the tables are well formed: every library has a
// name, a package and a version range, no entry point is in two tables,
// and every entry is in one of its library's packages.
func TestTables(t *testing.T) {
	seen := map[string]string{}
	for _, l := range All() {
		if l.Name == "" || len(l.Paths) == 0 || l.Versions == "" || l.Module == "" {
			t.Errorf("table %q: name, paths, module and versions are required", l.Name)
		}
		for _, e := range l.Entries {
			k := e.Key(l)
			if prev, dup := seen[k]; dup {
				t.Errorf("entry %s in %s and %s", k, prev, l.Name)
			}
			seen[k] = l.Name
			lib, _, ok := Lookup(k)
			if !ok || (lib != l && seen[k] == l.Name) {
				t.Errorf("Lookup(%s) = %v, %v", k, lib, ok)
			}
			if e.Path != "" && !l.Has(e.Path) {
				t.Errorf("entry %s: package not among %s's paths", k, l.Name)
			}
			if !packages[e.Path] && e.Path != "" {
				t.Errorf("entry %s: %s is not a library package", k, e.Path)
			}
		}
		for _, g := range l.Bound.Groups {
			for _, c := range g {
				if c.Setting == "" {
					t.Errorf("%s: a count with no setting", l.Name)
				}
			}
		}
	}
	if packages["net/http"] {
		t.Errorf("net/http is a library package")
	}
	if _, _, ok := Lookup("github.com/cenkalti/backoff/v4.Retry"); !ok {
		t.Errorf("cenkalti v4 Retry is not an entry")
	}
}

func TestMarkersAndGenerators(t *testing.T) {
	for key, want := range map[string]MarkerKind{
		"github.com/cenkalti/backoff/v4.Permanent":     MarkPermanent,
		"github.com/cenkalti/backoff/v5.Permanent":     MarkPermanent,
		"github.com/avast/retry-go/v4.Unrecoverable":   MarkPermanent,
		"github.com/avast/retry-go/v5.IsRecoverable":   MarkIsRecoverable,
		"github.com/sethvargo/go-retry.RetryableError": MarkRetryable,
		"github.com/cenkalti/backoff/v4.Retry":         NoMarker,
		"errors.New":                                   NoMarker,
	} {
		if got := MarkerOf(key); got != want {
			t.Errorf("MarkerOf(%s) = %d, want %d", key, got, want)
		}
	}
	if PredicateOf(RetryableHTTP.Paths[0]+".DefaultRetryPolicy") != PredHTTPDefaultPolicy {
		t.Errorf("DefaultRetryPolicy is not the retryablehttp default predicate")
	}
	for _, c := range []struct {
		path, name string
		want       bool
	}{
		{PathGoogleUUID, "NewString", true},
		{PathGoogleUUID, "Parse", false},
		{"math/rand/v2", "Int64", true},
		{"math/rand/v2", "NewPCG", false},
		{"math/rand", "Seed", false},
		{"time", "Now", true},
		{"time", "Since", false},
		{"strings", "Repeat", false},
	} {
		if got := IsKeyGenerator(c.path, c.name); got != c.want {
			t.Errorf("IsKeyGenerator(%s, %s) = %v, want %v", c.path, c.name, got, c.want)
		}
	}
}

// TestDocLists checks that the package doc's list of libraries names
// every table.
func TestDocLists(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range All() {
		if !strings.Contains(string(doc), l.Name+" (") {
			t.Errorf("doc.go does not list %s", l.Name)
		}
	}
}
