package fixes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
	"time"
)

func TestDurationText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Second:            "time.Second",
		30 * time.Second:       "30*time.Second",
		500 * time.Millisecond: "500*time.Millisecond",
		2 * time.Minute:        "2*time.Minute",
		1500:                   "time.Duration(1500)",
	} {
		if got := durationText(d, "time"); got != want {
			t.Errorf("durationText(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestImportsAndOptions(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", `package a

import (
	r "math/rand/v2"
	"net/http"
	_ "embed"
)

var b = backoff.NewExponentialBackOff(backoff.WithMaxInterval(1), WithMultiplier(2))
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"math/rand/v2": "r", "net/http": "http", "embed": "", "time": ""} {
		if got := importName(f, path); got != want {
			t.Errorf("importName(%q) = %q, want %q", path, got, want)
		}
	}
	if e := addImport(f, "time"); string(e.NewText) != "\n\t\"time\"" {
		t.Errorf("addImport: %q", e.NewText)
	}
	call := f.Decls[1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.CallExpr)
	if q := qualifier(call.Fun); q != "backoff" {
		t.Errorf("qualifier = %q", q)
	}
	for name, want := range map[string]bool{"WithMaxInterval": true, "WithMultiplier": true, "WithInitialInterval": false} {
		if got := passes(call, name); got != want {
			t.Errorf("passes(%s) = %v, want %v", name, got, want)
		}
	}
}
