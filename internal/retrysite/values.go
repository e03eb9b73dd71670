package retrysite

import (
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
)

// This file resolves a field, package variable or func value to what the
// whole package gives it, from the value index (values_index.go). The
// evaluator (eval.go), the wait interpreter (waits_num.go) and the bound
// computation (loops.go) call it where they meet a field or package
// variable they cannot otherwise see. The policy over several reaching
// values is in doc.go ("Values set elsewhere in the package").

// maxReaching is the most distinct values of one object the model reasons
// over; past it, the object is unknown.
const maxReaching = 6

// indexedVar reports whether v is a field or package variable of the
// analysed package.
func (m *model) indexedVar(v *types.Var) bool {
	return v != nil && v.Pkg() == m.pkg && (v.IsField() || v.Parent() == m.pkg.Scope())
}

// reaching returns the writes of v that reach its readers: every write,
// less the zero placeholders of a field the package defaults (see
// values_index.go). ok is false when some write cannot be known.
func (m *model) reaching(v *types.Var) (ws []valueWrite, ok bool) {
	vx := m.valueIndexOf()
	all := vx.writes[v]
	for _, w := range all {
		if w.x == nil && !w.zero {
			return nil, false
		}
		if w.zero && (w.omitted && v.Exported() || m.placeholder(v, w, all)) {
			continue
		}
		ws = append(ws, w)
	}
	return ws, true
}

// placeholder reports whether a zero write of v stands for a default
// set elsewhere: the same function writes v, or calls the function that
// does (c.setDefaults(), withRetries(3)), or the package writes v under a
// test of its zero value.
func (m *model) placeholder(v *types.Var, z valueWrite, all []valueWrite) bool {
	if m.vx.guarded[v] {
		return true
	}
	if z.decl == nil {
		return false
	}
	for _, w := range all {
		if w.zero || w.decl == nil {
			continue
		}
		if w.decl == z.decl || m.calls(z.decl, w.decl) {
			return true
		}
	}
	return false
}

// calls reports whether function decl calls the function of callee
// directly: a constructor that calls setDefaults() or applies
// withRetries(3) after building its literal.
func (m *model) calls(decl, callee *ast.FuncDecl) bool {
	fn, _ := m.info.Defs[callee.Name].(*types.Func)
	if fn == nil || decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && typeutilCallee(m.info, call) == fn {
			found = true
		}
		return !found
	})
	return found
}

// intValues returns the distinct integer values the package gives v, in
// the order of their first write, with the expression of that write (nil
// for a zero value). ok is false when v is not an integer, when a
// reaching write cannot be computed, or when v has no write at all.
func (m *model) intValues(v *types.Var) (vals []int64, at []ast.Expr, ok bool) {
	if !m.indexedVar(v) || !wIsInteger(v.Type()) {
		return nil, nil, false
	}
	vx := m.valueIndexOf()
	if r, ok := vx.ints[v]; ok {
		return r.vals, r.at, r.ok
	}
	if vx.resolving[v] {
		return nil, nil, false
	}
	if len(vx.resolving) == 0 {
		// Cache what is resolved from the top: below it, a cycle
		// may cut a resolution short.
		defer func() { vx.ints[v] = intsResult{vals, at, ok} }()
	}
	vx.resolving[v] = true
	defer delete(vx.resolving, v)
	ws, ok := m.reaching(v)
	if !ok || len(ws) == 0 {
		return nil, nil, false
	}
	for _, w := range ws {
		var i int64
		if !w.zero {
			if i, ok = m.writeInt(w.x); !ok {
				return nil, nil, false
			}
		}
		dup := false
		for _, j := range vals {
			dup = dup || i == j
		}
		if !dup {
			vals = append(vals, i)
			at = append(at, w.x)
		}
	}
	if len(vals) > maxReaching {
		return nil, nil, false
	}
	return vals, at, true
}

