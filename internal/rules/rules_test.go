package rules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/rules"
	"golang.org/x/tools/go/analysis"
)

// TestTable checks that the table lists exactly the rule analyzers of
// package analyzers, in their order, each with rules the analyzer's Doc
// names, and that All adds only the directive owner.
func TestTable(t *testing.T) {
	var names []string
	for _, a := range analyzers.Rules() {
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
	all := analyzers.All()
	if len(all) != len(names)+1 || all[len(all)-1].Name != rules.DirectiveOwner {
		t.Errorf("analyzers.All() does not end with the directive owner %q", rules.DirectiveOwner)
	}
	if rules.Known(rules.DirectiveOwner) {
		t.Errorf("DirectiveOwner %q is in the rules table: a directive could suppress directive problems", rules.DirectiveOwner)
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

// TestNogoReady checks what Bazel's nogo needs of an analyzer package:
// one exported Analyzer per package, valid analyzers, and no facts
// anywhere in the graph (nogo would have to serialize them).
func TestNogoReady(t *testing.T) {
	all := analyzers.All()
	if err := analysis.Validate(all); err != nil {
		t.Fatal(err)
	}
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		if len(a.FactTypes) > 0 {
			t.Errorf("%s declares facts %v", a.Name, a.FactTypes)
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range all {
		visit(a)
		dir := filepath.Join("..", "..", "analyzers", a.Name)
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		var exported []string
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.VAR {
					continue
				}
				for _, s := range gd.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						if n.IsExported() {
							exported = append(exported, n.Name)
						}
					}
				}
			}
		}
		if !slices.Equal(exported, []string{"Analyzer"}) {
			t.Errorf("package analyzers/%s exports the variables %v, want only Analyzer", a.Name, exported)
		}
	}
}

// TestReadmeTable checks the README's table of rules against the table:
// one row per analyzer, in order, with the rules it enforces.
func TestReadmeTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `(\\w+)` \\| ([^|]+) \\|")
	var got []string
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		got = append(got, m[1]+" "+strings.TrimSpace(m[2]))
	}
	var want []string
	for _, r := range rules.All() {
		want = append(want, r.Name+" "+strings.Join(r.Rules, ", "))
	}
	if !slices.Equal(got, want) {
		t.Errorf("README's table of rules lists %q, want %q", got, want)
	}
}
