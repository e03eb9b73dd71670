// Command retrylint checks Go code against the Retry Policy standard.
//
// Usage:
//
//	retrylint [flags] packages      # a merge gate: exit status 3 when it reports
//	go vet -vettool=$(which retrylint) packages
//	retrylint help [NAME]
//	retrylint -explain NAME
//	retrylint -version
//
// It runs the analyzers fixedinterval, maxretries, notimeout
// nonretryable and idemkey. Flags shared by all of
// them:
//
//	-context=NAME   retry context of code with no //retrylint:context
//	                directive: sync (default), async, webhook, batch, grpc
//	-ranges=LIST    tighten the allowed retry ranges: sync=1-3,webhook=3-6
//	-key-headers=H  extra header names accepted as idempotency keys
//
// Outputs: text on stderr (the default, as go vet), -json (go/analysis
// JSON), -sarif (SARIF 2.1.0), -github (GitHub Actions annotations), or
// -fix / -diff to apply or print the suggested fixes. -NAME runs only the
// named analyzers. Exit status: 0 clean, 1 on errors, 3 when it reports
// (0 with -fix or -diff unless something failed).
//
// Text output names files relative to the working directory when they
// are inside it, as go vet does.
//
// -version prints the version: the module version, the VCS revision and
// whether the tree was modified (when the build recorded them: go build
// or go install in a git clone does, -buildvcs=false does not), and the
// Go version.
//
// Run with a single *.cfg argument (as go vet does), or with -flags or
// -V=full, it is a go vet tool (golang.org/x/tools/go/analysis/unitchecker);
// -V=full prints the -version line followed by buildID=HASH, the SHA-256
// of the executable, on which go vet keys its cache.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/internal/rules"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() {
	args := os.Args[1:]
	if vetMode(args) {
		vetMain()
	}
	os.Exit(run(args, os.Stdout, os.Stderr))
}

// vetMode reports whether retrylint runs as go vet's tool: go vet asks
// it -flags and -V=full, then runs it on one *.cfg file per package.
func vetMode(args []string) bool {
	for _, a := range args {
		switch {
		case a == "--":
			return false
		case a == "-flags" || a == "--flags" || a == "-V" || a == "--V" ||
			strings.HasPrefix(a, "-V=") || strings.HasPrefix(a, "--V="):
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// vetMain runs the analyzers under go vet, through unitchecker, with the
// shared options as top-level flags (go vet learns of them with -flags
// and passes them on). It does not return.
func vetMain() {
	if err := checkVetOptions(os.Args[1:]); err != nil {
		// go vet runs the tool once per package, dependencies
		// included: say it once per package analysed, in one line,
		// rather than unitchecker's usage every time.
		if cfg := vetConfig(os.Args[1:]); cfg != nil && cfg.VetxOnly {
			// A dependency, run for facts only: retrylint has none.
			if cfg.VetxOutput != "" {
				_ = os.WriteFile(cfg.VetxOutput, nil, 0o666)
			}
			os.Exit(0)
		}
		fmt.Fprintf(os.Stderr, "retrylint: %v; see `retrylint help`\n", err)
		os.Exit(1)
	}
	retrysite.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		flag.Var(f.Value, f.Name, f.Usage)
	})
	// unitchecker registers its own -V unless one is there: this one
	// gives the version too.
	flag.Var(vetVersionFlag{}, "V", "print the version and exit (go vet asks -V=full)")
	unitchecker.Main(analyzers.All()...)
	os.Exit(1) // unreachable: unitchecker.Main exits
}

// vetVersionFlag is -V=full, which go vet asks its tool to key its
// cache of vet results (see driver.Build.VetVersion).
type vetVersionFlag struct{}

func (vetVersionFlag) IsBoolFlag() bool { return true }
func (vetVersionFlag) String() string   { return "" }

func (vetVersionFlag) Set(s string) error {
	if s != "full" {
		fmt.Fprintf(os.Stderr, "retrylint: -V=%s: only -V=full is supported (retrylint -version prints the version)\n", s)
		os.Exit(1)
	}
	line, err := vetVersion()
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: -V=full: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(line)
	os.Exit(0)
	return nil
}

func vetVersion() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	return driver.ReadBuild().VetVersion(exe)
}

