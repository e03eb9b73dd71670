package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/rules"
	"github.com/retrylint/retrylint/policy"
)

// ignorePrefix starts a suppression directive:
//
//	//retrylint:ignore maxretries,notimeout IAB-1234 approved 12 retries
//
// It names one or more analyzers, comma-separated, and then gives a
// reason, which is required. Written at the end of a line, it covers
// that line; written on a line of its own, the first line after its
// comment block. It suppresses the named analyzers' findings on the line
// it covers and, when a retry site starts there (a loop's for, a
// recursive function's declaration, a library or retry-helper call),
// every finding of that site, wherever it is reported: one directive
// above a loop silences its R-2 at the for, its R-1 at the sleep and its
// R-6 at the POST call.
const ignorePrefix = "//retrylint:ignore"

// DirectiveCategory is the Category of the diagnostics about directives
// themselves: malformed, naming no analyzer, or suppressing nothing.
const DirectiveCategory = "directive"

// Directives are the //retrylint:ignore directives of a package, parsed
// once by the retrysite analyzer (Parse) and applied by each rule's
// Reporter.
// They are read-only after parsing: which directive a rule used is the
// Reporter's (per-pass) state.
type Directives struct {
	ignores []*ignoreDirective
	// byLine indexes the well-formed directives by the line they cover.
	byLine map[lineKey][]*ignoreDirective
	// problems are malformed directives and names of no analyzer,
	// reported by rules.DirectiveOwner.
	problems []directiveProblem
}

type lineKey struct {
	file *token.File
	line int
}

type ignoreDirective struct {
	pos    token.Pos // of the comment
	line   int       // the line whose findings it suppresses
	names  []string  // known analyzers it names
	reason string
}

type directiveProblem struct {
	pos token.Pos
	msg string
}

// Parse reads the package's directives: its //retrylint:ignore
// directives, and its //retrylint:context directives over def, the
// context of code none names. The problems of both are the Directives'
// (ReportDirectiveProblems).
func Parse(fset *token.FileSet, files []*ast.File, readFile func(string) ([]byte, error), def policy.Context) (*Directives, *Contexts) {
	cs, problems := parseContexts(fset, files, def)
	ds := parseDirectives(fset, files, readFile)
	ds.problems = append(ds.problems, problems...)
	return ds, cs
}

// parseDirectives reads the //retrylint:ignore directives of the
// package's files; generated and test files are skipped, as the model
// skips them (a directive there could only be unused).
// readFile reads a file's source, to tell a directive at the end of a
// line of code from one on a line of its own; nil means os.ReadFile.
func parseDirectives(fset *token.FileSet, files []*ast.File, readFile func(string) ([]byte, error)) *Directives {
	if readFile == nil {
		readFile = os.ReadFile
	}
	ds := &Directives{byLine: make(map[lineKey][]*ignoreDirective)}
	for _, f := range files {
		tf := fset.File(f.FileStart)
		if tf == nil || ast.IsGenerated(f) || strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		var src []byte // read on the first directive of the file
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d, problem := parseIgnore(c.Text)
				if problem != "" {
					ds.problems = append(ds.problems, directiveProblem{c.Pos(), problem})
				}
				if d == nil {
					continue
				}
				if src == nil {
					var err error
					if src, err = readFile(tf.Name()); err != nil {
						src = []byte{}
					}
				}
				d.pos, d.line = c.Pos(), tf.Line(c.Pos())
				if ownLine(tf, src, c.Pos()) {
					// The finding is on the first line after the
					// comment block, which may explain the directive
					// further.
					d.line = tf.Line(cg.End()) + 1
				}
				ds.ignores = append(ds.ignores, d)
				k := lineKey{tf, d.line}
				ds.byLine[k] = append(ds.byLine[k], d)
			}
		}
	}
	return ds
}

