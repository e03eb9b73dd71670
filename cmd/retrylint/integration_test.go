package main

// The integration test of the drivers: it builds retrylint and runs it
// over the corpus testdata/drivers as a standalone merge gate (text,
// -json, -sarif, -github, -diff, -fix), as go vet's tool, and, when
// RETRYLINT_GOLANGCI names a golangci-lint built with the plugin
// (scripts/check-golangci.sh builds one and runs TestDriversGolangci),
// inside golangci-lint. All must report the same findings, those of
// testdata/drivers/golden.txt. Regenerate the golden files with
//
//	go test ./cmd/retrylint -run TestDrivers -update

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/drivers/golden.txt and fix.diff")

// options are given to every driver: golangci-lint gets them from
// testdata/drivers/.golangci.yml.
var options = []string{"-key-headers=X-Request-Key"}

func corpusDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "drivers"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildRetrylint builds the command into a temporary directory.
func buildRetrylint(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "retrylint")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runCmd runs name with args in dir and returns its stdout, stderr and exit
// status.
func runCmd(t *testing.T, dir, name string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		status = ee.ExitCode()
	default:
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return o.String(), e.String(), status
}

// A finding in canonical form: "pay/pay.go:20:2: maxretries: R-2: ...",
// its path relative to the corpus.
func canonical(t *testing.T, dir, file string, line, col int, analyzer, msg string) string {
	t.Helper()
	if filepath.IsAbs(file) {
		rel, err := filepath.Rel(dir, file)
		if err != nil {
			t.Fatal(err)
		}
		file = rel
	}
	return filepath.ToSlash(file) + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": " + analyzer + ": " + msg
}

// sorted returns the findings sorted, without duplicates.
func sorted(fs []string) []string {
	fs = slices.Clone(fs)
	slices.Sort(fs)
	return slices.Compact(fs)
}

var posnRE = regexp.MustCompile(`^(.*):(\d+):(\d+)$`)

