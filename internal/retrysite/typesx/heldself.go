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
//
// Retries that are no loop re-enter fn the same way, and their calls are
// returned too, each with a stand-in literal for what runs before fn
// again: a call of a function literal that calls fn (go func() {
// time.Sleep(d); c.connect() }()), time.AfterFunc(d, f) where f is fn or
// such a literal (the operation scheduled again: Scheduled), and, with
// decl, a call of another function of the package whose body calls or
// schedules fn (send -> retryRequest -> send: its declaration), when
// decl gives that function's declaration as one on the way back to fn.
// Whether the call is made on a failure path is the caller's question.
func HeldSelfCalls(info *types.Info, body *ast.BlockStmt, fn *types.Func, decl func(via, fn *types.Func) *ast.FuncDecl) map[*ast.CallExpr]*ast.FuncLit {
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
	// Written again, or its address taken: not the one literal.
	ast.Inspect(body, func(n ast.Node) bool {
		if len(held) == 0 {
			return false // nothing to spoil
		}
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
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
			if o := info.Uses[id]; held[o] != nil && !bad[o] {
				res[c] = held[o]
				return true
			}
		}
		if lit := Scheduled(info, c, fn); lit != nil {
			res[c] = lit
		} else if g := Callee(info, c); decl != nil && g != nil {
			// fn itself, called from the attempt its timer runs
			// (retrysite's timerAttempt): fn's body arms the timer.
			if d := decl(g.Origin(), fn); d != nil && d.Body != body {
				res[c] = &ast.FuncLit{Type: d.Type, Body: d.Body}
			}
		}
		return true
	})
	if len(res) == 0 {
		return nil
	}
	return res
}

// Scheduled returns the literal that c runs and that calls fn: c calls
// a function literal that calls fn, or c is time.AfterFunc(d, f) and f
// is such a literal or fn itself (then a stand-in literal calling f).
func Scheduled(info *types.Info, c *ast.CallExpr, fn *types.Func) *ast.FuncLit {
	f := c.Fun
	if IsAfterFunc(info, c) {
		f = c.Args[1]
	}
	switch x := ast.Unparen(f).(type) {
	case *ast.FuncLit:
		if CallsFunc(info, x.Body, fn) {
			return x
		}
	case *ast.Ident, *ast.SelectorExpr:
		call := &ast.CallExpr{Fun: x}
		if f != c.Fun && CallsFunc(info, call, fn) {
			return &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: call}}}}
		}
	}
	return nil
}

// IsAfterFunc reports whether c is time.AfterFunc(d, f).
func IsAfterFunc(info *types.Info, c *ast.CallExpr) bool {
	g := Callee(info, c)
	return g != nil && g.Pkg() != nil && g.Pkg().Path() == "time" && g.Name() == "AfterFunc" && len(c.Args) == 2
}

// Reentries returns the calls in body (outside function literals) that
// call fn or schedule it (Scheduled).
func Reentries(info *types.Info, body ast.Node, fn *types.Func) []*ast.CallExpr {
	res := CallsOf(info, body, fn)
	InspectNoLits(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && Scheduled(info, c, fn) != nil {
			res = append(res, c)
		}
		return true
	})
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
