package main

// Integration tests of what a merge gate must never get wrong: errors
// that pass silently (a bad directive under go vet's cache), errors said
// several times or in the tool's internal terms, findings counted twice.

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/msgcheck"
)

// module writes a module example.com/NAME with the given files into a
// temporary directory and returns it.
func module(t *testing.T, name string, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/"+name+"\n\ngo 1.24\n")
	for f, content := range files {
		writeFile(t, filepath.Join(dir, f), content)
	}
	return dir
}

const badDirective = `package m

import (
	"net/http"
	"time"
)

//retrylint:context webhok
func Send(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}
`

// TestBadDirectiveFailsEveryRun: a bad //retrylint:context value fails
// every run of every driver, go vet's second (cached) run included, with
// the file, the line and what is wrong.
func TestBadDirectiveFailsEveryRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retrylint and runs go vet")
	}
	bin := buildRetrylint(t)
	dir := module(t, "m", map[string]string{"m.go": badDirective})
	want := regexp.MustCompile(`m\.go:8:1: .*malformed //retrylint:context directive: unknown context \\?"webhok\\?"`)
	for run := 1; run <= 2; run++ {
		_, errOut, status := runCmd(t, dir, "go", "vet", "-vettool="+bin, "./...")
		if status == 0 || !want.MatchString(errOut) || strings.Contains(errOut, "failed prerequisites") {
			t.Errorf("go vet run %d: exit status %d, want a failure naming m.go:8:1 and the directive:\n%s", run, status, errOut)
		}
	}
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-sarif", "./..."}, {"-github", "./..."}} {
		out, errOut, status := runCmd(t, dir, bin, args...)
		if status != 3 || !strings.Contains(out+errOut, "webhok") || strings.Contains(out+errOut, "failed prerequisites") {
			t.Errorf("retrylint %v: exit status %d, want 3 and the directive\n%s%s", args, status, out, errOut)
		}
		if args[0] == "-json" && !strings.Contains(out, `"directives"`) {
			t.Errorf("retrylint -json: the directive is not a finding of the directives analyzer:\n%s", out)
		}
	}
}

// TestTypeErrorsOnce: code that does not type-check gives each error
// once, in the go command's terms, in every output format, and nothing
// of the analyzers' internals.
func TestTypeErrorsOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retrylint")
	}
	bin := buildRetrylint(t)
	dir := module(t, "t", map[string]string{"t.go": "package t\n\nfunc F() { undefined() }\n"})
	internal := []string{"analysis skipped", "failed prerequisites", "retrysite", "# example.com"}
	check := func(what, out string) {
		t.Helper()
		if n := strings.Count(out, "undefined: undefined"); n != 1 {
			t.Errorf("%s: the type error is printed %d times, want once:\n%s", what, n, out)
		}
		for _, s := range internal {
			if strings.Contains(out, s) {
				t.Errorf("%s: output says %q:\n%s", what, s, out)
			}
		}
	}

	_, errOut, status := runCmd(t, dir, bin, "./...")
	if status != 1 || !strings.Contains(errOut, "t.go:3:12: undefined: undefined") {
		t.Errorf("text: exit status %d, want 1 and t.go:3:12\n%s", status, errOut)
	}
	check("text", errOut)

	out, errOut, status := runCmd(t, dir, bin, "-github", "./...")
	if status != 1 || !strings.Contains(out, "::error file=t.go,line=3,col=12,title=retrylint error::undefined: undefined") {
		t.Errorf("-github: exit status %d, want 1 and an ::error annotation\n%s%s", status, out, errOut)
	}
	check("-github stdout", out)
	check("-github stderr", errOut)

	out, _, status = runCmd(t, dir, bin, "-sarif", "./...")
	var log struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful bool `json:"executionSuccessful"`
				Notifications       []struct {
					Level   string
					Message struct{ Text string }
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("-sarif: %v\n%s", err, out)
	}
	inv := log.Runs[0].Invocations[0]
	if status != 1 || inv.ExecutionSuccessful || len(inv.Notifications) != 1 || inv.Notifications[0].Message.Text != "undefined: undefined" {
		t.Errorf("-sarif: exit status %d, invocation %+v, want one notification of the type error", status, inv)
	}

	out, errOut, status = runCmd(t, dir, bin, "-json", "./...")
	if status != 1 || !strings.Contains(out, `"error": "`) {
		t.Errorf("-json: exit status %d, want 1 and an error entry\n%s", status, out)
	}
	check("-json", out)
	check("-json stderr", errOut)
}

