package driver

import (
	"fmt"
	"io"

	"github.com/retrylint/retrylint/internal/rules"
	"golang.org/x/tools/go/analysis"
)

// Explain prints an analyzer's documentation: its summary, the rules of
// the standard it enforces, its manual (the Doc kept in its doc.go), how
// to suppress a finding and where to read more.
func Explain(w io.Writer, a *analysis.Analyzer) {
	summary, full := Doc(a)
	fmt.Fprintf(w, "%s: %s\n\n", a.Name, summary)
	if r, ok := rules.Lookup(a.Name); ok {
		fmt.Fprintf(w, "Enforces %s of the %s standard.\n\n", r.Describe(), standardName)
	}
	if full != "" {
		fmt.Fprintf(w, "%s\n\n", full)
	}
	fmt.Fprintf(w, "Suppress a finding, with a reason: //retrylint:ignore %s <reason>\n", a.Name)
	if a.URL != "" {
		fmt.Fprintf(w, "Documentation: %s\n", a.URL)
	}
}