// fromJSON reads go/analysis JSON, one or more objects
// {package: {analyzer: [diagnostic] or {"error": ...}}}, as both the
// standalone driver and go vet print it. Lines starting with "#" (go
// vet's package headers) are skipped.
func fromJSON(t *testing.T, dir, out string) []string {
	t.Helper()
	var b strings.Builder
	for line := range strings.Lines(out) {
		if !strings.HasPrefix(line, "#") {
			b.WriteString(line)
		}
	}
	dec := json.NewDecoder(strings.NewReader(b.String()))
	var fs []string
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decoding JSON: %v\n%s", err, out)
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var diags []struct {
					Posn    string `json:"posn"`
					Message string `json:"message"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Errorf("%s: %s: %s", pkg, analyzer, raw)
					continue
				}
				for _, d := range diags {
					m := posnRE.FindStringSubmatch(d.Posn)
					if m == nil {
						t.Fatalf("bad posn %q", d.Posn)
					}
					line, _ := strconv.Atoi(m[2])
					col, _ := strconv.Atoi(m[3])
					fs = append(fs, canonical(t, dir, m[1], line, col, analyzer, d.Message))
				}
			}
		}
	}
	return sorted(fs)
}

func checkGolden(t *testing.T, path string, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/retrylint -run TestDrivers -update)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (rerun with -update if the change is deliberate):\n%s", path, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

func sameFindings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s disagrees with the standalone driver:\n%s", what, lineDiff(strings.Join(want, "\n"), strings.Join(got, "\n")))
	}
}

// golden returns the golden findings.
func golden(t *testing.T, dir string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "golden.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

func TestDrivers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds retrylint and runs go vet")
	}
	bin := buildRetrylint(t)
	dir := corpusDir(t)

	// The standalone driver, -json: the reference.
	out, errOut, status := runCmd(t, dir, bin, append(slices.Clone(options), "-json", "./...")...)
	if status != 3 {
		t.Fatalf("retrylint -json: exit status %d, want 3 (findings)\n%s", status, errOut)
	}
	want := fromJSON(t, dir, out)
	checkGolden(t, filepath.Join(dir, "golden.txt"), strings.Join(want, "\n")+"\n")
	if len(want) == 0 {
		t.Fatal("no findings")
	}
	analyzersSeen := make(map[string]bool)
	for _, f := range want {
		analyzersSeen[strings.Split(f, ": ")[1]] = true
	}
	for _, name := range []string{"fixedinterval", "maxretries", "notimeout", "nonretryable", "idemkey"} {
		if !analyzersSeen[name] {
			t.Errorf("the corpus has no %s finding", name)
		}
	}

	t.Run("vet", func(t *testing.T) {
		out, errOut, status := runCmd(t, dir, "go", append([]string{"vet", "-vettool=" + bin, "-json"}, append(slices.Clone(options), "./...")...)...)
		if status != 0 {
			t.Fatalf("go vet -json: exit status %d\n%s", status, errOut)
		}
		if out == "" {
			out = errOut // older go commands print it on stderr
		}
		sameFindings(t, "go vet -vettool", fromJSON(t, dir, out), want)

		// Without -json, go vet fails when the tool reports.
		_, errOut, status = runCmd(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, append(slices.Clone(options), "./pay")...)...)
		if status == 0 || !strings.Contains(errOut, "R-2: retry of http.DefaultClient.Do (POST) makes 10 attempts") {
			t.Errorf("go vet ./pay: exit status %d, want a failure with the R-2 finding\n%s", status, errOut)
		}
	})

	t.Run("text", func(t *testing.T) {
		_, errOut, status := runCmd(t, dir, bin, append(slices.Clone(options), "./...")...)
		if status != 3 {
			t.Fatalf("exit status %d, want 3\n%s", status, errOut)
		}
		// Text names no analyzer: compare positions and messages.
		// Paths are relative to the working directory, as go vet's.
		var got []string
		for line := range strings.Lines(errOut) {
			line = strings.TrimSuffix(line, "\n")
			posn, rest, ok := strings.Cut(line, ": ")
			if !ok {
				t.Errorf("not a finding: %q", line)
				continue
			}
			if file := posn[:strings.Index(posn, ".go:")+3]; filepath.IsAbs(file) {
				t.Errorf("text output names %s, not a path relative to the working directory %s", file, dir)
			}
			if strings.HasPrefix(rest, "\t") {
				continue // related information
			}
			got = append(got, filepath.ToSlash(posn)+": "+rest)
		}
		var wantText []string
		for _, f := range want {
			parts := strings.SplitN(f, ": ", 3)
			wantText = append(wantText, parts[0]+": "+parts[2])
		}
		sameFindings(t, "text output", sorted(got), sorted(wantText))
	})

	t.Run("sarif", func(t *testing.T) {
		out, errOut, status := runCmd(t, dir, bin, append(slices.Clone(options), "-sarif", "./...")...)
		if status != 3 {
			t.Fatalf("exit status %d, want 3\n%s", status, errOut)
		}
		var log struct {
			Version string `json:"version"`
			Schema  string `json:"$schema"`
			Runs    []struct {
				Tool struct {
					Driver struct {
						Name  string `json:"name"`
						Rules []struct {
							ID               string                `json:"id"`
							ShortDescription struct{ Text string } `json:"shortDescription"`
							FullDescription  struct{ Text string } `json:"fullDescription"`
							HelpURI          string                `json:"helpUri"`
							Properties       struct {
								StandardRules []string `json:"standardRules"`
							} `json:"properties"`
						} `json:"rules"`
					} `json:"driver"`
				} `json:"tool"`
				Results []struct {
					RuleID    string `json:"ruleId"`
					RuleIndex int    `json:"ruleIndex"`
					Message   struct{ Text string }
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI       string `json:"uri"`
								URIBaseID string `json:"uriBaseId"`
							} `json:"artifactLocation"`
							Region struct {
								StartLine   int `json:"startLine"`
								StartColumn int `json:"startColumn"`
							} `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatalf("SARIF: %v\n%s", err, out)
		}
		if log.Version != "2.1.0" || log.Schema == "" || len(log.Runs) != 1 {
			t.Fatalf("SARIF: version %q, schema %q, %d runs", log.Version, log.Schema, len(log.Runs))
		}
		drv := log.Runs[0].Tool.Driver
		if drv.Name != "retrylint" || len(drv.Rules) != 6 {
			t.Errorf("SARIF driver %q with %d rules, want retrylint with 6", drv.Name, len(drv.Rules))
		}
		for _, r := range drv.Rules {
			if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.HelpURI == "" || len(r.Properties.StandardRules) == 0 && r.ID != "directives" {
				t.Errorf("SARIF rule %s lacks metadata: %+v", r.ID, r)
			}
		}
		var got []string
		for _, r := range log.Runs[0].Results {
			if r.RuleIndex < 0 || r.RuleIndex >= len(drv.Rules) || drv.Rules[r.RuleIndex].ID != r.RuleID {
				t.Errorf("SARIF result of %s has ruleIndex %d", r.RuleID, r.RuleIndex)
			}
			loc := r.Locations[0].PhysicalLocation
			if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
				t.Errorf("SARIF location %q is not relative to %%SRCROOT%%", loc.ArtifactLocation.URI)
			}
			path, err := url.PathUnescape(loc.ArtifactLocation.URI)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, canonical(t, dir, path, loc.Region.StartLine, loc.Region.StartColumn, r.RuleID, r.Message.Text))
		}
		sameFindings(t, "SARIF output", sorted(got), want)
	})

	t.Run("github", func(t *testing.T) {
		out, errOut, status := runCmd(t, dir, bin, append(slices.Clone(options), "-github", "./...")...)
		if status != 3 {
			t.Fatalf("exit status %d, want 3\n%s", status, errOut)
		}
		re := regexp.MustCompile(`^::error file=([^,]+),line=(\d+),col=(\d+)(?:,endLine=\d+,endColumn=\d+)?,title=retrylint (\w+)(?: \(R-[^:]*\))?::(.*)$`)
		var got []string
		for line := range strings.Lines(out) {
			m := re.FindStringSubmatch(strings.TrimSuffix(line, "\n"))
			if m == nil {
				t.Errorf("not a GitHub annotation: %q", line)
				continue
			}
			ln, _ := strconv.Atoi(m[2])
			col, _ := strconv.Atoi(m[3])
			msg, _, _ := strings.Cut(m[5], "%0A") // related information follows
			msg = strings.NewReplacer("%0D", "\r", "%0A", "\n", "%25", "%").Replace(msg)
			got = append(got, canonical(t, dir, m[1], ln, col, m[4], msg))
		}
		sameFindings(t, "GitHub annotations", sorted(got), want)
	})

	t.Run("fix", func(t *testing.T) {
		out, errOut, status := runCmd(t, dir, bin, append(slices.Clone(options), "-diff", "./...")...)
		if status != 0 {
			t.Fatalf("-diff: exit status %d\n%s", status, errOut)
		}
		checkGolden(t, filepath.Join(dir, "fix.diff"), strings.ReplaceAll(out, dir+string(filepath.Separator), ""))

		// -fix on a copy: the result builds, and a second -diff has
		// nothing left to change.
		tmp := t.TempDir()
		copyTree(t, dir, tmp)
		if _, errOut, status := runCmd(t, tmp, bin, append(slices.Clone(options), "-fix", "./...")...); status != 0 {
			t.Fatalf("-fix: exit status %d\n%s", status, errOut)
		}
		if out, errOut, status := runCmd(t, tmp, "go", "build", "./..."); status != 0 {
			t.Fatalf("the fixed corpus does not build: %s%s", out, errOut)
		}
		if out, errOut, status := runCmd(t, tmp, bin, append(slices.Clone(options), "-diff", "./...")...); status != 0 || out != "" {
			t.Errorf("-diff after -fix: exit status %d, diff:\n%s%s", status, out, errOut)
		}
	})

	t.Run("errors", func(t *testing.T) {
		for _, tc := range []struct {
			args   []string
			status int
			stderr string
		}{
			{[]string{"./nosuchpkg"}, 1, "nosuchpkg"},
			{[]string{"-context=nightly", "./..."}, 1, "nightly"},
			{[]string{"-ranges=sync=1-9", "./..."}, 1, "wider than the standard"},
			{[]string{"-nosuchflag", "./..."}, 1, "flag provided but not defined"},
			{[]string{"-json", "-sarif", "./..."}, 1, "at most one of"},
			{[]string{"-explain", "nosuch"}, 1, `no analyzer or rule "nosuch"`},
			{[]string{}, 1, "Usage"},
		} {
			_, errOut, status := runCmd(t, dir, bin, tc.args...)
			if status != tc.status || !strings.Contains(errOut, tc.stderr) || strings.Contains(errOut, "panic") {
				t.Errorf("retrylint %v: exit status %d, stderr:\n%s\nwant status %d and %q", tc.args, status, errOut, tc.status, tc.stderr)
			}
		}
		// A malformed //retrylint:context directive is a finding of
		// the directives analyzer, in every output format.
		tmp := t.TempDir()
		writeFile(t, filepath.Join(tmp, "go.mod"), "module example.com/bad\n\ngo 1.24\n")
		writeFile(t, filepath.Join(tmp, "bad.go"), "package bad\n\n//retrylint:context nightly\n\nfunc F() {}\n")
		for _, args := range [][]string{{"./..."}, {"-sarif", "./..."}, {"-json", "./..."}, {"-github", "./..."}} {
			out, errOut, status := runCmd(t, tmp, bin, args...)
			if status != 3 || !strings.Contains(out+errOut, `unknown context \"nightly\"`) && !strings.Contains(out+errOut, `unknown context "nightly"`) || strings.Contains(errOut, "panic") {
				t.Errorf("retrylint %v on a bad directive: exit status %d, want 3 and the directive\n%s%s", args, status, out, errOut)
			}
		}
	})

	t.Run("help", func(t *testing.T) {
		out, _, status := runCmd(t, dir, bin, "help")
		if status != 0 || !strings.Contains(out, "maxretries") || !strings.Contains(out, "//retrylint:ignore") {
			t.Errorf("help: exit status %d\n%s", status, out)
		}
		out, _, status = runCmd(t, dir, bin, "-explain", "nonretryable")
		if status != 0 || !strings.Contains(out, "R-4 Retryable vs Non-Retryable Classification, R-9 Security") || !strings.Contains(out, "https://") {
			t.Errorf("-explain nonretryable: exit status %d\n%s", status, out)
		}
		out, _, status = runCmd(t, dir, bin, "-flags")
		if status != 0 || !strings.Contains(out, `"Name": "key-headers"`) {
			t.Errorf("-flags: exit status %d\n%s", status, out)
		}
		version, _, status := runCmd(t, dir, bin, "-version")
		if status != 0 || !strings.HasPrefix(version, "retrylint version ") || !strings.Contains(version, "vcs.revision=") {
			t.Errorf("-version: exit status %d\n%s", status, version)
		}
		// go vet's protocol: "NAME version VERSION ... buildID=HASH";
		// the version line, then the hash of the binary.
		out, _, status = runCmd(t, dir, bin, "-V=full")
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%s buildID=%x\n", strings.TrimSuffix(version, "\n"), sha256.Sum256(data)); status != 0 || out != want {
			t.Errorf("-V=full: exit status %d\n%s\nwant:\n%s", status, out, want)
		}
	})
}

