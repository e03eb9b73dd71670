package site_test

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
)

func settings() *site.Site {
	return &site.Site{Settings: []*site.Setting{
		{Name: "Attempts", Pos: 10, Args: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: "3"}}},
		{Name: "Delay", Pos: 20},
		{Name: "Attempts", Pos: 30},
		{Name: "MaxDelay", Pos: 40},
	}}
}

func TestLastAll(t *testing.T) {
	s := settings()
	if st := s.Last("Attempts"); st == nil || st.Pos != 30 {
		t.Errorf("Last(Attempts) = %v, want the setting at 30", st)
	}
	if st := s.Last("Delay", "MaxDelay"); st == nil || st.Pos != 40 {
		t.Errorf("Last(Delay, MaxDelay) = %v, want the setting at 40", st)
	}
	if st := s.Last("Jitter"); st != nil {
		t.Errorf("Last(Jitter) = %v, want nil", st)
	}
	all := s.All("Attempts", "Delay")
	if len(all) != 3 || all[0].Pos != 10 || all[1].Pos != 20 || all[2].Pos != 30 {
		t.Errorf("All(Attempts, Delay) = %v, want the settings at 10, 20, 30", all)
	}
	if st := s.LastAfter(25, "Attempts"); st == nil || st.Pos != 30 {
		t.Errorf("LastAfter(25, Attempts) = %v, want the setting at 30", st)
	}
	if st := s.LastAfter(25, "Delay"); st != nil {
		t.Errorf("LastAfter(25, Delay) = %v, want nil: the last Delay is written before 25", st)
	}
}

func TestSettingArg(t *testing.T) {
	s := settings()
	if a, ok := s.Settings[0].Arg(0).(*ast.BasicLit); !ok || a.Value != "3" {
		t.Errorf("Arg(0) = %v, want the literal 3", s.Settings[0].Arg(0))
	}
	if a := s.Settings[0].Arg(1); a != nil {
		t.Errorf("Arg(1) = %v, want nil", a)
	}
	var none *site.Setting
	if a := none.Arg(0); a != nil {
		t.Errorf("nil.Arg(0) = %v, want nil", a)
	}
	if got := s.Settings[1].String(); got != "Delay" {
		t.Errorf("String() = %q, want Delay", got)
	}
}

func TestShapes(t *testing.T) {
	for sh := site.ShapeUnknown; sh <= site.ShapeSchedule; sh++ {
		want := sh == site.ShapeFullJitter || sh == site.ShapeDecorrelated
		if sh.Compliant() != want {
			t.Errorf("%v.Compliant() = %v, want %v", sh, sh.Compliant(), want)
		}
		if sh.String() == "" || sh.String()[0] == 'S' {
			t.Errorf("Shape(%d) has no name: %q", int(sh), sh.String())
		}
	}
	if got := site.Shape(99).String(); got != "Shape(99)" {
		t.Errorf("Shape(99).String() = %q", got)
	}
}

func TestTitleDescribe(t *testing.T) {
	lib := &knowledge.Library{Name: "retry-go/v4"}
	for _, tc := range []struct {
		s            *site.Site
		title, descr string
		reports      bool
	}{
		{&site.Site{Kind: site.Loop, Bound: site.Bound{Kind: site.BoundKnown, Retries: 2}}, "retry loop", "loop ctx=sync retries=2", true},
		{&site.Site{Kind: site.Recursion, Context: policy.AsyncEvent, Bound: site.Bound{Kind: site.BoundUnbounded}}, "recursive retry", "recursion ctx=async unbounded", true},
		{&site.Site{Kind: site.HelperCall, Node: &ast.CallExpr{Fun: ast.NewIdent("retryHelper")}}, "call of retry helper retryHelper", "helper call ctx=sync bound=?", false},
		{&site.Site{Kind: site.Library, Lib: lib, Bound: site.Bound{Kind: site.BoundKnown, Retries: 9}}, "retry-go/v4 retry", "library retry-go/v4 ctx=sync retries=9", true},
		{&site.Site{Kind: site.Library, Lib: &knowledge.Library{Name: "client-go retry"}}, "client-go retry", "library client-go retry ctx=sync bound=?", true},
	} {
		if got := tc.s.Title(); got != tc.title {
			t.Errorf("Title() = %q, want %q", got, tc.title)
		}
		if got := tc.s.Describe(); got != tc.descr {
			t.Errorf("Describe() = %q, want %q", got, tc.descr)
		}
		if got := tc.s.Reports(); got != tc.reports {
			t.Errorf("%s: Reports() = %v, want %v", tc.descr, got, tc.reports)
		}
	}
}

// TestCountedAttempts: the words of a count, singular where one.
func TestCountedAttempts(t *testing.T) {
	for n, want := range map[int]string{
		1: "1 attempt = 0 retries",
		2: "2 attempts = 1 retry",
		3: "3 attempts = 2 retries",
	} {
		if got := site.CountedAttempts(n); got != want {
			t.Errorf("CountedAttempts(%d) = %q, want %q", n, got, want)
		}
	}
}
