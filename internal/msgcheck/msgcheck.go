// Package msgcheck checks the form of retrylint's findings, for the
// tests of every place findings come from (the analyzers' test data, the
// bundled example, the corpus of real modules): one line, at most
// report.MessageLimit bytes, naming the rule and the retried
// operation, and with no recipe that overflows (UnboundedShifts).
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
	if bad := UnboundedShifts(msg); len(bad) > 0 {
		return fmt.Errorf("advises an unbounded shift %q: cap the exponent (time.Second<<min(attempt, 5)): %q", bad, msg)
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

// shift finds a left shift by a variable: base<<attempt, 1 << n.
var shift = regexp.MustCompile(`<<\s*(min\(|[A-Za-z_][A-Za-z0-9_.]*)`)

// UnboundedShifts returns the shifts in the recipes of text whose count
// is a bare variable: time.Second<<attempt overflows once attempt reaches
// 34 and rand.Int64N then panics on a negative bound (issue 14). A shift
// capped by min(...) or by a constant is safe, and is what -fix writes
// (internal/retrysite/fixes). A recipe is a line that draws a random
// wait (it mentions rand); other lines may name the shapes the rules
// report (d<<attempt, exponential without jitter).
func UnboundedShifts(text string) []string {
	var bad []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, "rand") {
			continue
		}
		for _, m := range shift.FindAllStringSubmatch(line, -1) {
			if m[1] != "min(" {
				bad = append(bad, m[0])
			}
		}
	}
	return bad
}
