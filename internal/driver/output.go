package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"strings"
)

// writeText prints the findings as go vet does: "file:line:col: message",
// then each related position as "file:line:col: \tmessage"; with
// contextLines >= 0, that many lines of source around each. File names
// are relative to wd, the working directory, when inside it.
func writeText(w io.Writer, fs []finding, contextLines int, wd string) error {
	files := make(map[string][]string)
	source := func(name string) []string {
		ls, ok := files[name]
		if !ok {
			data, _ := os.ReadFile(name)
			ls = strings.Split(string(data), "\n")
			files[name] = ls
		}
		return ls
	}
	var b strings.Builder
	print := func(posn, end token.Position, msg string) {
		fmt.Fprintf(&b, "%s: %s\n", shortPosition(posn, wd), msg)
		if contextLines < 0 {
			return
		}
		ls := source(posn.Filename)
		for i := posn.Line - contextLines; i <= max(posn.Line, end.Line)+contextLines; i++ {
			if 1 <= i && i <= len(ls) {
				fmt.Fprintf(&b, "%d\t%s\n", i, ls[i-1])
			}
		}
	}
	for _, f := range fs {
		print(f.Posn, f.End, f.Message)
		for _, r := range f.Related {
			print(r.Posn, r.End, "\t"+r.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shortPosition renders posn as "file:line:col" with the file name
// relative to the working directory wd when the file is inside it, and
// as it is (absolute) otherwise: short, as in go vet's text output, and
// valid for an editor or a terminal opened in wd.
func shortPosition(posn token.Position, wd string) string {
	if rel, ok := relative(posn.Filename, wd); ok {
		posn.Filename = rel
	}
	return posn.String()
}

// The go/analysis JSON of go vet -json: {package: {analyzer: [diagnostic]
// or {"error": "..."}}}.
type jsonDiagnostic struct {
	Category       string        `json:"category,omitempty"`
	Posn           string        `json:"posn"`
	End            string        `json:"end"`
	Message        string        `json:"message"`
	SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
	Related        []jsonRelated `json:"related,omitempty"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

type jsonError struct {
	Err string `json:"error"`
}

// errorKey is the pseudo-analyzer under which JSON lists a package's
// errors, as golangci-lint names type errors.
const errorKey = "typecheck"

// writeJSON prints the findings, each once (a file of a package and its
// test variant is one file), and the errors, in the go/analysis JSON
// shape.
func writeJSON(w io.Writer, fs []finding, problems []problem) error {
	tree := make(map[string]map[string]any)
	add := func(pkg, analyzer string, v any) {
		if tree[pkg] == nil {
			tree[pkg] = make(map[string]any)
		}
		switch v := v.(type) {
		case jsonDiagnostic:
			list, _ := tree[pkg][analyzer].([]jsonDiagnostic)
			tree[pkg][analyzer] = append(list, v)
		case jsonError:
			if prev, ok := tree[pkg][analyzer].(jsonError); ok {
				v.Err = prev.Err + "\n" + v.Err
			}
			tree[pkg][analyzer] = v
		}
	}
	for _, f := range fs {
		d := jsonDiagnostic{Category: f.Category, Posn: f.Posn.String(), End: f.End.String(), Message: f.Message}
		for _, fx := range f.Fixes {
			jf := jsonFix{Message: fx.Message}
			for _, e := range fx.Edits {
				jf.Edits = append(jf.Edits, jsonEdit(e))
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		for _, r := range f.Related {
			d.Related = append(d.Related, jsonRelated{r.Posn.String(), r.End.String(), r.Message})
		}
		add(f.Pkg, f.Analyzer.Name, d)
	}
	for _, p := range problems {
		add(cmp.Or(p.Pkg, "retrylint"), errorKey, jsonError{p.String()})
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
