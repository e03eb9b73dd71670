package fixedinterval

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"

	"github.com/retrylint/retrylint/internal/analysisdoc"
	"github.com/retrylint/retrylint/internal/retrysite"
	"github.com/retrylint/retrylint/policy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports retries whose waits between attempts are not
// exponential backoff with full (or decorrelated) jitter.
var Analyzer = &analysis.Analyzer{
	Name:     "fixedinterval",
	Doc:      analysisdoc.MustExtract(doc, "fixedinterval"),
	URL:      "https://github.com/retrylint/retrylint/tree/main/analyzers/fixedinterval",
	Requires: []*analysis.Analyzer{retrysite.Analyzer},
	Run:      run,
}

// hints end a message when they fit: what R-1 wants, in short. The
// formula, the recipe per library and the standard's text are in the
// analyzer's documentation (retrylint -explain R-1).
var hints = []string{"; use exponential backoff with full jitter", "; use full jitter"}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	rep := report.NewReporter(pass, res.Directives)
	defer rep.Done()
	for _, s := range res.Sites {
		if !s.Reports() || !s.WaitsKnown {
			continue
		}
		if s.Bound.NeverRetries() {
			continue // no retries, so no waits between them
		}
		if len(s.Waits) == 0 {
			rep.Report(analysis.Diagnostic{
				Pos:     s.Pos,
				Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), "retries at once, with no wait between attempts", hints...),
			})
			continue
		}
		seen := make(map[token.Pos]bool)
		for _, w := range s.Waits {
			if w.Shape == site.ShapeUnknown || w.Shape.Compliant() || seen[w.Pos] {
				continue
			}
			if w.Shape == site.ShapeSchedule && s.Context == policy.Webhook {
				continue // R-3's increasing webhook schedule
			}
			seen[w.Pos] = true
			msg := what(s, w)
			if w.Default != "" {
				msg += ", " + w.Default
			}
			d := analysis.Diagnostic{
				Pos:     w.Pos,
				Message: report.Message("R-1", report.Subject(s, pass.TypesInfo), msg, hints...),
			}
			if w.Pos != s.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: s.Pos, Message: "the " + s.Title() + " is here"}}
			} else if w.Setting != nil && w.Setting.Pos != w.Pos {
				d.Related = []analysis.RelatedInformation{{Pos: w.Setting.Pos, Message: "the wait is set here"}}
			}
			if w.DefaultPos.IsValid() {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.DefaultPos, Message: "the default wait is set here"})
			}
			if fix, ok := suggestFix(pass, s, w); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			rep.Report(d)
		}
	}
	return nil, nil
}

// what describes a site's wait for the message, after its subject.
func what(s *site.Site, w *site.Wait) string {
	switch w.Shape {
	case site.ShapeNone:
		if s.Kind == site.Library {
			return "retries with " + w.Desc
		}
		if w.Pos == s.Pos {
			return "retries at once after some failures: a path from a failed attempt back to the operation has no wait"
		}
		return "waits no time between attempts (" + w.Desc + ")"
	case site.ShapeConstant:
		return "waits " + w.Desc + " between attempts"
	case site.ShapeSchedule, site.ShapeNoJitter:
		return "waits " + w.Desc
	case site.ShapeEqualJitter:
		return "uses " + w.Desc + ": equal jitter's floor keeps clients in step"
	case site.ShapePartialJitter:
		return "uses " + w.Desc
	}
	return ": its wait " + w.Desc
}

// suggestFix offers the mechanical rewrites: cenkalti's
// RandomizationFactor to 1, retry-go's DelayType to
// FullJitterBackoffDelay, and for a hand-written wait with an attempt
// counter the full-jitter computation.
func suggestFix(pass *analysis.Pass, s *site.Site, w *site.Wait) (analysis.SuggestedFix, bool) {
	if s.Lib == nil {
		return loopFix(pass, s, w)
	}
	switch s.Lib.Advice.JitterFix {
	case knowledge.RandomizationFactorFix:
		return cenkaltiFix(w)
	case knowledge.DelayTypeFix:
		return retryGoFix(s, w)
	}
	return analysis.SuggestedFix{}, false
}

