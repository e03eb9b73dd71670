package rules_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
)

// TestTable checks that the table lists exactly the analyzers of package
// analyzers, in their order, each with rules the analyzer's Doc names.
func TestTable(t *testing.T) {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
		r, ok := rules.Lookup(a.Name)
		if !ok {
			t.Errorf("analyzer %s is not in the rules table", a.Name)
			continue
		}
		if len(r.Rules) == 0 {
			t.Errorf("%s enforces no rule", a.Name)
		}
		summary, _, _ := strings.Cut(a.Doc, "\n")
		for _, id := range r.Rules {
			if !strings.Contains(summary, id) {
				t.Errorf("%s: the summary of its Doc %q does not name %s", a.Name, summary, id)
			}
		}
		if a.URL == "" {
			t.Errorf("%s has no URL", a.Name)
		}
	}
	if !slices.Equal(names, rules.Names()) {
		t.Errorf("rules.Names() = %v, want the analyzers %v", rules.Names(), names)
	}
	if !rules.Known(rules.DirectiveOwner) {
		t.Errorf("DirectiveOwner %q is no analyzer", rules.DirectiveOwner)
	}
}

func TestTitles(t *testing.T) {
	for _, r := range rules.All() {
		for _, id := range r.Rules {
			if rules.Title(id) == "" {
				t.Errorf("%s: rule %s has no title", r.Name, id)
			}
		}
	}
	r, _ := rules.Lookup("nonretryable")
	if got, want := r.Describe(), "R-4 Retryable vs Non-Retryable Classification, R-9 Security"; got != want {
		t.Errorf("Describe() = %q, want %q", got, want)
	}
}
