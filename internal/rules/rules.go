// Package rules maps each retrylint analyzer to the rules of the Retry
// Policy standard it enforces. It is the one table the drivers read,
// beside each analyzer's Doc and URL, to describe a finding: SARIF rule
// metadata, GitHub annotation titles, `retrylint -explain NAME`, and the
// names a //retrylint:ignore directive may use.
package rules

import (
	"slices"
	"strings"
)

// A Rule describes one analyzer.
type Rule struct {
	// Name is the analyzer's name, the id of its findings.
	Name string
	// Rules are the standard's rules it enforces, as "R-2".
	Rules []string
}

// table is in the order of the standard. It must list exactly the
// analyzers of package analyzers (a test checks it).
var table = [...]Rule{
	{"fixedinterval", []string{"R-1"}},
	{"maxretries", []string{"R-2"}},
	{"notimeout", []string{"R-3"}},
	{"nonretryable", []string{"R-4", "R-9"}},
	{"idemkey", []string{"R-6"}},
}

// titles are the standard's titles of the rules the analyzers enforce.
var titles = map[string]string{
	"R-1": "Exponential Backoff with Full Jitter",
	"R-2": "Maximum Retry Count",
	"R-3": "Total Retry Duration",
	"R-4": "Retryable vs Non-Retryable Classification",
	"R-6": "Idempotency Requirements",
	"R-9": "Security",
}

// Title returns the standard's title of rule id ("R-2"), or "".
func Title(id string) string { return titles[id] }

// Describe returns the rules as "R-4 Retryable vs Non-Retryable
// Classification, R-9 Security".
func (r Rule) Describe() string {
	var parts []string
	for _, id := range r.Rules {
		if t := Title(id); t != "" {
			parts = append(parts, id+" "+t)
		} else {
			parts = append(parts, id)
		}
	}
	return strings.Join(parts, ", ")
}

// DirectiveOwner is the analyzer that reports malformed directives
// (//retrylint:ignore, //retrylint:context), unknown context names and
// //retrylint:ignore directives naming no known analyzer. It enforces no
// rule of the standard, so it is not in the table: directives cannot be
// suppressed.
const DirectiveOwner = "directives"

// All returns every rule, in the order of the standard.
func All() []Rule {
	out := make([]Rule, len(table))
	for i, r := range table {
		out[i] = Rule{r.Name, slices.Clone(r.Rules)}
	}
	return out
}

// Lookup returns the rule of the named analyzer.
func Lookup(name string) (Rule, bool) {
	for _, r := range table {
		if r.Name == name {
			return Rule{r.Name, slices.Clone(r.Rules)}, true
		}
	}
	return Rule{}, false
}

// Known reports whether name is a retrylint analyzer.
func Known(name string) bool {
	_, ok := Lookup(name)
	return ok
}

// Names returns the analyzers' names, in the order of the standard.
func Names() []string {
	out := make([]string, len(table))
	for i, r := range table {
		out[i] = r.Name
	}
	return out
}
