package driver

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/retrylint/retrylint/internal/rules"
)

// writeGitHub writes the findings as GitHub Actions workflow commands,
// which the Actions runner turns into annotations on the pull request:
//
//	::error file=pay/pay.go,line=12,col=2,endLine=12,endColumn=30,title=retrylint maxretries (R-2 Maximum Retry Count)::R-2: ...
//
// Paths are relative to base, the repository's checkout.
func writeGitHub(w io.Writer, fs []finding, problems []problem, base string) error {
	lines := newLineCache()
	for _, p := range problems {
		var props []string
		if p.Posn.Filename != "" {
			props = append(props, "file="+escapeProperty(githubPath(p.Posn.Filename, base)))
			if p.Posn.Line > 0 {
				props = append(props, fmt.Sprintf("line=%d", p.Posn.Line))
			}
			if p.Posn.Column > 0 {
				props = append(props, fmt.Sprintf("col=%d", lines.utf16Col(p.Posn.Filename, p.Posn.Line, p.Posn.Column)))
			}
		}
		props = append(props, "title="+escapeProperty("retrylint error"))
		if _, err := fmt.Fprintf(w, "::error %s::%s\n", strings.Join(props, ","), escapeData(p.Msg)); err != nil {
			return err
		}
	}
	for _, f := range fs {
		props := []string{
			"file=" + escapeProperty(githubPath(f.Posn.Filename, base)),
			fmt.Sprintf("line=%d", f.Posn.Line),
			fmt.Sprintf("col=%d", lines.utf16Col(f.Posn.Filename, f.Posn.Line, f.Posn.Column)),
		}
		if f.End.IsValid() && f.End.Filename == f.Posn.Filename && (f.End.Line > f.Posn.Line || f.End.Column > f.Posn.Column) {
			props = append(props,
				fmt.Sprintf("endLine=%d", f.End.Line),
				fmt.Sprintf("endColumn=%d", lines.utf16Col(f.End.Filename, f.End.Line, f.End.Column)))
		}
		props = append(props, "title="+escapeProperty(title(f)))
		msg := f.Message
		for _, r := range f.Related {
			msg += fmt.Sprintf("\n%s:%d:%d: %s", githubPath(r.Posn.Filename, base), r.Posn.Line, r.Posn.Column, r.Message)
		}
		if _, err := fmt.Fprintf(w, "::error %s::%s\n", strings.Join(props, ","), escapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

// githubPath is a file's name in an annotation: relative to base, with
// slashes, when inside it; as it is otherwise.
func githubPath(file, base string) string {
	if rel, ok := relative(file, base); ok {
		return filepath.ToSlash(rel)
	}
	return file
}

func title(f finding) string {
	t := "retrylint " + f.Analyzer.Name
	if r, ok := rules.Lookup(f.Analyzer.Name); ok {
		t += " (" + r.Describe() + ")"
	}
	return t
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// githubBase is the directory annotation paths are relative to: the
// workspace of the GitHub Actions job when the run is inside it, else
// the directory of the run.
func githubBase(dir string) string {
	b := baseDir(dir)
	if ws := os.Getenv("GITHUB_WORKSPACE"); ws != "" {
		if abs, err := filepath.Abs(ws); err == nil {
			if _, ok := relative(b, abs); ok {
				return abs
			}
		}
	}
	return b
}
