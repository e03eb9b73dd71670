package bodyscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A backoff's cap is no attempt count.
//
// A loop that grows its wait and caps it,
//
//	interval = time.Duration(float64(interval) * opts.factor)
//	if interval >= opts.maxInterval {
//		interval = opts.maxInterval
//	}
//
// forks on a variable the loop changes, compared with a value the model
// may not know: read as an attempt counter, the fork made the loop's
// bound unknown. Such a fork is a clamp: an if with no else and no init,
// whose condition compares a local v with a bound (v > x, v >= x, or x
// < v, x <= v) and whose body only sets v (v = y), when no other
// condition of the function reads v. Both ways go on to the same
// statement with nothing else changed that any condition reads: it
// cannot end the loop, and counts nothing (interp's MaxRuns).

// Clamps returns the conditions of the clamps of the function whose
// body is body.
func Clamps(info *types.Info, body *ast.BlockStmt) map[ast.Expr]bool {
	res := make(map[ast.Expr]bool)
	own := make(map[ast.Expr]bool) // the candidates' conditions
	var cands []*ast.IfStmt
	var clampVars []*types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
			return true
		}
		be, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
		if !ok {
			return true
		}
		var vx ast.Expr
		switch be.Op {
		case token.GTR, token.GEQ:
			vx = be.X
		case token.LSS, token.LEQ:
			vx = be.Y
		default:
			return true
		}
		v, ok := info.Uses[typesx.IdentOf(vx)].(*types.Var)
		if !ok || v.IsField() {
			return true
		}
		as, ok := is.Body.List[0].(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		if lid, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); !ok || info.Uses[lid] != v {
			return true
		}
		cands = append(cands, is)
		own[is.Cond] = true
		clampVars = append(clampVars, v)
		return true
	})
	if len(cands) == 0 {
		return res
	}
	// The variables other conditions read.
	read := make(map[*types.Var]bool)
	mark := func(x ast.Expr) {
		if x == nil || own[x] {
			return
		}
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					read[v] = true
				}
			}
			return true
		})
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			mark(n.Cond)
		case *ast.ForStmt:
			mark(n.Cond)
		case *ast.SwitchStmt:
			mark(n.Tag)
			for _, c := range n.Body.List {
				for _, x := range c.(*ast.CaseClause).List {
					mark(x)
				}
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				mark(r)
			}
		}
		return true
	})
	for i, is := range cands {
		if !read[clampVars[i]] {
			res[is.Cond] = true
		}
	}
	return res
}
