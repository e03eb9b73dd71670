package report

import (
	"go/ast"
	"go/parser"
	"strings"
	"testing"
)

func TestMessage(t *testing.T) {
	for _, tc := range []struct {
		evidence string
		hints    []string
		want     string
	}{
		// The first hint that fits.
		{"waits a fixed 1s", []string{"; use exponential backoff with full jitter", "; use full jitter"},
			"R-1: retry of c.Do (GET) waits a fixed 1s; use exponential backoff with full jitter"},
		{": its wait doubles", nil, "R-1: retry of c.Do (GET): its wait doubles"},
		// Over the target, remarks go, longest first; a call's
		// arguments stay.
		{"waits a fixed 1s (" + strings.Repeat("a", 60) + ") between attempts (Attempts(3))", nil,
			"R-1: retry of c.Do (GET) waits a fixed 1s between attempts (Attempts(3))"},
	} {
		if got := Message("R-1", "retry of c.Do (GET)", tc.evidence, tc.hints...); got != tc.want {
			t.Errorf("Message(%q) = %q, want %q", tc.evidence, got, tc.want)
		}
	}
	// Over the limit with no remark left: cut at a clause.
	long := "has no cap: " + strings.Repeat("word ", 20) + "and " + strings.Repeat("more ", 20)
	got := Message("R-3", "retry of c.Do (GET)", long)
	if len(got) > MessageLimit || !strings.HasPrefix(got, "R-3: retry of c.Do (GET) has no cap: word") || strings.HasSuffix(got, " ") {
		t.Errorf("Message(long) = %q (%d bytes), want it cut at a clause within %d", got, len(got), MessageLimit)
	}
}

func TestPathOf(t *testing.T) {
	for src, want := range map[string]string{
		`"https://api.example.com/v1/payments?x=1"`: "/v1/payments",
		`base + "/v1/refunds"`:                      "…/v1/refunds",
		`"https://api.example.com"`:                 "",
		`url`:                                       "",
	} {
		e, err := parseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := pathOf(e); got != want {
			t.Errorf("pathOf(%s) = %q, want %q", src, got, want)
		}
	}
}

func parseExpr(s string) (ast.Expr, error) { return parser.ParseExpr(s) }
