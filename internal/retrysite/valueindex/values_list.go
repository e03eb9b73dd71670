package valueindex

import (
	"go/ast"
	"go/types"
)

// Status lists kept in slice fields: `for _, code := range c.retryOnStatus
// { if res.StatusCode == code { retry = true } }`, with c.retryOnStatus
// copied in New from a Config field the package defaults to a package
// array (cfg.RetryOnStatus = defaultRetryOnStatus[:]). intList resolves
// such a list through the value index (values_index.go) under the values
// policy (doc.go): every reaching write must give the same list of
// integer constants (a literal, a slice of an indexed array, another
// indexed list); anything else (a parameter, a call, an append) leaves it
// unknown. The evaluator then ranges over the list's elements
// (funcinfo.go rangeLength, sim.go takeRange).

// intList returns the integer constants x holds, when they are known.
func (m *model) intList(x ast.Expr) ([]int64, bool) {
	return m.intListDepth(x, 0)
}

func (m *model) intListDepth(x ast.Expr, depth int) ([]int64, bool) {
	if depth > 4 {
		return nil, false
	}
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.CompositeLit:
		t := m.info.TypeOf(x)
		if t == nil {
			return nil, false
		}
		switch u := t.Underlying().(type) {
		case *types.Slice:
			if !wIsInteger(u.Elem()) {
				return nil, false
			}
		case *types.Array:
			if !wIsInteger(u.Elem()) || u.Len() != int64(len(x.Elts)) {
				return nil, false
			}
		default:
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
		return m.intListDepth(x.X, depth+1)
	case *ast.Ident, *ast.SelectorExpr:
		v := varOfExpr(m.info, x)
		if sel, ok := x.(*ast.SelectorExpr); ok {
			v, _ = m.info.Uses[sel.Sel].(*types.Var)
		}
		if v == nil || !m.IndexedVar(v) {
			return nil, false
		}
		vx := m.ValueIndexOf()
		if vx.resolving[v] {
			return nil, false
		}
		vx.resolving[v] = true
		defer delete(vx.resolving, v)
		ws, ok := m.ReachingWrites(v)
		if !ok || len(ws) == 0 {
			return nil, false
		}
		var got []int64
		for k, w := range ws {
			if w.Zero {
				return nil, false
			}
			l, ok := m.intListDepth(w.X, depth+1)
			if !ok || k > 0 && !equalInts(l, got) {
				return nil, false
			}
			got = l
		}
		return got, true
	}
	return nil, false
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// rangeList is the list a range statement ranges over, when known.
func (m *model) rangeList(r *ast.RangeStmt) ([]int64, bool) {
	t := m.info.TypeOf(r.X)
	if t == nil {
		return nil, false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		if !wIsInteger(u.Elem()) {
			return nil, false
		}
	case *types.Array:
		if !wIsInteger(u.Elem()) {
			return nil, false
		}
	default:
		return nil, false
	}
	return m.intList(r.X)
}
