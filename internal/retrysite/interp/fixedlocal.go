package interp

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Locals a loop does not change, and a count defaulted in place.
//
// A comparison of an attempt counter with a value the model cannot see
// makes the loop's bound unknown (depBound). A local that no loop of
// the function writes is no counter: a pause drawn once before the loop
// and tested for zero inside it (`if i > 0 && pause > 0 { sleep }`)
// counts nothing, whatever its value. loopInvariant tells such locals.
//
// A count read from a setting the user may leave zero, replaced in place
// by the package's own number,
//
//	retries := c.cfg.MaxCasRetries
//	if retries == 0 {
//		retries = 10
//	}
//
// is that number by default: the getter of values.go (getterDefault)
// written inline. inlineDefault reads it when the field is an exported
// integer the package itself never sets (the user's alone).

// loopInvariant reports whether v, a local of the function, keeps one
// value through every loop of it (bodyscan.LoopInvariant).
func (fi *FuncInfo) loopInvariant(v *types.Var) bool {
	if v.Pos() < fi.Body.Pos() || v.Pos() >= fi.Body.End() {
		return false // a parameter, a variable of an enclosing function
	}
	// The evaluator asks at every comparison it cannot decide, on every
	// path: the body is walked once per local.
	return typesx.Cached(&fi.invariant, v, func() bool { return bodyscan.LoopInvariant(fi.M.info, fi.Body, v) })
}

// refsCounter reports whether x mentions a tracked variable that a loop
// may change: a possible attempt counter.
func (ev *Evaluator) refsCounter(x ast.Expr) bool {
	return usesVar(ev.info(), x, func(v *types.Var) bool { return ev.Fi.Tracked[v] && !ev.Fi.loopInvariant(v) })
}

// usesVar reports whether x mentions a variable that is accepts.
func usesVar(info *types.Info, x ast.Expr, is func(*types.Var) bool) bool {
	found := false
	return typesx.InspectUntil(&found, x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			v, ok := info.Uses[id].(*types.Var)
			found = ok && is(v)
		}
		return true
	})
}

// inlineDefault returns the value the assignment as gives its i-th
// local when it reads an exported integer field the package never sets
// and the statement after it, in the same list, replaces a zero by a
// constant (`if v == 0 { v = 10 }`, or `<= 0`): that constant, the
// package's default, noted as such.
func (fi *FuncInfo) inlineDefault(as *ast.AssignStmt, i int) (Value, bool) {
	if len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		return Value{}, false
	}
	info := fi.M.info
	lv := fi.LhsVar(as.Lhs[i])
	sel, ok := ast.Unparen(as.Rhs[i]).(*ast.SelectorExpr)
	if lv == nil || !ok {
		return Value{}, false
	}
	f, _ := info.Uses[sel.Sel].(*types.Var)
	if f == nil || !f.IsField() || !f.Exported() || f.Pkg() != fi.M.pkg || !IsIntegerOrBool(f.Type()) || typesx.IsBool(f.Type()) {
		return Value{}, false
	}
	x, ok := bodyscan.ZeroDefault(info, fi.Body, as, lv)
	if !ok {
		return Value{}, false
	}
	n, ok := fi.M.host.IntValue(x)
	if !ok || n <= 0 || fi.M.ix == nil || !fi.M.ix.InlineDefault(f, x) {
		return Value{}, false
	}
	return IntVal(n), true
}