// writeInt computes the integer a write gives: a constant, another field
// or package variable with one value, a conversion or arithmetic of
// those. A parameter, a call or anything else is unknown: a field set
// from an exported constructor's parameter is set by the user.
func (m *model) writeInt(x ast.Expr) (int64, bool) {
	x = ast.Unparen(x)
	if tv, ok := m.info.Types[x]; ok && tv.Value != nil {
		c := constant.ToInt(tv.Value)
		if c.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(c)
	}
	var v *types.Var
	switch x := x.(type) {
	case *ast.Ident:
		v, _ = m.info.Uses[x].(*types.Var)
	case *ast.SelectorExpr:
		v, _ = m.info.Uses[x.Sel].(*types.Var)
	case *ast.CallExpr:
		if tv, ok := m.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 && wIsInteger(tv.Type) {
			return m.writeInt(x.Args[0])
		}
		return 0, false
	case *ast.BinaryExpr:
		a, ok1 := m.writeInt(x.X)
		b, ok2 := m.writeInt(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case token.ADD:
			return a + b, true
		case token.SUB:
			return a - b, true
		case token.MUL:
			return a * b, true
		case token.QUO:
			if b != 0 {
				return a / b, true
			}
		}
		return 0, false
	}
	if v == nil {
		return 0, false
	}
	if !m.indexedVar(v) {
		return m.localInt(v)
	}
	vals, _, ok := m.intValues(v)
	if !ok || len(vals) != 1 {
		return 0, false
	}
	return vals[0], true
}

// localInt computes the one value of a local variable or parameter that a
// write reads: a local defined once and never addressed, or a parameter
// of an unexported function the package only calls, when every call
// passes the same value (newClient(30)). A parameter of an exported
// function is set by the user: unknown.
func (m *model) localInt(v *types.Var) (int64, bool) {
	vx := m.valueIndexOf()
	if vx.resolving[v] {
		return 0, false
	}
	vx.resolving[v] = true
	defer delete(vx.resolving, v)
	if d := m.varDefOf(v); d != nil && d.single() && !d.mutated {
		if _, multi := m.info.TypeOf(d.rhs).(*types.Tuple); !multi {
			return m.writeInt(d.rhs)
		}
	}
	p, ok := vx.paramOf(m)[v]
	if !ok || p.fn.Exported() || vx.escapes[p.fn] {
		return 0, false
	}
	calls := vx.calls[p.fn]
	if len(calls) == 0 {
		return 0, false
	}
	var val int64
	for i, c := range calls {
		if p.i >= len(c.Args) || c.Ellipsis.IsValid() {
			return 0, false
		}
		x, ok := m.writeInt(c.Args[p.i])
		if !ok || i > 0 && x != val {
			return 0, false
		}
		val = x
	}
	return val, true
}

// indexedInt is the evaluator's view of an integer field or package
// variable: its one value, or the value fixed by pick. An object with
// several values is remembered (multi) so that the bound can be computed
// over each of them; the evaluator sees it as unknown.
func (m *model) indexedInt(v *types.Var) (value, bool) {
	if !m.indexedVar(v) || !wIsInteger(v.Type()) {
		return value{}, false
	}
	vx := m.valueIndexOf()
	if i, ok := vx.pick[v]; ok {
		return intVal(i), true
	}
	vals, _, ok := m.intValues(v)
	switch {
	case !ok:
		return value{}, false
	case len(vals) == 1:
		if n := len(vx.used); vx.recording && (n == 0 || vx.used[n-1] != v) {
			vx.used = append(vx.used, v)
		}
		return intVal(vals[0]), true
	}
	if n := len(vx.multi); vx.recording && (n == 0 || vx.multi[n-1] != v) {
		vx.multi = append(vx.multi, v)
	}
	return value{}, false
}

