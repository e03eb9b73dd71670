package fixes

import (
	"fmt"
	"go/ast"
	"go/types"
	"go/version"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/knowledge"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
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
// takes options; with it, the options that keep the waits within the
// standard's base and cap (JitterFix.Also).
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
			fix := analysis.SuggestedFix{Message: r.Message, TextEdits: []analysis.TextEdit{{Pos: a.Pos(), End: a.End(), NewText: []byte(val)}}}
			if call := optionsCall(s, r); call != nil {
				if text, edits, descs := options(pass, s, call, r, false); text != "" {
					fix.TextEdits = append(fix.TextEdits, edits...)
					fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(text)})
					fix.Message += alsoMessage(r, descs)
				}
			}
			return fix, true
		case slices.Contains(r.Constructors, st.Name):
			call, ok := st.Node.(*ast.CallExpr)
			if !ok {
				return none, false
			}
			return appendOption(pass, s, call, r)
		}
		return none, false
	}
	if !r.OnDefault {
		return none, false
	}
	// The default wait: add the option to the call that takes options.
	call := optionsCall(s, r)
	if call == nil {
		return none, false
	}
	return appendOption(pass, s, call, r)
}

// optionsCall returns the call that takes the library's options: the
// site's constructor (cenkalti's NewExponentialBackOff), else, for a
// library whose default the fix replaces, Advice.OptionsCall's call or
// the entry call.
func optionsCall(s *site.Site, r *knowledge.JitterFix) *ast.CallExpr {
	if len(r.Constructors) > 0 {
		if st := s.Last(r.Constructors...); st != nil {
			call, _ := st.Node.(*ast.CallExpr)
			return call
		}
	}
	if !r.OnDefault {
		return nil
	}
	var call *ast.CallExpr
	if opts := s.Lib.Advice.OptionsCall; opts != "" {
		if st := s.Last(opts); st != nil {
			call, _ = st.Node.(*ast.CallExpr)
		}
	} else {
		call, _ = s.Node.(*ast.CallExpr)
	}
	return call
}

// appendOption adds the recipe's option, and its Also, to a call of a
// variadic function of options.
func appendOption(pass *analysis.Pass, s *site.Site, call *ast.CallExpr, r *knowledge.JitterFix) (analysis.SuggestedFix, bool) {
	text, edits, descs := options(pass, s, call, r, true)
	if text == "" {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(text)})
	return analysis.SuggestedFix{Message: r.Message + alsoMessage(r, descs), TextEdits: edits}, true
}

// options returns the text that appends options to call, qualified with
// the name the file gives the library: the recipe's Option when withFix,
// then each Also option the site does not set; the edits besides (an
// import of time), and the descriptions of the Also options added. ""
// when the call takes no more options or nothing is to be added.
func options(pass *analysis.Pass, s *site.Site, call *ast.CallExpr, r *knowledge.JitterFix, withFix bool) (string, []analysis.TextEdit, []string) {
	if call.Ellipsis.IsValid() {
		return "", nil, nil
	}
	if sig, ok := pass.TypesInfo.TypeOf(call.Fun).(*types.Signature); !ok || !sig.Variadic() {
		return "", nil, nil // cenkalti v5's NewExponentialBackOff takes no options
	}
	q := qualifier(call.Fun)
	if q == "" {
		return "", nil, nil
	}
	var opts []string
	if withFix {
		opts = append(opts, strings.ReplaceAll(r.Option, "{pkg}", q))
	}
	var edits []analysis.TextEdit
	var descs []string
	timeName := ""
	for _, o := range r.Also {
		if passes(call, o.Option) || s.Last(o.Option) != nil || o.Field != "" && s.Last(o.Field) != nil {
			continue // the caller's choice stands
		}
		val := o.Value
		if o.Duration != 0 {
			if timeName == "" {
				timeName, edits = timePackage(pass, call)
				if timeName == "" {
					break
				}
			}
			val = durationText(o.Duration, timeName)
		}
		opts = append(opts, q+"."+o.Option+"("+val+")")
		desc := val
		if o.Duration != 0 {
			desc = o.Duration.String()
		}
		descs = append(descs, strings.TrimPrefix(o.Option, "With")+" "+desc)
	}
	if len(opts) == 0 {
		return "", nil, nil
	}
	text := strings.Join(opts, ", ")
	if len(call.Args) > 0 {
		text = ", " + text
	}
	return text, edits, descs
}

// passes reports whether call passes an option named name.
func passes(call *ast.CallExpr, name string) bool {
	for _, a := range call.Args {
		if c, ok := ast.Unparen(a).(*ast.CallExpr); ok {
			if id := typesx.NameIdent(c.Fun); id != nil && id.Name == name {
				return true
			}
		}
	}
	return false
}

// timePackage returns the name the file of call gives package time, with
// the edit that imports it when it does not; "" when the name is taken.
func timePackage(pass *analysis.Pass, call *ast.CallExpr) (string, []analysis.TextEdit) {
	file := typesx.FileOf(pass.Files, call.Pos())
	if file == nil {
		return "", nil
	}
	if n := importName(file, "time"); n != "" {
		return n, nil
	}
	if scope := pass.Pkg.Scope().Innermost(call.Pos()); scope == nil {
		return "", nil
	} else if _, o := scope.LookupParent("time", call.Pos()); o != nil {
		return "", nil
	}
	return "time", []analysis.TextEdit{addImport(file, "time")}
}

// durationText writes d with package time named timeName: 15*time.Second.
func durationText(d time.Duration, timeName string) string {
	for _, u := range []struct {
		unit time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}} {
		if d%u.unit == 0 {
			if d == u.unit {
				return timeName + "." + u.name
			}
			return strconv.FormatInt(int64(d/u.unit), 10) + "*" + timeName + "." + u.name
		}
	}
	return timeName + ".Duration(" + strconv.FormatInt(int64(d), 10) + ")"
}

// alsoMessage ends the message of a fix that added Also options.
func alsoMessage(r *knowledge.JitterFix, descs []string) string {
	if len(descs) == 0 {
		return ""
	}
	return ", with " + strings.Join(descs, ", ") + " (" + r.AlsoWhy + ")"
}

// loopJitter replaces the duration of a hand-written wait with the
// full-jitter computation on the loop's attempt counter, the exponent
// capped so that the shift never overflows.
func loopJitter(pass *analysis.Pass, s *site.Site, w *site.Wait) (analysis.SuggestedFix, bool) {
	if w.Attempt == nil || w.Expr == nil || w.Shape == site.ShapeSchedule ||
		!slices.Contains([]site.WaitKind{site.WaitSleep, site.WaitAfter, site.WaitTimer, site.WaitHelper}, w.Kind) ||
		!typesx.IsDuration(pass.TypesInfo.TypeOf(w.Expr)) || leavesUnused(pass, s.Func, w.Expr) {
		return analysis.SuggestedFix{}, false
	}
	file := typesx.FileOf(pass.Files, w.Expr.Pos())
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
	if !typesx.IsInteger(w.Attempt.Type()) {
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
		id, _ := n.(*ast.Ident)
		if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && body.Pos() <= v.Pos() && v.Pos() < body.End() {
			locals[v] = true
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
