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
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

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
	// Tests analyzes the packages' test files too.
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
	status := ExitClean
	if n := printLoadErrors(cfg.Stderr, pkgs); n > 0 {
		status = ExitError
	}
	graph, err := checker.Analyze(cfg.Analyzers, pkgs, &checker.Options{})
	if err != nil {
		fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
		return ExitError
	}

	if cfg.Fix || cfg.Diff {
		if printActionErrors(cfg.Stderr, graph) > 0 {
			status = ExitError
		}
		if err := applyFixes(cfg, collect(graph)); err != nil {
			fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
			status = ExitError
		}
		return status
	}

	var findings int
	switch cfg.Format {
	case JSON:
		// The go/analysis shape: {package: {analyzer: [diagnostic] or
		// {"error": ...}}}, errors included.
		if err := graph.PrintJSON(cfg.Stdout); err != nil {
			fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
			return ExitError
		}
		findings = len(collect(graph))
		if hasActionErrors(graph) {
			status = ExitError
		}
	case Text, "":
		// Errors and findings on stderr, as go vet prints them.
		if err := graph.PrintText(cfg.Stderr, cfg.ContextLines); err != nil {
			fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
			return ExitError
		}
		findings = len(collect(graph))
		if hasActionErrors(graph) {
			status = ExitError
		}
	case SARIF, GitHub:
		if printActionErrors(cfg.Stderr, graph) > 0 {
			status = ExitError
		}
		fs := collect(graph)
		findings = len(fs)
		var err error
		if cfg.Format == SARIF {
			err = writeSARIF(cfg.Stdout, cfg.Analyzers, fs, actionErrors(graph), baseDir(cfg.Dir))
		} else {
			err = writeGitHub(cfg.Stdout, fs, githubBase(cfg.Dir))
		}
		if err != nil {
			fmt.Fprintf(cfg.Stderr, "retrylint: %v\n", err)
			return ExitError
		}
	default:
		fmt.Fprintf(cfg.Stderr, "retrylint: unknown output format %q\n", cfg.Format)
		return ExitError
	}
	if status == ExitClean && findings > 0 {
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

// printLoadErrors prints the errors of the packages and their
// dependencies, once each, and returns how many it printed.
func printLoadErrors(w io.Writer, pkgs []*packages.Package) int {
	seen := make(map[string]bool)
	n := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			s := e.Error()
			if !seen[s] {
				seen[s] = true
				fmt.Fprintln(w, s)
				n++
			}
		}
	})
	return n
}

func hasActionErrors(g *checker.Graph) bool {
	for act := range g.All() {
		if act.Err != nil {
			return true
		}
	}
	return false
}

// actionErrors returns the analyzers' errors, once each, as
// "analyzer: error".
func actionErrors(g *checker.Graph) []string {
	var out []string
	for act := range g.All() {
		if act.Err == nil {
			continue
		}
		s := act.Analyzer.Name + ": " + act.Err.Error()
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func printActionErrors(w io.Writer, g *checker.Graph) int {
	errs := actionErrors(g)
	for _, s := range errs {
		fmt.Fprintln(w, s)
	}
	return len(errs)
}
