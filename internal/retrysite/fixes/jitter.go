package fixes

import (
	"fmt"
	"go/ast"
	"go/types"
	"go/version"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/policy"
	"golang.org/x/tools/go/analysis"
)

// Jitter returns the R-1 fix of a wait of s: for a library, its table's
// recipe (knowledge.JitterFix); for a hand-written wait with an attempt
// counter, the full-jitter computation.
func Jitter(pass *analysis.Pass, s *site.Site, w *site.Wait) (analysis.SuggestedFix, bool) {
	if s.Lib == nil {
		return loopJitter(pass, s, w)
	}
	if r := s.Lib.Advice.JitterFix; r != nil {
		return libJitter(pass, s, w, r)
	}
	return analysis.SuggestedFix{}, false
}

// libJitter builds a library's recipe: the value written in place of the
// setting that decides the wait, or the option added to the call that
// takes options.
func libJitter(pass *analysis.Pass, s *site.Site, w *site.Wait, r *knowledge.JitterFix) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	if r.Growing && w.Shape != site.ShapePartialJitter && w.Shape != site.ShapeExponential {
		return none, false
	}
	if st := w.Setting; st != nil {
		switch {
		case slices.Contains(r.Settings, st.Name):
			a := st.Arg(0)
			if a == nil {
				return none, false
			}
			val := r.Value
			if strings.Contains(val, "{pkg}") {
				call, ok := st.Node.(*ast.CallExpr)
				if !ok {
					return none, false
				}
				q := qualifier(call.Fun)
				if q == "" {
					return none, false
				}
				val = strings.ReplaceAll(val, "{pkg}", q)
			}
			return analysis.SuggestedFix{Message: r.Message, TextEdits: []analysis.TextEdit{{Pos: a.Pos(), End: a.End(), NewText: []byte(val)}}}, true
		case slices.Contains(r.Constructors, st.Name):
			call, ok := st.Node.(*ast.CallExpr)
			if !ok {
				return none, false
			}
			return appendOption(pass, call, r)
		}
		return none, false
	}
	if !r.OnDefault {
		return none, false
	}
	// The default wait: add the option to the call that takes options.
	var call *ast.CallExpr
	if opts := s.Lib.Advice.OptionsCall; opts != "" {
		if st := s.Last(opts); st != nil {
			call, _ = st.Node.(*ast.CallExpr)
		}
	} else {
		call, _ = s.Node.(*ast.CallExpr)
	}
	if call == nil {
		return none, false
	}
	return appendOption(pass, call, r)
}

// appendOption adds the recipe's option to a call of a variadic function
// of options, qualified with the name the file gives the library.
func appendOption(pass *analysis.Pass, call *ast.CallExpr, r *knowledge.JitterFix) (analysis.SuggestedFix, bool) {
	if call.Ellipsis.IsValid() {
		return analysis.SuggestedFix{}, false
	}
	if sig, ok := pass.TypesInfo.TypeOf(call.Fun).(*types.Signature); !ok || !sig.Variadic() {
		return analysis.SuggestedFix{}, false // cenkalti v5's NewExponentialBackOff takes no options
	}
	q := qualifier(call.Fun)
	if q == "" {
		return analysis.SuggestedFix{}, false
	}
	text := strings.ReplaceAll(r.Option, "{pkg}", q)
	if len(call.Args) > 0 {
		text = ", " + text
	}
	return analysis.SuggestedFix{Message: r.Message, TextEdits: []analysis.TextEdit{{Pos: call.Rparen, End: call.Rparen, NewText: []byte(text)}}}, true
}

// loopJitter replaces the duration of a hand-written wait with the
// full-jitter computation on the loop's attempt counter, the exponent
// capped so that the shift never overflows.
func loopJitter(pass *analysis.Pass, s *site.Site, w *site.Wait) (analysis.SuggestedFix, bool) {
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
