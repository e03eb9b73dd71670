package plugin

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis/analysistest"
)

// settings as golangci-lint passes them: decoded YAML.
func yaml(kv ...any) map[string]any {
	m := make(map[string]any)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func flagValue(name string) string {
	return retrysite.Analyzer.Flags.Lookup(name).Value.String()
}

// TestPlugins checks that every analyzer is a plugin named after it,
// with load mode typesinfo, and that settings are strict and shared.
// One test, in order: the settings are process-wide, as the flags are.
func TestPlugins(t *testing.T) {
	for _, a := range analyzers.All() {
		newPlugin, err := register.GetPlugin(a.Name)
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		p, err := newPlugin(nil) // no settings
		if err != nil {
			t.Fatalf("%s without settings: %v", a.Name, err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil || len(as) != 1 || as[0].Name != a.Name || len(as[0].Requires) != len(a.Requires) {
			t.Errorf("%s: BuildAnalyzers() = %v, %v; want the analyzer", a.Name, as, err)
		}
		if m := p.GetLoadMode(); m != register.LoadModeTypesInfo {
			t.Errorf("%s: load mode %q, want typesinfo", a.Name, m)
		}
	}

	newMax, _ := register.GetPlugin("maxretries")
	newIdem, _ := register.GetPlugin("idemkey")

	// An unknown key is an error.
	if _, err := newMax(yaml("contxt", "async")); err == nil || !strings.Contains(err.Error(), `unknown field "contxt"`) {
		t.Errorf("unknown setting: got %v, want an unknown field error", err)
	}
	// So is a value the flag rejects.
	if _, err := newMax(yaml("ranges", yaml("sync", "1-9"))); err == nil || !strings.Contains(err.Error(), "wider than the standard") {
		t.Errorf("wide range: got %v, want the flag's error", err)
	}
	if _, err := newMax(yaml("context", "nightly")); err == nil {
		t.Errorf("unknown context: got no error")
	}

	// Settings map onto the shared flags.
	if _, err := newMax(yaml("context", "async", "ranges", yaml("sync", "1-3", "webhook", "3-6"))); err != nil {
		t.Fatal(err)
	}
	if _, err := newIdem(yaml("key-headers", []any{"x-request-key", "X-Dedup-Id"})); err != nil {
		t.Fatal(err)
	}
	for flag, want := range map[string]string{
		"context":     "async",
		"ranges":      "sync=1-3,webhook=3-6",
		"key-headers": "X-Request-Key,X-Dedup-Id",
	} {
		if got := flagValue(flag); got != want {
			t.Errorf("-%s = %q, want %q", flag, got, want)
		}
	}

	// Another linter may repeat a setting, not contradict it.
	if _, err := newIdem(yaml("context", "async")); err != nil {
		t.Errorf("repeated setting: %v", err)
	}
	if _, err := newIdem(yaml("context", "batch")); err == nil || !strings.Contains(err.Error(), "conflicts") {
		t.Errorf("conflicting setting: got %v, want a conflict", err)
	}
}

// TestOneIssue checks that a linter reports each finding without its
// related positions, which golangci-lint would make separate issues, and
// otherwise as the analyzer does.
func TestOneIssue(t *testing.T) {
	a := fixedinterval.Analyzer
	plain := analysistest.Run(t, analysistest.TestData(), a, "a")
	wrapped := analysistest.Run(t, analysistest.TestData(), oneIssue(a), "a")
	var related int
	for _, r := range plain {
		for _, d := range r.Diagnostics {
			related += len(d.Related)
		}
	}
	if related == 0 {
		t.Fatal("the analyzer reports no related information on the test package: the test tests nothing")
	}
	if len(plain) != len(wrapped) || len(plain[0].Diagnostics) != len(wrapped[0].Diagnostics) {
		t.Fatalf("the wrapped analyzer reports %d results, want %d", len(wrapped), len(plain))
	}
	for i, d := range wrapped[0].Diagnostics {
		p := plain[0].Diagnostics[i]
		if len(d.Related) != 0 || d.Message != p.Message || d.Pos != p.Pos || len(d.SuggestedFixes) != len(p.SuggestedFixes) {
			t.Errorf("wrapped diagnostic %+v, want %+v without related information", d, p)
		}
	}
}