// TestDriversGolangci runs the golangci-lint built with the retrylint
// plugin over the corpus: it must report the golden findings, except
// those a //nolint:NAME comment on their line suppresses.
func TestDriversGolangci(t *testing.T) {
	bin := os.Getenv("RETRYLINT_GOLANGCI")
	if bin == "" {
		t.Skip("RETRYLINT_GOLANGCI is not set: scripts/check-golangci.sh builds golangci-lint with the plugin and runs this test")
	}
	dir := corpusDir(t)
	want := golden(t, dir)
	var expected []string
	for _, f := range want {
		parts := strings.SplitN(f, ":", 3)
		line, _ := strconv.Atoi(parts[1])
		analyzer := strings.SplitN(f, ": ", 3)[1]
		if strings.Contains(sourceLine(t, filepath.Join(dir, parts[0]), line), "//nolint:"+analyzer) {
			continue
		}
		expected = append(expected, f)
	}
	if len(expected) == len(want) {
		t.Fatal("the corpus has no //nolint finding")
	}

	report := filepath.Join(t.TempDir(), "report.json")
	cmd := exec.Command(bin, "run", "--output.json.path="+report, "--output.text.path=stderr", "--show-stats=false", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 { // 1: issues found
		t.Fatalf("golangci-lint run: %v, want exit status 1 (issues)\n%s", err, out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatalf("golangci-lint JSON: %v\n%s", err, data)
	}
	// One finding is one issue: no "NAME(related information): ..."
	// issue, and a //nolint:NAME on a finding leaves nothing of it.
	var got []string
	for _, is := range res.Issues {
		if strings.Contains(is.Text, "(related information)") {
			t.Errorf("golangci-lint reports related information as an issue of its own: %s:%d: %s", is.Pos.Filename, is.Pos.Line, is.Text)
		}
		got = append(got, canonical(t, dir, is.Pos.Filename, is.Pos.Line, is.Pos.Column, is.FromLinter, is.Text))
	}
	if len(got) != len(expected) {
		t.Errorf("golangci-lint reports %d issues for %d findings", len(got), len(expected))
	}
	sameFindings(t, "golangci-lint", sorted(got), sorted(expected))

	// The example configuration of the README works as it is.
	example, err := filepath.Abs(filepath.Join("..", "..", ".golangci.example.yml"))
	if err != nil {
		t.Fatal(err)
	}
	cmd = exec.Command(bin, "run", "-c", example, "--output.json.path="+report, "--output.text.path=stderr", "--show-stats=false", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	out, err = cmd.CombinedOutput()
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("golangci-lint run -c .golangci.example.yml: %v, want exit status 1 (issues)\n%s", err, out)
	}
	data, err = os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	res.Issues = nil
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	linters := make(map[string]bool)
	for _, is := range res.Issues {
		linters[is.FromLinter] = true
	}
	for _, name := range []string{"fixedinterval", "maxretries", "notimeout", "nonretryable", "idemkey", "directives"} {
		if !linters[name] {
			t.Errorf("golangci-lint run -c .golangci.example.yml: no %s issue", name)
		}
	}
}

func sourceLine(t *testing.T, file string, line int) string {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if n == line {
			return sc.Text()
		}
	}
	return ""
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
