package rangelen

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
)

// Ranges answers the interpreter's questions on ranges (interp.Ranges)
// from one package's value index.
type Ranges struct {
	ix *valueindex.Index
	// lists caches ListLiteral (lists.go).
	lists map[*types.Var]listLiteral
}

// New returns the ranges of the package ix indexes.
func New(ix *valueindex.Index) Ranges {
	return Ranges{ix: ix, lists: make(map[*types.Var]listLiteral)}
}

// RangeList returns the list of integers rs ranges over, when known.
func (r Ranges) RangeList(rs *ast.RangeStmt) ([]int64, bool) {
	if _, ok := intElems(r.ix.Info().TypeOf(rs.X)); !ok {
		return nil, false
	}
	return intList(r.ix, rs.X, 0)
}

// intList returns the integer constants x holds, when they are known.
func intList(m *valueindex.Index, x ast.Expr, depth int) ([]int64, bool) {
	if depth > 4 {
		return nil, false
	}
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.CompositeLit:
		n, ok := intElems(m.Info().TypeOf(x))
		if !ok || n >= 0 && n != int64(len(x.Elts)) {
			return nil, false
		}
		out := make([]int64, 0, len(x.Elts))
		for _, e := range x.Elts {
			if _, ok := e.(*ast.KeyValueExpr); ok {
				return nil, false
			}
			i, ok := m.WriteInt(e)
			if !ok {
				return nil, false
			}
			out = append(out, i)
		}
		return out, true
	case *ast.SliceExpr:
		if x.Low != nil || x.High != nil || x.Max != nil {
			return nil, false
		}
		return intList(m, x.X, depth+1)
	case *ast.Ident, *ast.SelectorExpr:
		v, _ := m.Info().Uses[typesx.NameIdent(x)].(*types.Var)
		if v == nil || !m.IndexedVar(v) {
			return nil, false
		}
		vx := m.ValueIndexOf()
		if vx.Resolving[v] {
			return nil, false
		}
		vx.Resolving[v] = true
		defer delete(vx.Resolving, v)
		ws, ok := m.ReachingWrites(v)
		if !ok || len(ws) == 0 {
			return nil, false
		}
		var got []int64
		for k, w := range ws {
			if w.Zero {
				return nil, false
			}
			l, ok := intList(m, w.X, depth+1)
			if !ok || k > 0 && !slices.Equal(l, got) {
				return nil, false
			}
			got = l
		}
		return got, true
	}
	return nil, false
}

// intElems reports whether t is a slice or an array of integers, with an
// array's length (-1 for a slice).
func intElems(t types.Type) (int64, bool) {
	if t == nil {
		return 0, false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return -1, typesx.IsInteger(u.Elem())
	case *types.Array:
		return u.Len(), typesx.IsInteger(u.Elem())
	}
	return 0, false
}

// IterLength returns the number of iterations of a range over a retry
// iterator of the package (range retries(n)), and the defaults that
// number comes from.
func (r Ranges) IterLength(x ast.Expr) (int64, []interp.DefaultNote, bool) {
	m := r.ix
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return 0, nil, false
	}
	fn := typesx.Callee(m.Info(), call)
	if fn == nil || fn.Pkg() != m.Pkg() {
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
	yield, _ := m.Info().Defs[lit.Type.Params.List[0].Names[0]].(*types.Var)
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
	typesx.InspectNoLits(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			loops = append(loops, n)
		case *ast.RangeStmt:
			loops = append(loops, n)
			rng = n
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && m.Info().Uses[id] == yield {
				calls = append(calls, n)
			}
		case *ast.Ident:
			if m.Info().Uses[n] == yield && !isCallFun(calls, n) {
				// yield passed on or stored: its calls are not all seen.
				calls = append(calls, nil, nil)
			}
		}
		return true
	})
	if len(calls) != 1 || len(loops) != 1 || rng == nil || !yieldsOrReturns(m.Info(), rng.Body, calls[0]) {
		return 0, nil, false
	}
	p, ok := ast.Unparen(rng.X).(*ast.Ident)
	if !ok {
		return 0, nil, false
	}
	pv, _ := m.Info().Uses[p].(*types.Var)
	ref, ok := m.ValueIndexOf().ParamOf(m)[pv]
	if !ok || ref.Fn != fn.Origin() || ref.I >= len(call.Args) || call.Ellipsis.IsValid() {
		return 0, nil, false
	}
	if !typesx.IsInteger(pv.Type()) {
		return 0, nil, false
	}
	if assignedIn(m, d.Body, pv) {
		return 0, nil, false
	}
	var n int64
	notes := m.CollectDefaultNotes(func() {
		if n, ok = m.Host().IntValue(call.Args[ref.I]); !ok {
			n, ok = localMaxInt(m, call.Args[ref.I])
		}
	})
	if !ok || n < 0 {
		return 0, nil, false
	}
	var res []interp.DefaultNote
	for _, note := range notes {
		res = append(res, note)
	}
	return n, res, true
}

// localMaxInt returns the largest value of a local variable set more than
// once, when every write of it is a plain assignment of a value the model
// computes: reqRetry := c.maxRetries; if !retryable { reqRetry = 1 }. The
// iterator runs at most that many times, whichever write reached it. A
// parameter, an op-assignment (n++, n += k), a range over it, a multi-value
// assignment or an address taken makes it unknown.
func localMaxInt(m *valueindex.Index, x ast.Expr) (int64, bool) {
	v, ok := m.Info().Uses[typesx.IdentOf(x)].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == m.Pkg().Scope() || v.IsField() {
		return 0, false
	}
	if _, isParam := m.ValueIndexOf().ParamOf(m)[v]; isParam {
		return 0, false
	}
	f := typesx.FileOf(m.Pass().Files, v.Pos())
	if f == nil {
		return 0, false
	}
	is := typesx.VarIs(m.Info(), v)
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
				if m.Info().Defs[name] != v {
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
		n, ok := m.Host().IntValue(r)
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
	rets := typesx.Returns(body)
	if len(rets) != 1 || len(rets[0].Results) != 1 {
		return nil
	}
	lit, _ := ast.Unparen(rets[0].Results[0]).(*ast.FuncLit)
	return lit
}

// isCallFun reports whether id is the function of one of calls.
func isCallFun(calls []*ast.CallExpr, id *ast.Ident) bool {
	return slices.ContainsFunc(calls, func(c *ast.CallExpr) bool { return c != nil && ast.Unparen(c.Fun) == id })
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
func assignedIn(m *valueindex.Index, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	is := typesx.VarIs(m.Info(), v)
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
