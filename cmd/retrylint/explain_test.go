package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/msgcheck"
	"github.com/retrylint/retrylint/internal/rules"
)

// TestExplain checks that -explain and help cover every rule of the
// standard, R-1 to R-10, and every analyzer: the standard's text, and for
// the rules an analyzer enforces its documentation with the fix.
func TestExplain(t *testing.T) {
	for i := 1; i <= 10; i++ {
		id := "R-" + strconv.Itoa(i)
		var out, errOut bytes.Buffer
		if s := run([]string{"-explain", id}, &out, &errOut); s != 0 {
			t.Errorf("-explain %s: exit status %d\n%s", id, s, errOut.String())
			continue
		}
		text := out.String()
		if bad := msgcheck.UnboundedShifts(text); len(bad) > 0 {
			t.Errorf("-explain %s advises an unbounded shift %q: cap the exponent", id, bad)
		}
		if std := rules.StandardText(id); std == "" || !strings.Contains(text, strings.Split(std, "\n")[0]) {
			t.Errorf("-explain %s does not quote the standard's text:\n%s", id, text)
		}
		if names := rules.Enforcing(id); len(names) > 0 {
			for _, n := range names {
				if !strings.Contains(text, n+": ") {
					t.Errorf("-explain %s does not document %s", id, n)
				}
			}
			if !regexp.MustCompile(`(?m)^# Fix`).MatchString(text) {
				t.Errorf("-explain %s has no fix section:\n%s", id, text)
			}
		} else if !strings.Contains(text, "No retrylint analyzer checks "+id) {
			t.Errorf("-explain %s does not say that no analyzer checks it:\n%s", id, text)
		}
	}

	// help NAME is -explain NAME; rule ids may be written r1.
	var a, b bytes.Buffer
	run([]string{"help", "fixedinterval"}, &a, &bytes.Buffer{})
	run([]string{"-explain", "r1"}, &b, &bytes.Buffer{})
	if a.String() == "" || a.String() != b.String() {
		t.Errorf("help fixedinterval and -explain r1 differ")
	}
	// The R-1 recipe is overflow-safe: the shift is bounded, as -fix
	// writes it.
	if !strings.Contains(a.String(), "time.Second<<min(attempt, 5)") || regexp.MustCompile(`time\.Second\s*<<\s*attempt\b`).MatchString(a.String()) {
		t.Errorf("-explain R-1: the recipe must bound the shift (time.Second<<min(attempt, 5)):\n%s", a.String())
	}

	var out, errOut bytes.Buffer
	if s := run([]string{"-explain", "R-11"}, &out, &errOut); s != 1 || !strings.Contains(errOut.String(), "no analyzer or rule") {
		t.Errorf("-explain R-11: exit status %d, stderr %q", s, errOut.String())
	}
}
