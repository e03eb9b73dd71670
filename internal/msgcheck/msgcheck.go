// Package msgcheck checks the form of retrylint's findings, for the
// tests of every place findings come from (the analyzers' test data, the
// bundled example, the corpus of real modules): one line, at most
// report.MessageLimit bytes, naming the rule and the retried
// operation.
package msgcheck

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/rules"
)

// ruleRE matches the rule a finding starts with: "R-1: ".
var ruleRE = regexp.MustCompile(`^R-(?:[1-9]|10): `)

// subjectRE matches the subject after the rule: a retry of a named
// operation ("retry of client.Do (POST /payments)", "backoff.Retry of
// op", "go-retryablehttp retry of c.Do"), or, for a retry configuration
// whose operation is not at the site, the configuration ("gRPC service
// config retry policy").
var subjectRE = regexp.MustCompile(`^R-\d+: (?:\S+ )*?(?:of \S|retry policy\b)`)

// Check returns what is wrong with a finding of analyzer, or nil.
// Findings about directives (of rules.DirectiveOwner, or an unused
// //retrylint:ignore) name no operation.
func Check(analyzer, msg string) error {
	if n := len(msg); n > report.MessageLimit {
		return fmt.Errorf("%d bytes, over the limit of %d: %q", n, report.MessageLimit, msg)
	}
	if strings.ContainsAny(msg, "\n\r") {
		return fmt.Errorf("more than one line: %q", msg)
	}
	if analyzer == rules.DirectiveOwner || strings.HasPrefix(msg, "unused //retrylint:ignore directive") {
		return nil
	}
	if !ruleRE.MatchString(msg) {
		return fmt.Errorf("does not start with its rule (R-N: ): %q", msg)
	}
	rule, _, _ := strings.Cut(msg, ":")
	if len(regexp.MustCompile(`\b`+rule+`\b`).FindAllStringIndex(msg, -1)) > 1 {
		return fmt.Errorf("names its rule twice: %q", msg)
	}
	if !subjectRE.MatchString(msg) {
		return fmt.Errorf("does not name the retried operation (\"retry of OP\", \"LIB of OP\"): %q", msg)
	}
	return nil
}
