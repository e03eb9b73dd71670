package typesx

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A recursive retry may go through a closure the function holds:
//
//	func (c *client) findCoordinator(key string, attemptsRemaining int) (*Resp, error) {
//		retry := func(err error) (*Resp, error) {
//			if attemptsRemaining > 0 {
//				attemptsRemaining--
//				time.Sleep(backoff)
//				return c.findCoordinator(key, attemptsRemaining)
//			}
//			return nil, err
//		}
//		...
//		return retry(err)
//	}
//
// A call of retry is a call of the function itself, after what the
// closure does first (a count, a wait).

// HeldSelfCalls returns, for each call in body (outside function
// literals) of a local variable that holds one function literal, defined
// once in body and never written again nor its address taken, whose body
// calls fn (outside literals nested in it), that literal.
func HeldSelfCalls(info *types.Info, body *ast.BlockStmt, fn *types.Func) map[*ast.CallExpr]*ast.FuncLit {
	if body == nil || fn == nil {
		return nil
	}
	held := make(map[types.Object]*ast.FuncLit)
	bad := make(map[types.Object]bool)
	for _, s := range body.List {
		a, ok := s.(*ast.AssignStmt)
		if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			continue
		}
		id, ok := a.Lhs[0].(*ast.Ident)
		lit, isLit := ast.Unparen(a.Rhs[0]).(*ast.FuncLit)
		if !ok || !isLit {
			continue
		}
		if o := info.Defs[id]; o != nil && CallsFunc(info, lit.Body, fn) {
			held[o] = lit
		}
	}
	if len(held) == 0 {
		return nil
	}
	// Written again, or its address taken: not the one literal.
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && held[info.Uses[id]] != nil {
					bad[info.Uses[id]] = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && held[info.Uses[id]] != nil {
				bad[info.Uses[id]] = true
			}
		}
		return true
	})
	res := make(map[*ast.CallExpr]*ast.FuncLit)
	InspectNoLits(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if o := info.Uses[id]; held[o] != nil && !bad[o] {
					res[n] = held[o]
				}
			}
		}
		return true
	})
	if len(res) == 0 {
		return nil
	}
	return res
}

// CallsFunc reports whether body calls fn outside the function literals
// nested in it.
func CallsFunc(info *types.Info, body ast.Node, fn *types.Func) bool {
	return len(CallsOf(info, body, fn)) > 0
}

// CallsOf returns the calls of fn (any instance) in body, outside the
// function literals nested in it.
func CallsOf(info *types.Info, body ast.Node, fn *types.Func) []*ast.CallExpr {
	var res []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == body // the literal itself is looked into
		case *ast.CallExpr:
			if c := Callee(info, n); c != nil && c.Origin() == fn.Origin() {
				res = append(res, n)
			}
		}
		return true
	})
	return res
}

// CommReceive returns the receive a select case communicates by (case
// <-ch:, case v := <-ch:), or nil for a send or the default case.
func CommReceive(s ast.Stmt) *ast.UnaryExpr {
	var x ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		x = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			x = s.Rhs[0]
		}
	}
	if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u
	}
	return nil
}