// checkVetOptions checks the values of the shared options among go vet's
// arguments (-context=NAME, -ranges=LIST, -key-headers=LIST), as
// unitchecker would when parsing them, and returns the first error.
func checkVetOptions(args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := retrysite.Analyzer.Flags.Lookup(name)
		if f == nil {
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return fmt.Errorf("flag -%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if err := f.Value.Set(value); err != nil {
			return fmt.Errorf("-%s=%s: %v", name, value, err)
		}
	}
	return nil
}

// vetConfig reads the fields of go vet's *.cfg file (the last argument)
// that say whether the run is for a dependency, or nil.
func vetConfig(args []string) *struct {
	VetxOnly   bool
	VetxOutput string
} {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return nil
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return nil
	}
	cfg := new(struct {
		VetxOnly   bool
		VetxOutput string
	})
	if json.Unmarshal(data, cfg) != nil {
		return nil
	}
	return cfg
}

// run is the standalone driver; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	all := analyzers.All()
	fs := flag.NewFlagSet("retrylint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	retrysite.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, f.Name, f.Usage)
	})
	enabled := make(map[*analysis.Analyzer]*triState)
	for _, a := range all {
		ts := new(triState)
		enabled[a] = ts
		summary, _ := driver.Doc(a)
		fs.Var(ts, a.Name, "run only "+a.Name+" (and the others given): "+summary)
	}
	var (
		jsonOut  = fs.Bool("json", false, "print the findings as go/analysis JSON, on stdout")
		sarifOut = fs.Bool("sarif", false, "print the findings as SARIF 2.1.0, on stdout")
		ghOut    = fs.Bool("github", false, "print the findings as GitHub Actions annotations (::error ...), on stdout")
		fix      = fs.Bool("fix", false, "apply the suggested fixes")
		diff     = fs.Bool("diff", false, "print the suggested fixes as a unified diff, without applying them")
		ctxLines = fs.Int("c", -1, "with text output, print this many lines of context around each finding")
		tests    = fs.Bool("test", true, "load the packages' test files too: they are type-checked, never analysed (no finding is reported in a _test.go file)")
		explain  = fs.String("explain", "", "print the documentation of the analyzer or rule `NAME` (fixedinterval, R-1) and exit")
		version  = fs.Bool("version", false, "print the version (module version, VCS revision, Go version) and exit")
	)
	fs.Usage = func() {} // the flag package prints the error; a pointer follows
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stderr, fs)
			return driver.ExitClean
		}
		fmt.Fprintln(stderr, "retrylint: see `retrylint help` for the flags and the analyzers")
		return driver.ExitError
	}

	if *version {
		fmt.Fprintln(stdout, driver.ReadBuild())
		return driver.ExitClean
	}
	if *explain != "" {
		return explainAnalyzer(stdout, stderr, all, *explain)
	}
	rest := fs.Args()
	if len(rest) > 0 && rest[0] == "help" {
		if len(rest) == 1 {
			help(stdout, fs, all)
			return driver.ExitClean
		}
		status := driver.ExitClean
		for _, name := range rest[1:] {
			if s := explainAnalyzer(stdout, stderr, all, name); s != driver.ExitClean {
				status = s
			}
		}
		return status
	}
	if len(rest) == 0 {
		usage(stderr, fs)
		return driver.ExitError
	}

	format := driver.Text
	n := 0
	for _, f := range []struct {
		on bool
		f  driver.Format
	}{{*jsonOut, driver.JSON}, {*sarifOut, driver.SARIF}, {*ghOut, driver.GitHub}} {
		if f.on {
			format, n = f.f, n+1
		}
	}
	if n > 1 {
		fmt.Fprintln(stderr, "retrylint: give at most one of -json, -sarif and -github")
		return driver.ExitError
	}
	if (*fix || *diff) && n > 0 {
		fmt.Fprintln(stderr, "retrylint: -fix and -diff print no findings: drop -json, -sarif or -github")
		return driver.ExitError
	}

	return driver.Run(driver.Config{
		Analyzers:    selected(all, enabled),
		Patterns:     rest,
		Tests:        *tests,
		Format:       format,
		ContextLines: *ctxLines,
		Fix:          *fix,
		Diff:         *diff,
		Stdout:       stdout,
		Stderr:       stderr,
	})
}

