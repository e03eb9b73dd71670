package report

import (
	"slices"
	"strings"
	"testing"
)

func TestParseIgnore(t *testing.T) {
	for _, tc := range []struct {
		text    string
		names   []string // nil: no directive
		reason  string
		problem string // a substring of the problem, "" for none
	}{
		{"//retrylint:ignore maxretries IAB-42", []string{"maxretries"}, "IAB-42", ""},
		{"//retrylint:ignore maxretries,idemkey the key is set by the gateway", []string{"maxretries", "idemkey"}, "the key is set by the gateway", ""},
		{"//retrylint:ignore maxretries,maxretries twice", []string{"maxretries"}, "twice", ""},
		{"//retrylint:ignore maxretries // IAB-42", []string{"maxretries"}, "IAB-42", ""},
		{"//retrylint:ignore\tnotimeout\tbounded by the caller", []string{"notimeout"}, "bounded by the caller", ""},
		{"//retrylint:ignore maxretries,bogus reason", []string{"maxretries"}, "reason", `directive names "bogus", which is no retrylint analyzer`},
		{"//retrylint:ignore maxretries", nil, "", "a reason is required"},
		{"//retrylint:ignore maxretries //", nil, "", "a reason is required"},
		{"//retrylint:ignore maxretries   ", nil, "", "a reason is required"},
		{"//retrylint:ignore", nil, "", "it names no analyzer"},
		{"//retrylint:ignore   ", nil, "", "it names no analyzer"},
		{"//retrylint:ignore bogus reason", nil, "", `directive names "bogus"`},
		{"//retrylint:ignore maxretries, idemkey reason", nil, "", "no space in the analyzer list"},
		{"//retrylint:ignore ,maxretries reason", nil, "", "empty analyzer name"},
		{"// retrylint:ignore maxretries reason", nil, "", "no space after //"},
		{"//retrylint:ignorex maxretries reason", nil, "", "unknown directive //retrylint:ignorex"},
		{"//retrylint:contexts async", nil, "", "unknown directive //retrylint:contexts"},
		{"//retrylint:context async", nil, "", ""},
		{"//retrylint:context", nil, "", ""},
		{"/* retrylint:ignore maxretries reason */", nil, "", ""},
		{"// an ordinary comment about retrylint:ignore", nil, "", ""},
		{"//nolint:maxretries // reason", nil, "", ""},
	} {
		d, problem := parseIgnore(tc.text)
		if tc.problem == "" && problem != "" || !strings.Contains(problem, tc.problem) {
			t.Errorf("%q: problem %q, want one with %q", tc.text, problem, tc.problem)
		}
		switch {
		case tc.names == nil && d != nil:
			t.Errorf("%q: got a directive for %v, want none", tc.text, d.names)
		case tc.names != nil && d == nil:
			t.Errorf("%q: got no directive, want one for %v", tc.text, tc.names)
		case d != nil && (!slices.Equal(d.names, tc.names) || d.reason != tc.reason):
			t.Errorf("%q: got %v %q, want %v %q", tc.text, d.names, d.reason, tc.names, tc.reason)
		}
	}
}