// parseIgnore parses one comment. It returns the directive, if the
// comment is a well-formed one naming at least one known analyzer, and
// a problem to report, if any.
func parseIgnore(text string) (*ignoreDirective, string) {
	const want = "want //retrylint:ignore <analyzer>[,<analyzer>] <reason>"
	body, ok := strings.CutPrefix(text, "//")
	if !ok {
		return nil, "" // a /* */ comment
	}
	if !strings.HasPrefix(body, "retrylint:") {
		if t := strings.TrimLeft(body, " \t"); t != body && strings.HasPrefix(t, "retrylint:ignore") {
			return nil, fmt.Sprintf("malformed directive %q: a directive has no space after //; %s", clip(text), want)
		}
		return nil, ""
	}
	rest, ok := strings.CutPrefix(text, ignorePrefix)
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		word, _, _ := strings.Cut(strings.TrimPrefix(body, "retrylint:"), " ")
		if word == "context" || strings.HasPrefix(word, "context\t") {
			return nil, "" // read by parseContexts
		}
		return nil, fmt.Sprintf("unknown directive //retrylint:%s: want //retrylint:ignore or //retrylint:context", clip(word))
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return nil, fmt.Sprintf("malformed directive: it names no analyzer; %s", want)
	}
	list := fields[0]
	if strings.HasSuffix(list, ",") && len(fields) > 1 {
		return nil, fmt.Sprintf("malformed directive %q: no space in the analyzer list; %s", clip(text), want)
	}
	var names, unknown []string
	for _, n := range strings.Split(list, ",") {
		switch {
		case n == "":
			return nil, fmt.Sprintf("malformed directive %q: empty analyzer name; %s", clip(text), want)
		case rules.Known(n):
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		default:
			unknown = append(unknown, n)
		}
	}
	// The reason follows the list, optionally after "//" as in
	// golangci-lint's //nolint:NAME // reason.
	reason := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), list))
	reason = strings.TrimSpace(strings.TrimPrefix(reason, "//"))
	if reason == "" {
		return nil, fmt.Sprintf("malformed directive %q: a reason is required (an approval, why the finding is wrong); it suppresses nothing without one", clip(text))
	}
	var problem string
	if len(unknown) > 0 {
		problem = fmt.Sprintf("directive names %s, which %s no retrylint analyzer (%s)", quoteList(unknown), Plural(len(unknown), "is", "are"), strings.Join(rules.Names(), ", "))
	}
	if len(names) == 0 {
		return nil, problem
	}
	return &ignoreDirective{names: names, reason: reason}, problem
}

// ownLine reports whether only white space precedes pos on its line.
func ownLine(tf *token.File, src []byte, pos token.Pos) bool {
	off := tf.Offset(pos)
	if off > len(src) || tf.Size() != len(src) {
		return false // the source changed under us: assume a trailing comment
	}
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	return strings.TrimLeft(string(src[start:off]), " \t") == ""
}

// match returns the directives that suppress analyzer's finding at pos,
// a finding of the site anchored at the anchors (none: of no site): those
// covering the finding's own line and those covering an anchor's line.
// Each of them is used, so a directive above a loop is reported unused
// only when no finding of the loop fell under it.
func (ds *Directives) match(fset *token.FileSet, analyzer string, pos token.Pos, anchors ...token.Pos) []*ignoreDirective {
	if ds == nil || len(ds.ignores) == 0 {
		return nil
	}
	var found []*ignoreDirective
	for _, p := range append([]token.Pos{pos}, anchors...) {
		if d := ds.at(fset, analyzer, p); d != nil && !slices.Contains(found, d) {
			found = append(found, d)
		}
	}
	return found
}

// at returns the directive naming analyzer that covers pos's line.
func (ds *Directives) at(fset *token.FileSet, analyzer string, pos token.Pos) *ignoreDirective {
	tf := fset.File(pos) // nil for NoPos
	if tf == nil {
		return nil
	}
	for _, d := range ds.byLine[lineKey{tf, tf.Line(pos)}] {
		if slices.Contains(d.names, analyzer) {
			return d
		}
	}
	return nil
}

// unused reports analyzer's directives that suppressed nothing.
func (ds *Directives) unused(pass *analysis.Pass, used map[*ignoreDirective]bool) {
	if ds == nil {
		return
	}
	name := pass.Analyzer.Name
	for _, d := range ds.ignores {
		if !slices.Contains(d.names, name) || used[d] {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos:      d.pos,
			Category: DirectiveCategory,
			Message:  fmt.Sprintf("unused //retrylint:ignore directive: no %s (%s) finding on line %d to suppress; remove %s from it", name, ruleList(name), d.line, name),
		})
	}
}

// reportProblems reports malformed directives and names of no analyzer.
func (ds *Directives) reportProblems(pass *analysis.Pass) {
	if ds == nil {
		return
	}
	for _, p := range ds.problems {
		pass.Report(analysis.Diagnostic{Pos: p.pos, Category: DirectiveCategory, Message: p.msg})
	}
}

func ruleList(name string) string {
	r, ok := rules.Lookup(name)
	if !ok {
		return "?"
	}
	return strings.Join(r.Rules, ", ")
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// clip shortens a directive for a message.
func clip(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
