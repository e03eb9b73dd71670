// Package analysisdoc extracts an analyzer's documentation from its
// doc.go, as golang.org/x/tools/go/analysis/passes does: the package doc
// comment holds a section "# Analyzer NAME" whose first line is the
// one-line summary and whose rest, to the next "# Analyzer" heading (its
// subsections included), is the full description. The same text
// feeds the Analyzer's Doc, the README's table of rules, SARIF rule
// metadata and `retrylint -explain NAME`.
package analysisdoc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// Extract returns the "# Analyzer name" section of the package doc
// comment in the Go source content.
func Extract(content, name string) (string, error) {
	if content == "" {
		return "", fmt.Errorf("empty Go source file")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("not a Go source file: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("no package doc comment in the Go source file")
	}
	return section(f.Doc, name)
}

func section(doc *ast.CommentGroup, name string) (string, error) {
	text := doc.Text()
	heading := "# Analyzer " + name
	var b strings.Builder
	in := false
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "# ") {
			// The analyzer's section runs to the next analyzer's:
			// its subsections (# Libraries, # Fix) are part of its
			// documentation, in -explain and SARIF rule help.
			if in && strings.HasPrefix(line, "# Analyzer ") {
				break
			}
			if strings.TrimSpace(line) == heading {
				in = true
				continue
			}
		}
		if in {
			b.WriteString(line)
		}
	}
	if !in {
		return "", fmt.Errorf("package doc comment contains no %q heading", heading)
	}
	return strings.TrimSpace(b.String()), nil
}

// MustExtract is Extract, panicking on error: for package initialisation,
// where a malformed doc.go is a programming error caught by any test.
func MustExtract(content, name string) string {
	s, err := Extract(content, name)
	if err != nil {
		panic(fmt.Sprintf("analysisdoc: %s: %v", name, err))
	}
	return s
}