// TestVetBadFlag: a bad option value under go vet says so in one line per
// package analysed, with a pointer to retrylint help, not the usage.
func TestVetBadFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retrylint and runs go vet")
	}
	bin := buildRetrylint(t)
	dir := corpusDir(t)
	_, errOut, status := runCmd(t, dir, "go", "vet", "-vettool="+bin, "-context=bogus", "./...")
	if status == 0 || strings.Contains(errOut, "Usage") || !strings.Contains(errOut, "retrylint help") {
		t.Errorf("go vet -context=bogus: exit status %d, want a failure with a pointer to retrylint help and no usage:\n%s", status, errOut)
	}
	var msgs int
	for line := range strings.Lines(errOut) {
		if !strings.HasPrefix(line, "#") {
			msgs++
			if !strings.HasPrefix(line, `retrylint: -context=bogus: unknown retry context "bogus"`) {
				t.Errorf("go vet -context=bogus: unexpected line %q", line)
			}
		}
	}
	// One line for each package of the corpus (gen, hooks, pay), none
	// for their dependencies.
	if msgs == 0 || msgs > 3 {
		t.Errorf("go vet -context=bogus: %d lines of error, want one per package of the corpus:\n%s", msgs, errOut)
	}

	_, errOut, status = runCmd(t, dir, bin, "-context=bogus", "./...")
	if status != 1 || strings.Count(strings.TrimSpace(errOut), "\n") != 1 || !strings.Contains(errOut, "retrylint help") {
		t.Errorf("retrylint -context=bogus: exit status %d, want 1 and two lines (the error, a pointer to retrylint help):\n%s", status, errOut)
	}
}

// TestJSONOncePerFinding: a package with tests is loaded twice (p and
// p [p.test]); -json lists each finding once, under p.
func TestJSONOncePerFinding(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retrylint")
	}
	bin := buildRetrylint(t)
	dir := module(t, "p", map[string]string{
		"p.go": `package p

import (
	"errors"
	"net"
	"net/http"
	"time"
)

func Get(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = c.Do(req)
		if err == nil {
			return resp, nil
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			return nil, err
		}
		time.Sleep(2 * time.Second)
	}
	return resp, err
}
`,
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n",
	})
	out, errOut, status := runCmd(t, dir, bin, "-json", "./...")
	if status != 3 {
		t.Fatalf("exit status %d, want 3\n%s", status, errOut)
	}
	var tree map[string]map[string][]json.RawMessage
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	n := 0
	for pkg, byAnalyzer := range tree {
		if pkg != "example.com/p" {
			t.Errorf("findings under package %q, want example.com/p", pkg)
		}
		for _, ds := range byAnalyzer {
			n += len(ds)
		}
	}
	if n != 1 {
		t.Errorf("%d findings, want 1 (the fixed 2s wait):\n%s", n, out)
	}
}

// TestExampleMessages runs retrylint over testdata/example, the README's
// Try it: every finding is one line of at most 160 bytes that names the
// rule and the retried operation.
func TestExampleMessages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retrylint")
	}
	bin := buildRetrylint(t)
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "example"))
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, status := runCmd(t, dir, bin, "-json", "./...")
	if status != 3 {
		t.Fatalf("exit status %d, want 3\n%s", status, errOut)
	}
	var tree map[string]map[string][]struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	n := 0
	for _, byAnalyzer := range tree {
		for analyzer, ds := range byAnalyzer {
			for _, d := range ds {
				n++
				if err := msgcheck.Check(analyzer, d.Message); err != nil {
					t.Errorf("%s: %s: %v", d.Posn, analyzer, err)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no finding on the example")
	}
}

// TestModuleTidy: go mod tidy leaves retrylint's go.mod and go.sum as
// they are (every direct requirement marked as such).
func TestModuleTidy(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go mod tidy")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if out, errOut, status := runCmd(t, root, "go", "mod", "tidy", "-diff"); status != 0 {
		t.Errorf("go mod tidy would change go.mod or go.sum (run go mod tidy):\n%s%s", out, errOut)
	}
}

// TestTestFilesNotAnalysed: what the README says of -test. With it (the
// default) test files are loaded and type-checked, and no finding is
// reported in them; an error in a test file fails the run. -test=false
// does not load them.
func TestTestFilesNotAnalysed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retrylint")
	}
	bin := buildRetrylint(t)
	retryInTest := `package p

import (
	"net/http"
	"testing"
	"time"
)

func TestPoll(t *testing.T) {
	for i := 0; i < 50; i++ {
		if _, err := http.Get("http://localhost:8080/ready"); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
`
	dir := module(t, "p", map[string]string{"p.go": "package p\n", "p_test.go": retryInTest})
	for _, args := range [][]string{{"./..."}, {"-test=false", "./..."}} {
		if _, errOut, status := runCmd(t, dir, bin, args...); status != 0 {
			t.Errorf("retrylint %v over a retry in a test file: exit status %d, want 0 (no finding)\n%s", args, status, errOut)
		}
	}
	writeFile(t, filepath.Join(dir, "p_test.go"), "package p\n\nfunc helper() { undefined() }\n")
	if _, errOut, status := runCmd(t, dir, bin, "./..."); status != 1 || !strings.Contains(errOut, "p_test.go:3:17: undefined: undefined") {
		t.Errorf("retrylint over a test file that does not type-check: exit status %d, want 1 and the error\n%s", status, errOut)
	}
	if _, errOut, status := runCmd(t, dir, bin, "-test=false", "./..."); status != 0 {
		t.Errorf("retrylint -test=false over a test file that does not type-check: exit status %d, want 0\n%s", status, errOut)
	}
}