// selected applies the -NAME flags: if any is true, only those
// analyzers run; otherwise, if any is false, all but those.
func selected(all []*analysis.Analyzer, enabled map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	var hasTrue, hasFalse bool
	for _, ts := range enabled {
		hasTrue = hasTrue || *ts == setTrue
		hasFalse = hasFalse || *ts == setFalse
	}
	if !hasTrue && !hasFalse {
		return all
	}
	var keep []*analysis.Analyzer
	for _, a := range all {
		if hasTrue && *enabled[a] == setTrue || !hasTrue && *enabled[a] != setFalse {
			keep = append(keep, a)
		}
	}
	return keep
}

// explainAnalyzer prints the documentation of an analyzer (name) or of
// a rule of the standard ("R-1" to "R-10").
func explainAnalyzer(stdout, stderr io.Writer, all []*analysis.Analyzer, name string) int {
	for _, a := range all {
		if a.Name == name {
			driver.Explain(stdout, a)
			return driver.ExitClean
		}
	}
	if id, ok := rules.ParseRuleID(name); ok {
		driver.ExplainRule(stdout, id, all)
		return driver.ExitClean
	}
	fmt.Fprintf(stderr, "retrylint: no analyzer or rule %q: the analyzers are %s, %s; the rules R-1 to R-10\n", name, strings.Join(rules.Names(), ", "), rules.DirectiveOwner)
	return driver.ExitError
}

const title = "retrylint checks Go code against the Retry Policy standard.\n\n"

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, title)
	usageBody(w, fs)
}

func usageBody(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `Usage:
	retrylint [flags] packages            a merge gate: exit status 3 when it reports, 1 on errors
	go vet -vettool=$(which retrylint) packages
	retrylint help                        the analyzers and the flags
	retrylint help NAME, -explain NAME    an analyzer's or a rule's documentation:
	                                      the standard's text, what is reported, the fix
	retrylint -version                    the version, VCS revision and Go version

`)
	fmt.Fprintln(w, "Flags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

func help(w io.Writer, fs *flag.FlagSet, all []*analysis.Analyzer) {
	fmt.Fprint(w, title+"Analyzers (retrylint help NAME for the documentation of one):\n")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, a := range all {
		r, _ := rules.Lookup(a.Name)
		summary, _ := driver.Doc(a)
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", a.Name, strings.Join(r.Rules, ", "), summary)
	}
	tw.Flush()
	fmt.Fprint(w, `
Suppress a finding with a comment on its line or the line above, giving a reason:
	//retrylint:ignore NAME[,NAME] reason
Above a retry site (a loop's for, a recursive function, a retry library or
helper call) it covers every finding of the named analyzers in that site,
wherever each is reported: the R-2 at the for, the R-1 at the sleep, the
R-6 at the call. A name that suppresses nothing is reported as unused.

`)
	usageBody(w, fs)
}

// triState is a boolean flag that knows whether it was set, to tell
// "-maxretries" (only it) from "-maxretries=false" (all but it).
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }

func (ts *triState) String() string {
	switch *ts {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}

func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	if b {
		*ts = setTrue
	} else {
		*ts = setFalse
	}
	return nil
}
