package analysisdoc

import "testing"

const src = `// Package x does things.
//
// # Analyzer x
//
// x: the summary line
//
// The full text.
//
// # Fix
//
// The recipe.
//
// # Analyzer y
//
// y: not this
package x
`

func TestExtract(t *testing.T) {
	got, err := Extract(src, "x")
	if err != nil {
		t.Fatal(err)
	}
	if want := "x: the summary line\n\nThe full text.\n\n# Fix\n\nThe recipe."; got != want {
		t.Errorf("Extract = %q, want %q", got, want)
	}
	if _, err := Extract(src, "z"); err == nil {
		t.Error("Extract(y): no error for a missing heading")
	}
	if _, err := Extract("package x", "x"); err == nil {
		t.Error("Extract: no error for a missing doc comment")
	}
}
