package interp

import (
	"go/ast"
	"go/token"
	"go/types"
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
// value through every loop of it: it is never stepped, its address is
// never taken, no function literal writes it, and every assignment of
// it lies outside the function's for and range statements.
func (fi *funcInfo) loopInvariant(v *types.Var) bool {
	if v.Pos() < fi.Body.Pos() || v.Pos() >= fi.Body.End() {
		return false // a parameter, a variable of an enclosing function
	}
	// The evaluator asks at every comparison it cannot decide, on every
	// path: the body is walked once per local.
	if r, ok := fi.invariant[v]; ok {
		return r
	}
	if fi.invariant == nil {
		fi.invariant = make(map[*types.Var]bool)
	}
	r := fi.loopInvariantWalk(v)
	fi.invariant[v] = r
	return r
}

// loopInvariantWalk is loopInvariant, worked out.
func (fi *funcInfo) loopInvariantWalk(v *types.Var) bool {
	info := fi.M.info
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	ok := true
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.ForStmt, *ast.FuncLit:
				if !inLoop {
					walk(n, true)
					return false
				}
			case *ast.IncDecStmt:
				if is(n.X) {
					ok = false
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && is(n.X) {
					ok = false
				}
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if is(l) && (inLoop || n.Tok != token.ASSIGN && n.Tok != token.DEFINE) {
						ok = false
					}
				}
			case *ast.RangeStmt:
				if n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value) {
					ok = false
				}
				if !inLoop {
					walk(n, true)
					return false
				}
			}
			return true
		})
	}
	walk(fi.Body, false)
	return ok
}

// refsCounter reports whether x mentions a tracked variable that a loop
// may change: a possible attempt counter.
func (ev *evaluator) refsCounter(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := ev.info().Uses[id].(*types.Var); ok && ev.Fi.Tracked[v] && !ev.Fi.loopInvariant(v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// inlineDefault returns the value the assignment as gives its i-th
// local when it reads an exported integer field the package never sets
// and the statement after it, in the same list, replaces a zero by a
// constant (`if v == 0 { v = 10 }`, or `<= 0`): that constant, the
// package's default, noted as such.
func (fi *funcInfo) inlineDefault(as *ast.AssignStmt, i int) (value, bool) {
	if len(as.Lhs) != len(as.Rhs) || as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		return value{}, false
	}
	info := fi.M.info
	lv := fi.LhsVar(as.Lhs[i])
	sel, ok := ast.Unparen(as.Rhs[i]).(*ast.SelectorExpr)
	if lv == nil || !ok {
		return value{}, false
	}
	f, _ := info.Uses[sel.Sel].(*types.Var)
	if f == nil || !f.IsField() || !f.Exported() || f.Pkg() != fi.M.pkg || !IsIntegerOrBool(f.Type()) || IsBool(f.Type()) {
		return value{}, false
	}
	next := fi.nextStmt(as)
	is, ok := next.(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return value{}, false
	}
	b, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || !(b.Op == token.EQL || b.Op == token.LEQ) || varOfExpr(info, b.X) != lv {
		return value{}, false
	}
	if tv, ok := info.Types[b.Y]; !ok || tv.Value == nil || tv.Value.ExactString() != "0" {
		return value{}, false
	}
	set, ok := is.Body.List[0].(*ast.AssignStmt)
	if !ok || set.Tok != token.ASSIGN || len(set.Lhs) != 1 || len(set.Rhs) != 1 || varOfExpr(info, set.Lhs[0]) != lv {
		return value{}, false
	}
	n, ok := fi.M.host.IntValue(set.Rhs[0])
	if !ok || n <= 0 {
		return value{}, false
	}
	if fi.M.ix == nil || !fi.M.ix.InlineDefault(f, set.Rhs[0]) {
		return value{}, false
	}
	return intVal(n), true
}

// nextStmt returns the statement that follows s in the statement list
// that holds it, or nil.
func (fi *funcInfo) nextStmt(s ast.Stmt) ast.Stmt {
	var next ast.Stmt
	ast.Inspect(fi.Body, func(n ast.Node) bool {
		if next != nil {
			return false
		}
		var list []ast.Stmt
		switch b := n.(type) {
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		}
		for j := 0; j+1 < len(list); j++ {
			if list[j] == s {
				next = list[j+1]
				return false
			}
		}
		return true
	})
	return next
}
