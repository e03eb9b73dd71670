package driver

import (
	"fmt"
	"go/token"
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A problem is an error of the run that is not a finding: a package
// that does not load or type-check, an analyzer that failed. Each is
// printed once, in every output format.
type problem struct {
	// Pkg is the ID of the package it belongs to, if any.
	Pkg string
	// Posn is where it is, when it has a position.
	Posn token.Position
	// Msg says what is wrong, without the position.
	Msg string
}

// String renders the problem as the go command does:
// "file.go:3:12: undefined: x".
func (p problem) String() string { return p.text("") }

// text renders the problem with its file name relative to wd, the
// working directory, when inside it; "" keeps the name as it is.
func (p problem) text(wd string) string {
	if p.Posn.IsValid() || p.Posn.Filename != "" {
		return shortPosition(p.Posn, wd) + ": " + p.Msg
	}
	return p.Msg
}

// loadProblems returns the errors of the packages and their
// dependencies, once each. When a package has type or syntax errors,
// the go command's report of the same errors ("# pkg" followed by the
// compiler's output) is dropped: it would say everything twice.
func loadProblems(pkgs []*packages.Package) []problem {
	seen := make(map[string]bool)
	var out []problem
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		precise := slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
			return e.Kind == packages.TypeError || e.Kind == packages.ParseError
		})
		for _, e := range p.Errors {
			if precise && e.Kind == packages.ListError && (e.Pos == "" || e.Pos == "-") {
				continue
			}
			pr := problem{Pkg: p.ID, Posn: parsePos(e.Pos), Msg: strings.TrimSpace(e.Msg)}
			if !pr.Posn.IsValid() && pr.Posn.Filename == "" {
				// "# example.com/p\n./p.go:3:12: ..." from go list:
				// the header names the package the lines belong to.
				if rest, ok := strings.CutPrefix(pr.Msg, "# "+p.PkgPath+"\n"); ok {
					pr.Msg = p.PkgPath + ": " + strings.TrimSpace(rest)
				}
			}
			if s := pr.String(); !seen[s] {
				seen[s] = true
				out = append(out, pr)
			}
		}
	})
	return out
}

// parsePos parses "file:line:col" or "file:line", as go/packages gives
// an error's position; "" and "-" are no position.
func parsePos(s string) token.Position {
	if s == "" || s == "-" {
		return token.Position{}
	}
	var p token.Position
	rest := s
	nums := []int{}
	for range 2 {
		i := strings.LastIndex(rest, ":")
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	p.Filename = rest
	if len(nums) > 0 {
		p.Line = nums[0]
	}
	if len(nums) > 1 {
		p.Column = nums[1]
	}
	return p
}

// actionProblems returns the analyzers' errors, once each. An analyzer
// that fails because an analyzer it requires failed says nothing new:
// only the first failure is reported.
func actionProblems(g *checker.Graph) []problem {
	seen := make(map[string]bool)
	var out []problem
	for act := range g.All() {
		if act.Err == nil || strings.HasPrefix(act.Err.Error(), "failed prerequisites") {
			continue
		}
		pr := problem{Pkg: act.Package.ID, Msg: fmt.Sprintf("%s: %s: %v", act.Package.PkgPath, act.Analyzer.Name, act.Err)}
		if s := pr.String(); !seen[s] {
			seen[s] = true
			out = append(out, pr)
		}
	}
	return out
}

// printProblems prints the problems on w (stderr), one a line, with
// file names relative to wd as in the text output.
func printProblems(w io.Writer, ps []problem, wd string) {
	for _, p := range ps {
		fmt.Fprintln(w, p.text(wd))
	}
}
