// Package driver is retrylint's standalone driver: it loads packages
// with go/packages, runs the analyzers with
// golang.org/x/tools/go/analysis/checker and prints the findings as
// text, go/analysis JSON, SARIF 2.1.0 or GitHub Actions annotations, or
// applies their suggested fixes. cmd/retrylint wires it to flags; go vet
// runs the same analyzers through unitchecker instead.
package driver

import (
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"
)

// Floor is the benchmark's floor (internal/cmd/noopcheck, profile
// -floor): an analyzer that asks for the inspector, as retrylint's
// model does, and reports nothing.
var Floor = &analysis.Analyzer{
	Name:     "noop",
	Doc:      "noop requires inspect.Analyzer and reports nothing: the floor of a go/analysis run",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		_ = pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		return nil, nil
	},
}

// Exit statuses.
const (
	ExitClean    = 0 // no findings
	ExitError    = 1 // the packages or the command line were wrong, or an analyzer failed
	ExitFindings = 3 // findings were reported
)

// Format is an output format.
type Format string

const (
	Text   Format = "text"   // file:line:col: message, on stderr (as go vet)
	JSON   Format = "json"   // go/analysis JSON, on stdout
	SARIF  Format = "sarif"  // SARIF 2.1.0, on stdout
	GitHub Format = "github" // GitHub Actions workflow commands, on stdout
)

// Config is one run of the driver.
type Config struct {
	// Analyzers to run; their findings are reported.
	Analyzers []*analysis.Analyzer
	// Patterns are go/packages patterns, as ./...
	Patterns []string
	// Tests loads the packages' test files too: they are type-checked,
	// but the model never reports in them (internal/retrysite skips
	// _test.go files).
	Tests bool
	// Format of the findings.
	Format Format
	// ContextLines, when >= 0, prints that many lines of source around
	// each finding in the text format.
	ContextLines int
	// Fix applies the first suggested fix of every finding; with Diff it
	// prints them as a unified diff instead.
	Fix, Diff bool
	// Dir is the directory to load the packages from; "" is the
	// current directory.
	Dir string
	// Env is the environment of the go command; nil is os.Environ().
	Env []string

	Stdout, Stderr io.Writer
}

// Run runs the analyzers and returns the exit status: ExitFindings when
// it reports, ExitError on errors, ExitClean otherwise. With Fix or
// Diff, findings are not printed and the status is ExitClean unless
// something failed.
//
// Text output names files relative to the working directory of the
// process (not Dir) when they are inside it, as go vet does, and by
// their absolute path otherwise; so do the errors printed on stderr.
//
// Errors (packages that do not load or type-check, analyzers that fail)
// are printed once each on stderr and, in the machine-readable formats,
// also in the output: "error" entries in JSON, ::error annotations,
// SARIF tool execution notifications. A package with errors is not
// analysed: its errors are all there is to say about it.
func Run(cfg Config) int {
	if cfg.Stdout == nil {
		cfg.Stdout = os.Stdout
	}
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	if len(cfg.Patterns) == 0 {
		fmt.Fprintln(cfg.Stderr, "retrylint: no packages given: run `retrylint ./...`, or `retrylint help`")
		return ExitError
	}
	pkgs, err := load(cfg)
	if err != nil {
		fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
		return ExitError
	}
	problems := loadProblems(pkgs)
	var ok []*packages.Package
	for _, p := range pkgs {
		if !p.IllTyped {
			ok = append(ok, p)
		}
	}
	graph, err := checker.Analyze(cfg.Analyzers, ok, &checker.Options{})
	if err != nil {
		fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
		return ExitError
	}
	problems = append(problems, actionProblems(graph)...)
	// Text is for a person at a terminal or reading a CI log: its
	// paths are relative to the working directory, as go vet's. The
	// machine-readable formats keep their own conventions (JSON:
	// absolute, as go vet -json; SARIF and GitHub: relative to the
	// checkout).
	wd, err := os.Getwd()
	if err != nil {
		wd = "" // absolute paths, then
	}
	printProblems(cfg.Stderr, problems, wd)
	status := ExitClean
	if len(problems) > 0 {
		status = ExitError
	}

	fs := collect(graph)
	if cfg.Fix || cfg.Diff {
		if err := applyFixes(cfg, fs); err != nil {
			fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
			status = ExitError
		}
		return status
	}

	switch cfg.Format {
	case Text, "":
		err = writeText(cfg.Stderr, fs, cfg.ContextLines, wd)
	case JSON:
		err = writeJSON(cfg.Stdout, fs, problems)
	case SARIF:
		err = writeSARIF(cfg.Stdout, ReadBuild(), cfg.Analyzers, fs, problems, baseDir(cfg.Dir))
	case GitHub:
		err = writeGitHub(cfg.Stdout, fs, problems, githubBase(cfg.Dir))
	default:
		fmt.Fprintf(cfg.Stderr, "retrylint: unknown output format %q\n", cfg.Format)
		return ExitError
	}
	if err != nil {
		fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
		return ExitError
	}
	if status == ExitClean && len(fs) > 0 {
		status = ExitFindings
	}
	return status
}

func load(cfg Config) ([]*packages.Package, error) {
	conf := &packages.Config{
		Mode:  packages.LoadSyntax | packages.NeedModule,
		Tests: cfg.Tests,
		Dir:   cfg.Dir,
		Env:   cfg.Env,
	}
	pkgs, err := packages.Load(conf, cfg.Patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(cfg.Patterns, " "))
	}
	return pkgs, nil
}
