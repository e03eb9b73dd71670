package notretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file holds a rule learnt from a wrong finding on a module outside
// the corpus: failover over a list through a rotating index.
//
// A counted loop whose condition bounds its counter by the length of a
// slice field of a value (i < len(s.addrs), or i < s.Size() where Size is
// a method of the package whose body is return len(recv.addrs)), and
// whose operation is given (as an argument or through its receiver) the
// result of a method of the package, called on the same value, that
// indexes that same field with a field of its receiver it also assigns
// (addr := recv.addrs[recv.next%len(recv.addrs)]; recv.next = ...), tries
// each endpoint of the list once: failover, not a retry. So does a
// counted loop that steps a local its operation takes as an argument to
// the next of as many alternatives as the loop counts, x = (x + 1) % n
// with i < n (stepsArgModulo). The bound may be a local set from the
// length before the loop (n := len(c.addrs); if n == 0 { n = 1 }; for
// n > 0 { addr := c.nextAddr(); dial(addr); n-- }: countFrom), and the
// endpoint a local the loop's body sets from the method. A loop bounded by
// a number, or an endpoint method that does not move its index, stays a
// retry.

// RotatesOverList reports whether loop is such a failover for g.
func (m *Rules) RotatesOverList(loop ast.Stmt, g *Group) bool {
	fs, ok := loop.(*ast.ForStmt)
	if !ok || fs.Cond == nil || len(g.Calls) == 0 {
		return false
	}
	cond, ok := ast.Unparen(fs.Cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	var bound ast.Expr
	switch cond.Op {
	case token.LSS, token.LEQ:
		bound = cond.Y
	case token.GTR, token.GEQ:
		bound = cond.X
	default:
		return false
	}
	if m.stepsArgModulo(fs.Body, g.Calls[0], bound) {
		return true
	}
	root, field := m.lenOfField(m.countFrom(fs, bound))
	if root == nil {
		return false
	}
	call := g.Calls[0]
	exprs := append([]ast.Expr{}, call.Args...)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		exprs = append(exprs, sel.X)
	}
	// addr := c.nextAddr(); dial(addr): the argument's one definition
	// in the loop's body.
	for _, a := range call.Args {
		if v := m.host.LocalVar(a); v != nil {
			if d := typesx.SoleAssigned(m.info, fs.Body, v); d != nil {
				exprs = append(exprs, d)
			}
		}
	}
	found := false
	for _, x := range exprs {
		typesx.InspectNoLitsUntil(&found, x, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				decl, r := m.sameValueMethod(c, root)
				found = decl != nil && rotatesIndex(m.info, decl, r, field)
			}
			return !found
		})
	}
	return found
}

// lenOfField returns the variable and the slice field of len(v.f), or of
// v.M() where M is a method of the package whose body is return
// len(recv.f).
func (m *Rules) lenOfField(x ast.Expr) (*types.Var, *types.Var) {
	c, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	if typesx.IsLenCall(m.info, c) {
		return m.varField(c.Args[0], nil)
	}
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok || len(c.Args) != 0 {
		return nil, nil
	}
	root := m.host.LocalVar(sel.X)
	if root == nil {
		return nil, nil
	}
	decl, r := m.sameValueMethod(c, root)
	if decl == nil || len(decl.Body.List) != 1 {
		return nil, nil
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, nil
	}
	lc, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok || !typesx.IsLenCall(m.info, lc) {
		return nil, nil
	}
	if _, f := m.varField(lc.Args[0], r); f != nil {
		return root, f
	}
	return nil, nil
}

// varField returns v and f for an expression v.f where f is a slice
// field; if want is not nil, v must be want.
func (m *Rules) varField(x ast.Expr, want *types.Var) (*types.Var, *types.Var) {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	v, ok := m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
	if !ok || (want != nil && v != want) {
		return nil, nil
	}
	f, ok := m.info.Uses[sel.Sel].(*types.Var)
	if !ok || !f.IsField() {
		return nil, nil
	}
	if _, isSlice := f.Type().Underlying().(*types.Slice); !isSlice {
		return nil, nil
	}
	return v, f
}

