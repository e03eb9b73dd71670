package bodyscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// LoopInvariant reports whether v, a local of the function whose body is
// body, keeps one value through every loop of it: it is never stepped,
// its address is never taken, no function literal writes it, and every
// assignment of it lies outside the function's for and range statements.
func LoopInvariant(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
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
				ok = !is(n.X)
			case *ast.UnaryExpr:
				ok = n.Op != token.AND || !is(n.X)
			case *ast.AssignStmt:
				ok = !inLoop && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) || !slices.ContainsFunc(n.Lhs, is)
			case *ast.RangeStmt:
				ok = !(n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value))
				if !inLoop {
					walk(n, true)
					return false
				}
			}
			return true
		})
	}
	walk(body, false)
	return ok
}

// NextStmt returns the statement that follows s in the statement list
// that holds it, or nil.
func NextStmt(body *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	if rest := StmtsFrom(body, s); len(rest) > 1 {
		return rest[1]
	}
	return nil
}

// StmtsFrom returns the statements of the list (a block's, a case's)
// that holds s, from s on; nil when no list of body holds s.
func StmtsFrom(body *ast.BlockStmt, s ast.Stmt) []ast.Stmt {
	var res []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		if res != nil {
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
		default:
			return true
		}
		for i, x := range list {
			if x == s {
				res = list[i:]
				return false
			}
		}
		return true
	})
	return res
}

// ZeroDefault returns the value that the statement right after as, in
// body, gives lv in place of a zero: `if lv == 0 { lv = x }` (or
// `lv <= 0`), with a constant x.
func ZeroDefault(info *types.Info, body *ast.BlockStmt, as *ast.AssignStmt, lv *types.Var) (ast.Expr, bool) {
	is, ok := NextStmt(body, as).(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return nil, false
	}
	b, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || !(b.Op == token.EQL || b.Op == token.LEQ) || typesx.VarOf(info, b.X) != lv {
		return nil, false
	}
	if tv, ok := info.Types[b.Y]; !ok || tv.Value == nil || tv.Value.ExactString() != "0" {
		return nil, false
	}
	set, ok := is.Body.List[0].(*ast.AssignStmt)
	if !ok || set.Tok != token.ASSIGN || len(set.Lhs) != 1 || len(set.Rhs) != 1 || typesx.VarOf(info, set.Lhs[0]) != lv {
		return nil, false
	}
	return set.Rhs[0], true
}

// IsParam reports whether p is a parameter of the function of type ft.
func IsParam(info *types.Info, ft *ast.FuncType, p *types.Var) bool {
	return typesx.ParamIndex(info, ft, p) >= 0
}

// WritesField reports whether body writes p as a whole or its field f,
// or takes the address of either (typesx.Writes).
func WritesField(info *types.Info, body *ast.BlockStmt, p, f *types.Var) bool {
	return typesx.Writes(info, body, func(x ast.Expr) bool {
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			return info.Uses[x] == p
		case *ast.SelectorExpr:
			id, ok := ast.Unparen(x.X).(*ast.Ident)
			return ok && info.Uses[id] == p && info.Uses[x.Sel] == f
		}
		return false
	})
}