func cenkaltiFix(w *site.Wait) (analysis.SuggestedFix, bool) {
	// Only where a factor of 1 is enough: an exponential backoff.
	if w.Shape != site.ShapePartialJitter && w.Shape != site.ShapeExponential {
		return analysis.SuggestedFix{}, false
	}
	st := w.Setting
	if st == nil {
		return analysis.SuggestedFix{}, false
	}
	msg := "Set RandomizationFactor to 1 (full jitter: each wait drawn from [0, 2x])"
	switch st.Name {
	case "RandomizationFactor", "WithRandomizationFactor":
		a := st.Arg(0)
		if a == nil {
			return analysis.SuggestedFix{}, false
		}
		return analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: a.Pos(), End: a.End(), NewText: []byte("1")}}}, true
	case "NewExponentialBackOff":
		call, ok := st.Node.(*ast.CallExpr)
		if !ok || call.Ellipsis.IsValid() {
			return analysis.SuggestedFix{}, false
		}
		if _, ok := st.Obj.Type().(*types.Signature); !ok || st.Obj.Type().(*types.Signature).Params().Len() == 0 {
			return analysis.SuggestedFix{}, false // v5 takes no options
		}
		q := qualifier(call.Fun)
		if q == "" {
			return analysis.SuggestedFix{}, false
		}
		text := q + ".WithRandomizationFactor(1)"
		if len(call.Args) > 0 {
			text = ", " + text
		}
		return analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: call.Rparen, End: call.Rparen, NewText: []byte(text)}}}, true
	}
	return analysis.SuggestedFix{}, false
}

func retryGoFix(s *site.Site, w *site.Wait) (analysis.SuggestedFix, bool) {
	msg := "Use DelayType(FullJitterBackoffDelay)"
	if st := w.Setting; st != nil {
		if st.Name != "DelayType" || st.Arg(0) == nil {
			return analysis.SuggestedFix{}, false
		}
		call, ok := st.Node.(*ast.CallExpr)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		q := qualifier(call.Fun)
		if q == "" {
			return analysis.SuggestedFix{}, false
		}
		a := st.Arg(0)
		return analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: a.Pos(), End: a.End(), NewText: []byte(q + ".FullJitterBackoffDelay")}}}, true
	}
	// The default delay: add the option to the call that takes options.
	var call *ast.CallExpr
	if opts := s.Lib.Advice.OptionsCall; opts != "" {
		if st := s.Last(opts); st != nil {
			call, _ = st.Node.(*ast.CallExpr)
		}
	} else {
		call, _ = s.Node.(*ast.CallExpr)
	}
	if call == nil || call.Ellipsis.IsValid() {
		return analysis.SuggestedFix{}, false
	}
	q := qualifier(call.Fun)
	if q == "" {
		return analysis.SuggestedFix{}, false
	}
	text := q + ".DelayType(" + q + ".FullJitterBackoffDelay)"
	if len(call.Args) > 0 {
		text = ", " + text
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: []analysis.TextEdit{{Pos: call.Rparen, End: call.Rparen, NewText: []byte(text)}}}, true
}

