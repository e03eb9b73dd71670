package valueindex

import (
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"go/ast"
	"go/token"
	"go/types"
)

// This file reads a range over a retry iterator of the package: `for range
// c.newRetryTimer(ctx, n, ...) { ... }`, where the function returns an
// iter.Seq whose literal yields once per iteration of a range over one of
// its parameters (for i := range maxRetry { if !yield(i) { return };
// <wait> }). The range then runs at most that many iterations: the
// argument the call gives the parameter, computed like any other value
// (a constant, a local set once from a field, the package's default).

// iterLength returns the number of iterations of a range over such an
// iterator, and the defaults that number comes from.
func (m *model) iterLength(x ast.Expr) (int64, []defaultNote, bool) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return 0, nil, false
	}
	fn := typeutilCallee(m.info, call)
	if fn == nil || fn.Pkg() != m.pkg {
		return 0, nil, false
	}
	d := m.FuncDecl(fn)
	if d == nil || d.Body == nil {
		return 0, nil, false
	}
	lit := soleReturnedLit(d.Body)
	if lit == nil || lit.Type.Params == nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 {
		return 0, nil, false
	}
	yield, _ := m.info.Defs[lit.Type.Params.List[0].Names[0]].(*types.Var)
	if yield == nil {
		return 0, nil, false
	}
	if sig, ok := yield.Type().Underlying().(*types.Signature); !ok || sig.Results().Len() != 1 {
		return 0, nil, false
	}
	// The one call of yield, as `if !yield(..) { return }` directly in
	// the body of a range over a parameter of the function, with no
	// other loop around it.
	var calls []*ast.CallExpr
	var loops []ast.Stmt
	var rng *ast.RangeStmt
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			loops = append(loops, n)
		case *ast.RangeStmt:
			loops = append(loops, n)
			rng = n
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && m.info.Uses[id] == yield {
				calls = append(calls, n)
			}
		case *ast.Ident:
			if m.info.Uses[n] == yield && !isCallFun(calls, n) {
				// yield passed on or stored: its calls are not all seen.
				calls = append(calls, nil, nil)
			}
		}
		return true
	})
	if len(calls) != 1 || len(loops) != 1 || rng == nil || !yieldsOrReturns(m.info, rng.Body, calls[0]) {
		return 0, nil, false
	}
	p, ok := ast.Unparen(rng.X).(*ast.Ident)
	if !ok {
		return 0, nil, false
	}
	pv, _ := m.info.Uses[p].(*types.Var)
	ref, ok := m.ValueIndexOf().paramOf(m)[pv]
	if !ok || ref.fn != fn.Origin() || ref.i >= len(call.Args) || call.Ellipsis.IsValid() {
		return 0, nil, false
	}
	if b, ok := pv.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return 0, nil, false
	}
	if m.assignedIn(d.Body, pv) {
		return 0, nil, false
	}
	var n int64
	notes := m.CollectDefaultNotes(func() {
		if n, ok = m.intValue(call.Args[ref.i]); !ok {
			n, ok = m.localMaxInt(call.Args[ref.i])
		}
	})
	if !ok || n < 0 {
		return 0, nil, false
	}
	return n, notes, true
}

// localMaxInt returns the largest value of a local variable set more than
// once, when every write of it is a plain assignment of a value the model
// computes: reqRetry := c.maxRetries; if !retryable { reqRetry = 1 }. The
// iterator runs at most that many times, whichever write reached it. A
// parameter, an op-assignment (n++, n += k), a range over it, a multi-value
// assignment or an address taken makes it unknown.
func (m *model) localMaxInt(x ast.Expr) (int64, bool) {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, ok := m.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == m.pkg.Scope() || v.IsField() {
		return 0, false
	}
	if _, isParam := m.ValueIndexOf().paramOf(m)[v]; isParam {
		return 0, false
	}
	f := typesx.FileOf(m.pass.Files, v.Pos())
	if f == nil {
		return 0, false
	}
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && (m.info.Defs[id] == v || m.info.Uses[id] == v)
	}
	var rhs []ast.Expr
	bad := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !is(l) {
					continue
				}
				if (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) || len(n.Lhs) != len(n.Rhs) {
					bad = true
					continue
				}
				rhs = append(rhs, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if m.info.Defs[name] != v {
					continue
				}
				if len(n.Values) != len(n.Names) {
					bad = true // var n int, or a multi-value spec
					continue
				}
				rhs = append(rhs, n.Values[i])
			}
		case *ast.IncDecStmt:
			bad = bad || is(n.X)
		case *ast.RangeStmt:
			bad = bad || (n.Key != nil && is(n.Key)) || (n.Value != nil && is(n.Value))
		case *ast.UnaryExpr:
			bad = bad || (n.Op == token.AND && is(n.X))
		}
		return !bad
	})
	if bad || len(rhs) < 2 {
		return 0, false
	}
	var most int64
	for i, r := range rhs {
		n, ok := m.intValue(r)
		if !ok {
			return 0, false
		}
		if i == 0 || n > most {
			most = n
		}
	}
	return most, true
}

// soleReturnedLit returns the function literal a body returns when its
// only return statement (outside nested literals) returns one.
func soleReturnedLit(body *ast.BlockStmt) *ast.FuncLit {
	var rets []*ast.ReturnStmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			rets = append(rets, n)
		}
		return true
	})
	if len(rets) != 1 || len(rets[0].Results) != 1 {
		return nil
	}
	lit, _ := ast.Unparen(rets[0].Results[0]).(*ast.FuncLit)
	return lit
}

// isCallFun reports whether id is the function of one of calls.
func isCallFun(calls []*ast.CallExpr, id *ast.Ident) bool {
	for _, c := range calls {
		if c != nil && ast.Unparen(c.Fun) == id {
			return true
		}
	}
	return false
}

// yieldsOrReturns reports whether body holds, as one of its statements,
// `if !yield(..) { return }`.
func yieldsOrReturns(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	for _, st := range body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
			continue
		}
		u, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT || ast.Unparen(u.X) != call {
			continue
		}
		if r, ok := ifs.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 0 {
			return true
		}
	}
	return false
}

// assignedIn reports whether body assigns v or takes its address.
func (m *model) assignedIn(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && (m.info.Uses[id] == v || m.info.Defs[id] == v)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		}
		return !found
	})
	return found
}