// boundOverValues computes a bound with once, and when it is unknown
// because a field or variable it reads has several values, once per
// value: the bound is then each value's bound (Bound.Alts), and the
// site's context decides which applies (chooseBound). A known bound set
// by one field or variable points at the write that sets it (Expr).
func (m *model) boundOverValues(once func() Bound) Bound {
	if m.vx == nil {
		m.vx = &valueIndex{} // built on first use (valueIndexOf)
	}
	vx := m.vx
	if vx.recording || vx.pick != nil {
		return once() // a helper's bound inside another's: not nested
	}
	vx.recording = true
	b := once()
	vx.recording = false
	used, multi := vx.used, vx.multi
	vx.used, vx.multi = vx.used[:0], vx.multi[:0]
	if b.Kind == BoundKnown && b.Expr == nil && len(used) > 0 {
		// The write that sets the bound is the one whose change changes
		// the count; a few objects are tried, in the order read.
		var tried []*types.Var
		for _, u := range used {
			if len(tried) == 3 || b.Expr != nil {
				break
			}
			if slices.Contains(tried, u) {
				continue
			}
			tried = append(tried, u)
			if vals, at, ok := m.intValues(u); ok && len(vals) == 1 {
				vx.pick = map[*types.Var]int64{u: vals[0] + 1}
				if a := once(); a.Kind == BoundKnown && a.Retries != b.Retries {
					b.Expr = at[0]
				}
				vx.pick = nil
			}
		}
	}
	if b.Kind != BoundUnknown || len(multi) == 0 {
		return b
	}
	v := multi[0]
	for _, w := range multi {
		if w != v {
			return b // two objects with several values: not followed
		}
	}
	vals, at, ok := m.intValues(v)
	if !ok {
		return b
	}
	var alts []Bound
	vx.pick = map[*types.Var]int64{}
	for i, val := range vals {
		vx.pick[v] = val
		a := once()
		if a.Kind == BoundUnknown {
			alts = nil
			break
		}
		a.Expr = at[i]
		alts = append(alts, a)
	}
	vx.pick = nil
	if len(alts) == 0 {
		return b
	}
	b.Alts = alts
	return b
}

// chooseBound settles a bound with several reaching values once the
// site's context is known. When every value breaks R-2, the first value
// written is the bound (the finding names it); when every value complies,
// the largest count is (the site does retry, for ); when
// only some break, the bound stays unknown and the rules stay silent, as
// they were before values were followed.
func chooseBound(s *Site, opts *report.Options) {
	alts := s.Bound.Alts
	if len(alts) == 0 {
		return
	}
	lim := opts.Limits(s.Context)
	var ok, bad int
	best := -1
	for i, a := range alts {
		if a.Kind == BoundKnown && (a.Retries == 0 || lim.Retries.Contains(a.Retries)) {
			ok++
			if best < 0 || a.Retries > alts[best].Retries {
				best = i
			}
		} else {
			bad++
		}
	}
	switch {
	case ok == 0:
		s.Bound = alts[0]
	case bad == 0:
		s.Bound = alts[best]
	default:
		s.Bound = Bound{Kind: BoundUnknown}
	}
}

// indexedFunc resolves a call of a func-typed field or package variable
// to the one function the package stores in it: a function literal or a
// function or method of the package. ok is false when it has several,
// or a value the model cannot see (a parameter, a call's result).
func (m *model) indexedFunc(fun ast.Expr) (body *ast.BlockStmt, ft *ast.FuncType, lit *ast.FuncLit, ok bool) {
	var v *types.Var
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		v, _ = m.info.Uses[f].(*types.Var)
	case *ast.SelectorExpr:
		v, _ = m.info.Uses[f.Sel].(*types.Var)
	}
	if v != nil && v.Pkg() == m.pkg && !m.indexedVar(v) {
		// A parameter every call gives the same function (funcvals.go).
		if ts, ok := m.funcTargets(fun); ok && len(ts) == 1 {
			return ts[0].body, ts[0].ft, ts[0].lit, true
		}
	}
	if !m.indexedVar(v) {
		return nil, nil, nil, false
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil, nil, nil, false
	}
	ws, ok := m.reaching(v)
	if !ok {
		return nil, nil, nil, false
	}
	var target ast.Node
	for _, w := range ws {
		if w.zero {
			continue // calling a nil func panics: not a wait
		}
		var t ast.Node
		switch x := ast.Unparen(w.x).(type) {
		case *ast.FuncLit:
			t = x
		case *ast.Ident:
			if fn, ok := m.info.Uses[x].(*types.Func); ok {
				t = m.funcDecl(fn)
			}
		case *ast.SelectorExpr:
			if fn, ok := m.info.Uses[x.Sel].(*types.Func); ok {
				t = m.funcDecl(fn)
			}
		}
		if t == nil || target != nil && t != target {
			return nil, nil, nil, false
		}
		target = t
	}
	switch t := target.(type) {
	case *ast.FuncLit:
		return t.Body, t.Type, t, true
	case *ast.FuncDecl:
		if t.Body != nil {
			return t.Body, t.Type, nil, true
		}
	}
	return nil, nil, nil, false
}