// qualifier returns the package name a call is qualified with
// (retry.Do -> "retry").
func qualifier(fun ast.Expr) string {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	// Explicit instantiations: pkg.F[T].
	x := sel.X
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// loopFix replaces the duration of a hand-written wait with the
// full-jitter computation on the loop's attempt counter.
func loopFix(pass *analysis.Pass, s *site.Site, w *site.Wait) (analysis.SuggestedFix, bool) {
	if w.Attempt == nil || w.Expr == nil || w.Shape == site.ShapeSchedule {
		return analysis.SuggestedFix{}, false
	}
	switch w.Kind {
	case site.WaitSleep, site.WaitAfter, site.WaitTimer, site.WaitHelper:
	default:
		return analysis.SuggestedFix{}, false
	}
	if !isDuration(pass.TypesInfo.TypeOf(w.Expr)) {
		return analysis.SuggestedFix{}, false
	}
	if leavesUnused(pass, s.Func, w.Expr) {
		return analysis.SuggestedFix{}, false
	}
	file := fileOf(pass, w.Expr.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	if v := pass.TypesInfo.FileVersions[file]; v != "" && version.Compare(v, "go1.22") < 0 {
		return analysis.SuggestedFix{}, false // min and math/rand/v2
	}
	pos := w.Expr.Pos()
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return analysis.SuggestedFix{}, false
	}
	// The counter must be the one in scope at the duration, and min
	// the builtin.
	if _, o := scope.LookupParent(w.Attempt.Name(), pos); o != w.Attempt {
		return analysis.SuggestedFix{}, false
	}
	if _, o := scope.LookupParent("min", pos); o != types.Universe.Lookup("min") {
		return analysis.SuggestedFix{}, false
	}
	timeName := importName(file, "time")
	if timeName == "" {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	randCall := ""
	switch {
	case importName(file, "math/rand/v2") != "":
		randCall = importName(file, "math/rand/v2") + ".Int64N"
	case importName(file, "math/rand") != "":
		randCall = importName(file, "math/rand") + ".Int63n"
	default:
		if _, o := scope.LookupParent("rand", pos); o != nil {
			return analysis.SuggestedFix{}, false
		}
		randCall = "rand.Int64N"
		edits = append(edits, addImport(file, "math/rand/v2"))
	}
	capS := int(policy.MaxDelay / policy.BaseDelay)
	// base<<min(attempt, n) with base<<n above the cap keeps the shift
	// from overflowing on long retries.
	shift := 0
	for policy.BaseDelay<<shift < policy.MaxDelay {
		shift++
	}
	a := w.Attempt.Name()
	if !isIntegerType(w.Attempt.Type()) {
		return analysis.SuggestedFix{}, false
	}
	text := fmt.Sprintf("%[1]s.Duration(%[2]s(int64(min(%[3]d*%[1]s.Second, %[1]s.Second<<min(%[4]s, %[5]d)))))", timeName, randCall, capS, a, shift)
	if policy.BaseDelay != 1e9 {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, analysis.TextEdit{Pos: w.Expr.Pos(), End: w.Expr.End(), NewText: []byte(text)})
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Wait random(0, min(%s, %s*2^%s)) (full jitter)", policy.MaxDelay, policy.BaseDelay, a),
		TextEdits: edits,
	}, true
}

// leavesUnused reports whether replacing x would leave a local variable of
// body with no use: `b := time.Second << attempt` read only in the wait.
// Assignments and increments do not count as uses, as for the compiler.
func leavesUnused(pass *analysis.Pass, body *ast.BlockStmt, x ast.Expr) bool {
	if body == nil {
		return true
	}
	locals := make(map[*types.Var]bool)
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && body.Pos() <= v.Pos() && v.Pos() < body.End() {
				locals[v] = true
			}
		}
		return true
	})
	if len(locals) == 0 {
		return false
	}
	assigned := make(map[*ast.Ident]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					assigned[id] = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				assigned[id] = true
			}
		}
		return true
	})
	used := make(map[*types.Var]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if x.Pos() <= n.Pos() && n.End() <= x.End() {
			return false // the expression being replaced
		}
		if id, ok := n.(*ast.Ident); ok && !assigned[id] {
			if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && locals[v] {
				used[v] = true
			}
		}
		return true
	})
	for v := range locals {
		if !used[v] {
			return true
		}
	}
	return false
}

func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Duration" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time"
}

func isIntegerType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// importName returns the name a file imports path as, or "".
func importName(f *ast.File, path string) string {
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil || p != path {
			continue
		}
		if im.Name != nil {
			if im.Name.Name == "_" || im.Name.Name == "." {
				return ""
			}
			return im.Name.Name
		}
		if i := strings.LastIndex(p, "/"); i >= 0 {
			p = p[i+1:]
		}
		if p == "v2" {
			return "rand"
		}
		return p
	}
	return ""
}

// addImport inserts an import of path into the file's first import
// declaration (or a new one after the package clause).
func addImport(f *ast.File, path string) analysis.TextEdit {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + strconv.Quote(path))}
		}
		return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + strconv.Quote(path))}
	}
	return analysis.TextEdit{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + strconv.Quote(path))}
}