// sameValueMethod returns the declaration and receiver variable of the
// method of the package that c calls on the variable root (root.M()).
func (m *Rules) sameValueMethod(c *ast.CallExpr, root *types.Var) (*ast.FuncDecl, *types.Var) {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || m.info.Uses[id] != types.Object(root) {
		return nil, nil
	}
	fn, ok := m.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() != m.pkg {
		return nil, nil
	}
	decl := m.host.FuncDecl(fn)
	if decl == nil || decl.Body == nil || typesx.RecvVar(m.info, decl) == nil {
		return nil, nil
	}
	return decl, typesx.RecvVar(m.info, decl)
}

// rotatesIndex reports whether decl's body indexes recv.field with an
// expression that reads another field of recv, and assigns that field.
func rotatesIndex(info *types.Info, decl *ast.FuncDecl, recv, field *types.Var) bool {
	recvField := func(x ast.Expr) *types.Var {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || info.Uses[id] != types.Object(recv) {
			return nil
		}
		f, _ := info.Uses[sel.Sel].(*types.Var)
		return f
	}
	indices := make(map[*types.Var]bool)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok || recvField(ix.X) != field {
			return true
		}
		ast.Inspect(ix.Index, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok {
				if f := recvField(x); f != nil && f != field {
					indices[f] = true
				}
			}
			return true
		})
		return true
	})
	if len(indices) == 0 {
		return false
	}
	moved := false
	return typesx.InspectUntil(&moved, decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			moved = slices.ContainsFunc(n.Lhs, func(l ast.Expr) bool { return indices[recvField(l)] })
		case *ast.IncDecStmt:
			moved = indices[recvField(n.X)]
		}
		return true
	})
}

// stepsArgModulo reports whether body steps a local the operation's call
// takes as an argument to the next of bound alternatives,
// `x = (x + 1) % bound`, where bound is also the loop's: the loop tries
// each alternative (an API version, an endpoint number) once, a failover
// (k8s dynamic-resource-allocation's callSequence.run on "not found").
func (m *Rules) stepsArgModulo(body *ast.BlockStmt, call *ast.CallExpr, bound ast.Expr) bool {
	args := make(map[*types.Var]bool)
	for _, a := range call.Args {
		if v, ok := m.info.Uses[typesx.IdentOf(a)].(*types.Var); ok {
			args[v] = true
		}
	}
	if len(args) == 0 {
		return false
	}
	found := false
	return typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		v, ok := m.info.Uses[typesx.IdentOf(as.Lhs[0])].(*types.Var)
		if !ok || !args[v] {
			return true
		}
		rem, ok := ast.Unparen(as.Rhs[0]).(*ast.BinaryExpr)
		if !ok || rem.Op != token.REM || types.ExprString(rem.Y) != types.ExprString(bound) {
			return true
		}
		add, ok := ast.Unparen(rem.X).(*ast.BinaryExpr)
		if !ok || add.Op != token.ADD {
			return true
		}
		x, ok := ast.Unparen(add.X).(*ast.Ident)
		found = ok && m.info.Uses[x] == v
		return !found
	})
}

// countFrom returns the len(...) call the local count x is set from
// before loop, when its other writes are constants (if n == 0 { n = 1 })
// or the loop's own steps (n--, i++); else x.
func (m *Rules) countFrom(loop *ast.ForStmt, x ast.Expr) ast.Expr {
	v := m.host.LocalVar(x)
	decl := m.host.DeclAt(loop.Pos())
	if v == nil || decl == nil || decl.Body == nil {
		return x
	}
	var from ast.Expr
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if m.host.LocalVar(l) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Pos() >= loop.Pos() {
					ok = false
					return false
				}
				r := ast.Unparen(n.Rhs[i])
				if tv, isC := m.info.Types[r]; isC && tv.Value != nil {
					continue
				}
				if from != nil {
					ok = false
					return false
				}
				from = r
			}
		case *ast.IncDecStmt:
			ok = !(m.host.LocalVar(n.X) == v && (n.Pos() < loop.Body.Pos() || n.End() > loop.Body.End()) && n != loop.Post)
		case *ast.ValueSpec:
			ok = !slices.ContainsFunc(n.Names, func(name *ast.Ident) bool { return m.info.Defs[name] == v && len(n.Values) > 0 })
		}
		return true
	})
	if !ok || from == nil {
		return x
	}
	return from
}
