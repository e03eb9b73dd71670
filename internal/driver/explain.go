package driver

import (
	"fmt"
	"io"
	"strings"

	"github.com/retrylint/retrylint/internal/rules"
	"golang.org/x/tools/go/analysis"
)

// Explain prints an analyzer's documentation: its summary, the text of
// the standard's rules it enforces, its manual (the Doc kept in its
// doc.go: what it reports, and the fix), how to suppress a finding and
// where to read more.
func Explain(w io.Writer, a *analysis.Analyzer) {
	summary, full := Doc(a)
	fmt.Fprintf(w, "%s: %s\n\n", a.Name, summary)
	if std := standardText(a); std != "" {
		fmt.Fprintf(w, "%s\n\n", std)
	}
	if full != "" {
		fmt.Fprintf(w, "%s\n\n", full)
	}
	if rules.Known(a.Name) {
		fmt.Fprintf(w, "Suppress a finding, with a reason: //retrylint:ignore %s <reason>\n", a.Name)
	}
	if a.URL != "" {
		fmt.Fprintf(w, "Documentation: %s\n", a.URL)
	}
}

// standardText is the text of the rules of the standard a enforces:
// "Enforces R-1 Exponential Backoff ... of the Retry Policy standard:"
// and each rule's text, indented.
func standardText(a *analysis.Analyzer) string {
	r, ok := rules.Lookup(a.Name)
	if !ok {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Enforces %s of the %s standard:", r.Describe(), standardName)
	for _, id := range r.Rules {
		fmt.Fprintf(&b, "\n\n%s %s\n\n%s", id, rules.StandardTitle(id), indent(rules.StandardText(id)))
	}
	return b.String()
}

func indent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "    " + l
		}
	}
	return strings.Join(lines, "\n")
}

// notInCode says, for the rules no analyzer enforces, why and what does.
var notInCode = map[string]string{
	"R-5":  "Honouring Retry-After is a behaviour at run time. github.com/retrylint/retrylint/retry waits at least a response's Retry-After and stops when it asks for longer than is left (reason retry_after).",
	"R-7":  "A retry budget is a behaviour at run time, which the standard gates at production readiness. github.com/retrylint/retrylint/retry keeps one per dependency (Policy.Budget, DefaultBudget) and returns the original error when it is spent.",
	"R-8":  "Dead-letter routing is gated at production readiness. github.com/retrylint/retrylint/retry requires Policy.DeadLetter in the async and webhook contexts and calls it after the final attempt, with the retry metadata.",
	"R-10": "Logging and metrics are behaviours at run time. github.com/retrylint/retrylint/retry logs every retry with the fields R-10 lists (Policy.Logger) and records its metrics (Policy.Metrics, package retryprom).",
}

// ExplainRule prints rule id of the standard ("R-1"): its text, then
// the documentation of each analyzer that enforces it, or what checks
// it when no analyzer does.
func ExplainRule(w io.Writer, id string, all []*analysis.Analyzer) {
	names := rules.Enforcing(id)
	if len(names) > 0 {
		for i, name := range names {
			for _, a := range all {
				if a.Name == name {
					if i > 0 {
						fmt.Fprintln(w)
					}
					Explain(w, a)
				}
			}
		}
		return
	}
	fmt.Fprintf(w, "%s %s (%s standard)\n\n%s\n\n", id, rules.StandardTitle(id), standardName, indent(rules.StandardText(id)))
	fmt.Fprintf(w, "No retrylint analyzer checks %s in code. %s\n", id, notInCode[id])
}
