package corpustest

import (
	"slices"
	"strings"
	"testing"
)

func TestParseLabel(t *testing.T) {
	for _, tc := range []struct {
		line    string
		want    label
		wantErr string
	}{
		{
			line: "example.com/m@v1.0.0/a/b.go:10-20 fixedinterval,maxretries -- a fixed 1s, no count",
			want: label{file: "example.com/m@v1.0.0/a/b.go", from: 10, to: 20, analyzers: []string{"fixedinterval", "maxretries"}, reason: "a fixed 1s, no count"},
		},
		{
			line: "NOT example.com/m@v1.0.0/b.go:5-5 -- a queue drain",
			want: label{not: true, file: "example.com/m@v1.0.0/b.go", from: 5, to: 5, reason: "a queue drain"},
		},
		{line: "example.com/m@v1.0.0/b.go:5-5 fixedinterval", wantErr: "reason"},
		{line: "example.com/m@v1.0.0/b.go:9-5 fixedinterval -- x", wantErr: "bad span"},
		{line: "example.com/m@v1.0.0/b.go:5 fixedinterval -- x", wantErr: "line span"},
		{line: "example.com/m/b.go:5-6 fixedinterval -- x", wantErr: "@"},
		{line: "example.com/m@v1.0.0/b.go:5-6 backoff -- x", wantErr: "unknown analyzer"},
		{line: "example.com/m@v1.0.0/b.go:5-6 idemkey,idemkey -- x", wantErr: "twice"},
		{line: "NOT example.com/m@v1.0.0/b.go:5-6 idemkey -- x", wantErr: "NOT"},
	} {
		got, err := parseLabel(tc.line)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("parseLabel(%q): got error %v, want one containing %q", tc.line, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseLabel(%q): %v", tc.line, err)
			continue
		}
		if got.not != tc.want.not || got.file != tc.want.file || got.from != tc.want.from || got.to != tc.want.to ||
			!slices.Equal(got.analyzers, tc.want.analyzers) || got.reason != tc.want.reason {
			t.Errorf("parseLabel(%q) = %+v, want %+v", tc.line, got, tc.want)
		}
	}
}

func TestMatch(t *testing.T) {
	const file = "example.com/m@v1.0.0/c.go"
	mustLabels := func(lines ...string) []label {
		ls, err := parseLabels("labels.txt", []byte(strings.Join(lines, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		return ls
	}
	mustFinding := func(key, verdict string) scoredFinding {
		f, err := parseFinding(key, verdict)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	labels := mustLabels(
		"# a comment",
		file+":10-20 fixedinterval,maxretries -- loop A",
		file+":30-40 notimeout -- loop B",
		file+":50-60 idemkey -- loop C",
		"NOT "+file+":70-80 -- a poll",
		"example.com/m@v1.0.0/d.go:10-20 nonretryable -- same lines, other file",
	)
	findings := []scoredFinding{
		mustFinding(file+":10:2 fixedinterval", "right"),                    // first line of A: finds (A, fixedinterval)
		mustFinding(file+":21:2 maxretries", "right"),                       // one line past A: finds nothing
		mustFinding(file+":35:9 fixedinterval", "right"),                    // in B, but B is not labelled fixedinterval
		mustFinding(file+":40:1 notimeout", "wrong"),                        // last line of B, classified wrong: no credit
		mustFinding(file+":55:3 idemkey", "?"),                              // unclassified counts
		mustFinding(file+":75:1 maxretries", "right"),                       // right inside a NOT span
		mustFinding(file+":76:1 fixedinterval", "wrong"),                    // wrong inside a NOT span is fine
		mustFinding("example.com/m@v1.0.0/c.go:15:1 nonretryable", "right"), // other file's label does not match
	}
	s := match(labels, findings)
	if s.right != 5 || s.wrong != 2 || s.unclassified != 1 {
		t.Errorf("verdicts: got right %d wrong %d ? %d, want 5 2 1", s.right, s.wrong, s.unclassified)
	}
	if s.sites != 4 || s.pairs != 5 || s.found != 2 {
		t.Errorf("got %d sites, %d pairs, %d found; want 4, 5, 2", s.sites, s.pairs, s.found)
	}
	var missed []string
	for _, p := range s.missed {
		missed = append(missed, p.label.reason+"/"+p.analyzer)
	}
	if want := []string{"loop A/maxretries", "loop B/notimeout", "same lines, other file/nonretryable"}; !slices.Equal(missed, want) {
		t.Errorf("missed %v, want %v", missed, want)
	}
	if len(s.rightInNot) != 1 || !strings.Contains(s.rightInNot[0], ":75:1 maxretries") {
		t.Errorf("rightInNot = %v, want the finding at line 75", s.rightInNot)
	}
	wantUnlabelled := []string{file + ":21:2 maxretries", file + ":35:9 fixedinterval", file + ":75:1 maxretries", file + ":15:1 nonretryable"}
	if !slices.Equal(s.unlabelled, wantUnlabelled) {
		t.Errorf("unlabelled = %v, want %v", s.unlabelled, wantUnlabelled)
	}
	if got, want := s.precision(), 5.0/7; got != want {
		t.Errorf("precision %v, want %v", got, want)
	}
	if got, want := s.recall(), 2.0/5; got != want {
		t.Errorf("recall %v, want %v", got, want)
	}
	var empty score
	if empty.precision() != 1 || empty.recall() != 1 {
		t.Errorf("an empty score should have precision and recall 1")
	}
}

func TestParseFinding(t *testing.T) {
	f, err := parseFinding("github.com/x/y@v1.2.3/dir/f.go:12:5 idemkey", "right")
	if err != nil {
		t.Fatal(err)
	}
	if f.file != "github.com/x/y@v1.2.3/dir/f.go" || f.line != 12 || f.analyzer != "idemkey" || f.verdict != "right" {
		t.Errorf("got %+v", f)
	}
	for _, bad := range []string{"f.go:12:5", "f.go:x:5 idemkey", "f.go idemkey"} {
		if _, err := parseFinding(bad, "right"); err == nil {
			t.Errorf("parseFinding(%q): no error", bad)
		}
	}
}
