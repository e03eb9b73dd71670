package report

import (
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/retrysite/site"
)

// A Reporter reports one analyzer's diagnostics through the package's
// //retrylint:ignore directives (directives.go). Every retrylint rule
// reports through one:
//
//	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
//	rep := report.NewReporter(pass, res.Directives)
//	defer rep.Done()
//	rep.Report(s, d) // d is a finding of site s
//
// It holds per-pass state only (no globals): analyzers may run in
// parallel over one package, each with its own Reporter over the shared,
// read-only Directives.
type Reporter struct {
	pass *analysis.Pass
	dirs *Directives
	used map[*ignoreDirective]bool
	defs map[token.Pos]bool // copies reported at (ReportCopy)
}

// NewReporter returns a Reporter for pass that applies dirs (nil: none).
func NewReporter(pass *analysis.Pass, dirs *Directives) *Reporter {
	return &Reporter{pass: pass, dirs: dirs, used: make(map[*ignoreDirective]bool), defs: make(map[token.Pos]bool)}
}

// Report reports d, a finding of the retry site s (nil: of no site),
// unless a //retrylint:ignore directive naming the pass's analyzer covers
// d's line or, for a finding of a site, the line where the site starts
// (Anchors): one directive suppresses the analyzer's findings of a site
// wherever they are reported.
func (r *Reporter) Report(s *site.Site, d analysis.Diagnostic) {
	if !r.inFiles(d.Pos) {
		// A finding the model made in another package's code it read
		// (a helper's operation) belongs to the call in this package
		// that runs it: the site.
		if s == nil || !r.inFiles(s.Pos) {
			return
		}
		d.Pos, d.End, d.SuggestedFixes = s.Pos, token.NoPos, nil
	}
	if dirs := r.dirs.match(r.pass.Fset, r.pass.Analyzer.Name, d.Pos, anchors(s)...); len(dirs) > 0 {
		for _, dir := range dirs {
			r.used[dir] = true
		}
		return
	}
	r.pass.Report(d)
}

// ReportAt reports d, a finding of site s about the value x gives (a
// count), and, where the fix goes, a copy at the declaration of the
// package-level constant or variable x names when it is read outside the
// site's function (a default filled in a constructor: `if c.MaxRetry ==
// 0 { c.MaxRetry = defaultMaxRetry }`), naming it; once per declaration.
func (r *Reporter) ReportAt(s *site.Site, d analysis.Diagnostic, x ast.Expr) {
	r.Report(s, d)
	id, _ := ast.Unparen(x).(*ast.Ident)
	if id == nil || s == nil || s.Func == nil || s.Func.Pos() <= id.Pos() && id.Pos() < s.Func.End() {
		return // read in the site's function: the finding is there
	}
	obj := r.pass.TypesInfo.Uses[id]
	if obj == nil || obj.Parent() != r.pass.Pkg.Scope() {
		return
	}
	r.ReportCopy(s, d, obj.Pos(), "; the default "+id.Name+" is defined here")
}

// ReportCopy reports, where the fix goes, a copy of d, a finding of site
// s already reported, at pos, the definition of a default the site uses
// (a package-level count, a constructor's default wait), with note added
// to its message: when pos lies in the package outside the site's
// function, once per position.
func (r *Reporter) ReportCopy(s *site.Site, d analysis.Diagnostic, pos token.Pos, note string) {
	if s == nil || s.Func == nil || !pos.IsValid() || s.Func.Pos() <= pos && pos < s.Func.End() || !r.inFiles(pos) || r.defs[pos] {
		return
	}
	r.defs[pos] = true
	d.Pos, d.End, d.SuggestedFixes = pos, token.NoPos, nil
	if len(d.Message)+len(note) > MessageLimit {
		d.Message = cutClause(d.Message, MessageLimit-len(note))
	}
	d.Message += note
	d.Related = []analysis.RelatedInformation{{Pos: s.Pos, Message: "the retry is here"}}
	r.Report(s, d)
}

// inFiles reports whether pos lies in a file of the analysed package.
func (r *Reporter) inFiles(pos token.Pos) bool { return typesx.FileOf(r.pass.Files, pos) != nil }

// anchors returns where the site s starts, for the directives that cover
// all of its findings: its Pos (the loop keyword, the recursive
// function's name, the call) and, when it starts on another line, its
// Node (a goto loop's label, the recursive declaration's func keyword)
// and the label of a labelled loop (outer: on the line above the for).
func anchors(s *site.Site) []token.Pos {
	if s == nil {
		return nil
	}
	as := []token.Pos{s.Pos}
	if s.Node != nil && s.Node.Pos() != s.Pos {
		as = append(as, s.Node.Pos())
	}
	if s.Func != nil && s.Node != nil {
		ast.Inspect(s.Func, func(n ast.Node) bool {
			if l, ok := n.(*ast.LabeledStmt); ok && l.Stmt == s.Node {
				as = append(as, l.Pos())
				return false
			}
			return n != nil && n.Pos() <= s.Node.Pos() && s.Node.End() <= n.End() // only what holds the loop
		})
	}
	return as
}

// Done ends the pass: it reports the analyzer's directives that
// suppressed nothing.
func (r *Reporter) Done() {
	r.dirs.unused(r.pass, r.used)
}

// ReportDirectiveProblems reports the package's malformed directives
// (//retrylint:ignore and //retrylint:context), unknown context names
// and names of no analyzer, as findings of pass. Only
// rules.DirectiveOwner calls it, so that each problem is reported once.
// They are findings, not errors of the analysis: go vet caches a
// package's successful analysis, so only a finding fails every run.
func ReportDirectiveProblems(pass *analysis.Pass, dirs *Directives) {
	dirs.reportProblems(pass)
}
