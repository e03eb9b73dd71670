package valueindex

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/offcount"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
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
func (m *Index) IndexedVar(v *types.Var) bool {
	return v != nil && v.Pkg() == m.pkg && (v.IsField() || v.Parent() == m.pkg.Scope())
}

// reaching returns the writes of v that reach its readers: every write,
// less the zero placeholders of a field the package defaults (see
// values_index.go). ok is false when some write cannot be known.
//
// A write of the user's value (userValue: a setter's or an option's
// argument, a field of an exported constructor's config argument) is not
// the package's: it is left out, and the values that remain are the
// defaults the package ships, which apply as long as the user does not
// change them. Such an object needs a written default: its zero writes
// (a literal that omits it, a variable declared without a value) are
// left out too, so that a field nobody defaults stays unknown. Only
// numbers, strings, bools, structs and lists of them are defaulted this
// way, and funcs whose every package write is the package's own and
// fully known (ownFunc); a backoff or a client the user gives may do
// anything, so such an object with a user write stays unknown.
func (m *Index) ReachingWrites(v *types.Var) (ws []ValueWrite, ok bool) {
	ws, _, ok = m.reachingDefaults(v)
	return ws, ok
}

// UserWritten reports whether the package writes the user's value to v,
// a field or package variable it indexes (a setter's or an option's
// argument), or a value it cannot see.
func (m *Index) UserWritten(v *types.Var) bool {
	_, user, ok := m.reachingDefaults(v)
	return !ok || user.X != nil
}

// reachingDefaults is reaching, with the first write of the user's value
// left out (user.x is nil when there is none).
func (m *Index) reachingDefaults(v *types.Var) (ws []ValueWrite, user ValueWrite, ok bool) {
	vx := m.ValueIndexOf()
	all := vx.Writes[v]
	plain := plainValue(v.Type())
	_, isFunc := v.Type().Underlying().(*types.Signature)
	for _, w := range all {
		if w.X == nil && !w.Zero {
			return nil, ValueWrite{}, false
		}
		if w.X != nil && !w.Zero && m.UserValue(w.X, 0) {
			if !plain && !isFunc {
				return nil, ValueWrite{}, false
			}
			if user.X == nil {
				user = w
			}
			// The package's own calls of the setter give values of
			// the package: r.MaxRetries(0) in the package is not the
			// user's.
			own, ok := m.SetterCalls(w.X)
			if !ok {
				return nil, ValueWrite{}, false
			}
			ws = append(ws, own...)
			ws = append(ws, m.localDefaults(w)...)
			continue
		}
		if w.Zero && (w.Omitted && v.Exported() || m.Placeholder(v, w, all)) {
			continue
		}
		ws = append(ws, w)
	}
	if user.X != nil {
		ws = slices.DeleteFunc(ws, func(w ValueWrite) bool { return w.Zero })
		if isFunc {
			// A func the user can change has a default only when every
			// func the package writes is its own and fully known.
			for _, w := range ws {
				if !m.ownFunc(w.X) {
					return nil, ValueWrite{}, false
				}
			}
		}
	}
	return ws, user, true
}

// ownFunc reports whether x, a func value the package writes, is the
// package's own and fully known: a function literal, a function or
// method of the package, or a call of a factory of the package
// (funcFactory) with constant arguments.
func (m *Index) ownFunc(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident, *ast.SelectorExpr:
		id := typesx.IdentOf(x)
		fn, ok := m.info.Uses[id].(*types.Func)
		if !ok || fn.Pkg() != m.pkg {
			return false
		}
		d := m.FuncDecl(fn)
		return d != nil && d.Body != nil
	case *ast.CallExpr:
		_, lit := m.FuncFactory(x)
		return lit != nil
	}
	return false
}

// funcFactory returns, for a call of a function of the package whose
// body is only `return func(...) {...}` and whose arguments are all
// constants (BackoffLinearWithJitter(50*time.Millisecond, 0.10)), the
// function's declaration and the literal it returns: the func value the
// call gives is the literal with the parameters bound to the constants.
// A method, a variadic call or a body that does more is no factory.
// A function literal called at once with no arguments, defining locals
// of its own and then returning its literal (a default-config literal's
// `f: func() func(int) time.Duration { rng := ...; return func(...) {...} }()`),
// is one too, with no declaration, when it reads no local of the
// function around it (a setting the user gives).
func (m *Index) FuncFactory(call *ast.CallExpr) (*ast.FuncDecl, *ast.FuncLit) {
	if iife, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return nil, m.iifeLit(call, iife)
	}
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() != m.pkg || call.Ellipsis.IsValid() {
		return nil, nil
	}
	if sig, _ := fn.Type().(*types.Signature); sig == nil || sig.Recv() != nil || sig.Variadic() {
		return nil, nil
	}
	d := m.FuncDecl(fn)
	lit, ok := onlyReturn(d).(*ast.FuncLit)
	if !ok {
		return nil, nil
	}
	for _, a := range call.Args {
		if !m.isConst(a) {
			return nil, nil
		}
	}
	return d, lit
}

// onlyReturn returns the one value d returns when its body is one return
// statement, or nil.
func onlyReturn(d *ast.FuncDecl) ast.Expr {
	if d == nil || d.Body == nil || len(d.Body.List) != 1 {
		return nil
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	return ast.Unparen(ret.Results[0])
}

// iifeLit returns the literal the immediately called literal iife
// returns as its last statement after only defining locals, when it
// takes no arguments and reads no local declared outside it.
func (m *Index) iifeLit(call *ast.CallExpr, iife *ast.FuncLit) *ast.FuncLit {
	list := iife.Body.List
	if len(call.Args) != 0 || len(list) == 0 {
		return nil
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit)
	for _, st := range list[:len(list)-1] {
		as, isAssign := st.(*ast.AssignStmt)
		_, isDecl := st.(*ast.DeclStmt)
		ok = ok && (isDecl || isAssign && as.Tok == token.DEFINE)
	}
	ast.Inspect(iife.Body, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && ok {
			v, isVar := m.info.Uses[id].(*types.Var)
			ok = !isVar || v.IsField() || v.Pkg() != nil && v.Parent() == v.Pkg().Scope() || v.Pos() >= iife.Pos() && v.Pos() < iife.End()
		}
		return ok
	})
	if !ok {
		return nil
	}
	return lit
}

// plainValue reports whether values of t are data the user can only
// choose, not behaviour: numbers, strings, bools, structs of them, and
// slices or arrays of numbers, strings or bools (a list of statuses).
func plainValue(t types.Type) bool {
	switch t := t.Underlying().(type) {
	case *types.Basic, *types.Struct:
		return true
	case *types.Slice, *types.Array:
		_, ok := t.(interface{ Elem() types.Type }).Elem().Underlying().(*types.Basic)
		return ok
	}
	return false
}

// localDefaults returns the package's own values that the function of w
// gives the user's value before writing it: in
//
//	func New(cfg Config) *Client {
//		if cfg.MaxRetries == 0 { cfg.MaxRetries = 3 }
//		return &Client{maxRetries: cfg.MaxRetries}
//	}
//
// the write of cfg.MaxRetries is the user's, and 3 is the default the
// package ships for it. Only assignments to the same parameter path
// (cfg.MaxRetries) above the write count, and only values that are not
// the user's themselves.
func (m *Index) localDefaults(w ValueWrite) []ValueWrite {
	if w.Decl == nil || w.Decl.Body == nil {
		return nil
	}
	root, path, ok := m.fieldPath(w.X)
	if !ok {
		return nil
	}
	same := func(x ast.Expr) bool {
		if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(call.Args) == 1 {
			if b, ok := m.info.Uses[typesx.IdentOf(call.Fun)].(*types.Builtin); ok && b.Name() == "len" {
				x = call.Args[0]
			}
		}
		r, p, ok := m.fieldPath(x)
		return ok && r == root && slices.Equal(p, path)
	}
	var ws []ValueWrite
	ast.Inspect(w.Decl.Body, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Pos() >= w.At || !m.unsetTest(is.Cond, same) {
			return true
		}
		for _, st := range is.Body.List {
			as, ok := st.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			for i, l := range as.Lhs {
				if same(l) && !m.UserValue(as.Rhs[i], 0) {
					ws = append(ws, ValueWrite{X: as.Rhs[i], Decl: w.Decl, At: as.Rhs[i].Pos()})
				}
			}
		}
		return true
	})
	return ws
}

// unsetTest reports whether cond asks whether the user left a value
// unset: x == 0, x <= 0, x == nil, x == "", len(x) == 0, for an x that
// same accepts. A clamp (n < 0) is not such a test, which is why this is
// not the value index's zeroTestOf: that one also takes v < 0 and v < 1.
func (m *Index) unsetTest(cond ast.Expr, same func(ast.Expr) bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if b.Op == token.LOR {
		return m.unsetTest(b.X, same) || m.unsetTest(b.Y, same)
	}
	if b.Op != token.EQL && b.Op != token.LEQ {
		return false
	}
	zero := func(x ast.Expr) bool {
		tv := m.info.Types[x]
		if tv.Value == nil {
			return tv.IsNil()
		}
		switch tv.Value.Kind() {
		case constant.Int, constant.Float:
			return constant.Sign(tv.Value) == 0
		case constant.String:
			return constant.StringVal(tv.Value) == ""
		}
		return false
	}
	return same(b.X) && zero(b.Y) || b.Op == token.EQL && same(b.Y) && zero(b.X)
}

// fieldPath splits x, a variable or a chain of its fields (cfg.Retry.Max),
// into the variable and the field names.
func (m *Index) fieldPath(x ast.Expr) (types.Object, []string, bool) {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		obj := m.info.Uses[x]
		if obj == nil {
			obj = m.info.Defs[x]
		}
		_, isVar := obj.(*types.Var)
		return obj, nil, isVar
	case *ast.SelectorExpr:
		if sel, ok := m.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			root, path, ok := m.fieldPath(x.X)
			return root, append(path, x.Sel.Name), ok
		}
	case *ast.StarExpr:
		return m.fieldPath(x.X)
	}
	return nil, nil, false
}

// userValue reports whether x, a value written to a field or package
// variable, is the user's: a parameter of an exported function or method
// of the package (SetMaxRetries(n), WithRetries(n) and the option
// literal it returns, NewClient(n)), a field of one (opts.MaxRetries,
// config.RetryMax), a local the user's options fill (optionsFilled), or
// a conversion, dereference or arithmetic of such a value with constants
// (time.Duration(period) * time.Second).
func (m *Index) UserValue(x ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, _ := m.info.Uses[x].(*types.Var)
		if v == nil {
			return false
		}
		vx := m.ValueIndexOf()
		p, ok := vx.ParamOf(m)[v]
		if !ok {
			return m.optionsFilled(v, depth)
		}
		if p.Fn.Exported() {
			return true
		}
		// A parameter of an unexported function the package only calls,
		// when every call passes the user's value (New(endpoint, opts)
		// calling privateNew(endpoint, opts)).
		calls := vx.calls[p.Fn]
		return !vx.Escapes(m, p.Fn) && len(calls) > 0 && !slices.ContainsFunc(calls, func(c *ast.CallExpr) bool {
			return p.I >= len(c.Args) || c.Ellipsis.IsValid() || !m.UserValue(c.Args[p.I], depth+1)
		})
	case *ast.SelectorExpr:
		if sel, ok := m.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			return m.UserValue(x.X, depth+1)
		}
	case *ast.StarExpr:
		return m.UserValue(x.X, depth+1)
	case *ast.CallExpr:
		if tv, ok := m.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return m.UserValue(x.Args[0], depth+1)
		}
	case *ast.BinaryExpr:
		ux, uy := m.UserValue(x.X, depth+1), m.UserValue(x.Y, depth+1)
		return ux && (uy || m.isConst(x.Y)) || uy && m.isConst(x.X)
	case *ast.CompositeLit:
		// probe{interval: time.Duration(period) * time.Second, n: n}
		// in an option: the user's values, and constants.
		user := false
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			switch {
			case m.UserValue(el, depth+1):
				user = true
			case !m.isConst(el):
				return false
			}
		}
		return user
	}
	return false
}

// isConst reports whether x is a constant expression.
func (m *Index) isConst(x ast.Expr) bool {
	tv, ok := m.info.Types[x]
	return ok && tv.Value != nil
}

// Placeholder reports whether a zero write of v stands for a default
// set elsewhere: the same function writes v, or calls the function that
// does (c.setDefaults(), withRetries(3)), or the package writes v under a
// test of its zero value.
func (m *Index) Placeholder(v *types.Var, z ValueWrite, all []ValueWrite) bool {
	if m.Vx.guarded[v] {
		return true
	}
	if z.Decl == nil {
		return false
	}
	for _, w := range all {
		if w.Zero || w.Decl == nil {
			continue
		}
		if w.Decl == z.Decl || m.calls(z.Decl, w.Decl) {
			return true
		}
	}
	return false
}

// calls reports whether function decl calls the function of callee
// directly: a constructor that calls setDefaults() or applies
// withRetries(3) after building its literal.
func (m *Index) calls(decl, callee *ast.FuncDecl) bool {
	fn, _ := m.info.Defs[callee.Name].(*types.Func)
	if fn == nil || decl.Body == nil {
		return false
	}
	found := false
	return typesx.InspectUntil(&found, decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		found = ok && typesx.Callee(m.info, call) == fn
		return true
	})
}

// intValues returns the distinct integer values the package gives v, in
// the order of their first write, with the expression of that write (nil
// for a zero value). ok is false when v is not an integer, when a
// reaching write cannot be computed, or when v has no write at all.
func (m *Index) IntValues(v *types.Var) (vals []int64, at []ast.Expr, ok bool) {
	if !m.IndexedVar(v) || !typesx.IsInteger(v.Type()) {
		return nil, nil, false
	}
	vx := m.ValueIndexOf()
	r, cached := vx.ints[v]
	if !cached {
		r = m.intValuesOnce(v)
	}
	if r.ok && r.user.X != nil {
		vx.NoteDefault(v, r.user, r.at[0])
	}
	return r.vals, r.at, r.ok
}

func (m *Index) intValuesOnce(v *types.Var) (r intsResult) {
	vx := m.ValueIndexOf()
	if vx.Resolving[v] {
		return r
	}
	if len(vx.Resolving) == 0 {
		// Cache what is resolved from the top: below it, a cycle
		// may cut a resolution short.
		defer func() { vx.ints[v] = r }()
	}
	vx.Resolving[v] = true
	defer delete(vx.Resolving, v)
	ws, user, ok := m.reachingDefaults(v)
	if !ok || len(ws) == 0 {
		return r
	}
	vals, at, ok := m.writesInts(ws)
	return intsResult{vals: vals, at: at, ok: ok, user: user}
}

// writesInts computes the distinct integers of writes.
func (m *Index) writesInts(ws []ValueWrite) (vals []int64, at []ast.Expr, ok bool) {
	for _, w := range ws {
		var i int64
		if !w.Zero {
			if i, ok = m.WriteInt(w.X); !ok {
				return nil, nil, false
			}
		}
		if !slices.Contains(vals, i) {
			vals = append(vals, i)
			at = append(at, w.X)
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
func (m *Index) WriteInt(x ast.Expr) (int64, bool) {
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
		if tv, ok := m.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 && typesx.IsInteger(tv.Type) {
			return m.WriteInt(x.Args[0])
		}
		return 0, false
	case *ast.StarExpr:
		return m.derefInt(x.X, 0) // shipped.go
	case *ast.BinaryExpr:
		a, ok1 := m.WriteInt(x.X)
		b, ok2 := m.WriteInt(x.Y)
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
	if !m.IndexedVar(v) {
		return m.localInt(v)
	}
	if sel, ok := x.(*ast.SelectorExpr); ok {
		if i, ok := m.literalFieldInt(sel); ok {
			return i, true
		}
	}
	vals, _, ok := m.IntValues(v)
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
func (m *Index) localInt(v *types.Var) (int64, bool) {
	vx := m.ValueIndexOf()
	if vx.Resolving[v] {
		return 0, false
	}
	vx.Resolving[v] = true
	defer delete(vx.Resolving, v)
	if d := m.VarDefOf(v); d != nil && d.Single() && !d.Mutated() {
		if _, multi := m.info.TypeOf(d.Rhs).(*types.Tuple); !multi {
			return m.WriteInt(d.Rhs)
		}
	}
	p, ok := vx.ParamOf(m)[v]
	if !ok || p.Fn.Exported() || vx.Escapes(m, p.Fn) {
		return 0, false
	}
	return oneInt(vx.calls[p.Fn], func(c *ast.CallExpr) (int64, bool) {
		if p.I >= len(c.Args) || c.Ellipsis.IsValid() {
			return 0, false
		}
		return m.WriteInt(c.Args[p.I])
	})
}

// oneInt returns the one integer f gives every element of xs; ok is false
// when xs is empty, when f fails on one, or when two values differ.
func oneInt[E any](xs []E, f func(E) (int64, bool)) (val int64, ok bool) {
	for i, x := range xs {
		n, ok := f(x)
		if !ok || i > 0 && n != val {
			return 0, false
		}
		val = n
	}
	return val, len(xs) > 0
}

// indexedInt is the evaluator's view of an integer field or package
// variable: its one value, or the value fixed by pick. An object with
// several values is remembered (multi) so that the bound can be computed
// over each of them; the evaluator sees it as unknown.
func (m *Index) IndexedInt(v *types.Var) (interp.Value, bool) {
	if !m.IndexedVar(v) || !typesx.IsInteger(v.Type()) {
		return interp.Value{}, false
	}
	vx := m.ValueIndexOf()
	if i, ok := vx.pick[v]; ok {
		return interp.IntVal(i), true
	}
	vals, _, ok := m.IntValues(v)
	switch {
	case !ok:
		return interp.Value{}, false
	case len(vals) == 1:
		vx.mark(traceUsed, v)
		return interp.IntVal(vals[0]), true
	}
	vx.mark(traceMulti, v)
	return interp.Value{}, false
}

// boundOverValues computes a bound with once, and when it is unknown
// because a field or variable it reads has several values, once per
// value: the bound is then each value's bound (Bound.Alts), and the
// site's context decides which applies (chooseBound). A known bound set
// by one field or variable points at the write that sets it (Expr).
func (m *Index) BoundOverValues(once func() site.Bound) site.Bound {
	var notes []Note
	b := m.boundOverValuesOnce(once, &notes)
	if len(notes) > 0 {
		n := notes[0]
		for _, o := range notes {
			if b.Expr != nil && o.At == b.Expr {
				n = o
			}
		}
		b = n.Annotate(m, b)
		for i := range b.Alts {
			b.Alts[i] = n.Annotate(m, b.Alts[i])
		}
	}
	return b
}

func (m *Index) boundOverValuesOnce(once func() site.Bound, notesOut *[]Note) site.Bound {
	vx := m.vx()
	if vx.recording || vx.pick != nil {
		return once() // a helper's bound inside another's: not nested
	}
	vx.recording = true
	var b site.Bound
	*notesOut = m.CollectDefaultNotes(func() { b = once() })
	vx.recording = false
	used, multi := vx.used, vx.multi
	vx.used, vx.multi = vx.used[:0], vx.multi[:0]
	if b.Kind == site.BoundKnown && b.Expr == nil && len(used) > 0 {
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
			if vals, at, ok := m.IntValues(u); ok && len(vals) == 1 {
				vx.pick = map[*types.Var]int64{u: vals[0] + 1}
				if a := once(); a.Kind == site.BoundKnown && a.Retries != b.Retries {
					b.Expr = at[0]
				}
				vx.pick = nil
			}
		}
	}
	if b.Kind != site.BoundUnknown || len(multi) == 0 {
		return b
	}
	v := multi[0]
	for _, w := range multi {
		if w != v {
			return b // two objects with several values: not followed
		}
	}
	vals, at, ok := m.IntValues(v)
	if !ok {
		return b
	}
	var alts []site.Bound
	vx.pick = map[*types.Var]int64{}
	for i, val := range vals {
		vx.pick[v] = val
		a := once()
		if a.Kind == site.BoundUnknown {
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

// ChooseBound settles a bound with several reaching values once the
// site's context is known. When every value breaks R-2, the first value
// written is the bound (the finding names it); when every value complies,
// the largest count is (the site does retry, for ); when
// only some break, the bound stays unknown and the rules stay silent, as
// they were before values were followed.
func ChooseBound(s *site.Site, opts *report.Options) {
	alts := s.Bound.Alts
	if len(alts) == 0 {
		return
	}
	lim := opts.Limits(s.Context)
	var ok, bad int
	best := -1
	for i, a := range alts {
		if a.Kind == site.BoundKnown && (a.Retries == 0 || lim.Retries.Contains(a.Retries)) {
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
		s.Bound = site.Bound{Kind: site.BoundUnknown}
	}
}

// IndexedFunc resolves a call of a func-typed field or package variable
// to the one function the package stores in it: a function literal or a
// function or method of the package. ok is false when it has several,
// or a value the model cannot see (a parameter, a call's result).
//
// A factory call the package writes (a call of funcFactory's kind) gives
// the literal it returns, with factory set to the call whose constants
// bind the factory's parameters. When the user can change the func (a
// setter or option writes the user's), the target is the package's
// default and is noted as such.
func (m *Index) IndexedFunc(fun ast.Expr) (body *ast.BlockStmt, ft *ast.FuncType, lit *ast.FuncLit, factory *ast.CallExpr, ok bool) {
	return m.indexedFunc(fun, true)
}

// indexedFunc is IndexedFunc; follow: a write naming a package variable
// gives what that variable holds (whose own writes are not followed).
func (m *Index) indexedFunc(fun ast.Expr, follow bool) (body *ast.BlockStmt, ft *ast.FuncType, lit *ast.FuncLit, factory *ast.CallExpr, ok bool) {
	v, _ := m.info.Uses[typesx.NameIdent(fun)].(*types.Var)
	if v != nil && v.Pkg() == m.pkg && !m.IndexedVar(v) {
		// A parameter every call gives the same function (funcvals.go).
		if ts, ok := m.FuncValueTargets(fun); ok && len(ts) == 1 {
			return ts[0].Body, ts[0].Ft, ts[0].Lit, nil, true
		}
	}
	if !m.IndexedVar(v) {
		return nil, nil, nil, nil, false
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil, nil, nil, nil, false
	}
	ws, user, ok := m.reachingDefaults(v)
	if !ok {
		return nil, nil, nil, nil, false
	}
	var target ast.Node
	var at ast.Expr
	for _, w := range ws {
		if w.Zero {
			continue // calling a nil func panics: not a wait
		}
		var t ast.Node
		switch x := ast.Unparen(w.X).(type) {
		case *ast.FuncLit:
			t = x
		case *ast.Ident, *ast.SelectorExpr:
			// A function of another package has no declaration here:
			// keep t a nil interface, not a nil *ast.FuncDecl.
			switch obj := m.info.Uses[typesx.NameIdent(x)].(type) {
			case *types.Func:
				if d := m.FuncDecl(obj); d != nil {
					t = d
				}
			case *types.Var:
				// A package variable holding the default
				// (Backoff: DefaultBackoff, var DefaultBackoff =
				// ExponentialBackoff(...)): what it holds, one hop.
				if follow && obj != v && obj.Parent() == m.pkg.Scope() && m.IndexedVar(obj) {
					if _, _, l, f, ok := m.indexedFunc(x, false); ok {
						if f != nil {
							t = f
						} else if l != nil {
							t = l
						}
					}
				}
			}
		case *ast.CallExpr:
			if _, l := m.FuncFactory(x); l != nil {
				t = x
			}
		}
		if t == nil || target != nil && t != target {
			return nil, nil, nil, nil, false
		}
		target, at = t, w.X
	}
	if target != nil && user.X != nil {
		m.ValueIndexOf().NoteDefault(v, user, at)
	}
	switch t := target.(type) {
	case *ast.FuncLit:
		return t.Body, t.Type, t, nil, true
	case *ast.FuncDecl:
		if t.Body != nil {
			return t.Body, t.Type, nil, nil, true
		}
	case *ast.CallExpr:
		_, l := m.FuncFactory(t)
		return l.Body, l.Type, l, t, true
	}
	return nil, nil, nil, nil, false
}

// A defaultNote records that a value the model computed is a default
// the package ships for an object the user can change: the object, the
// first write of the user's value and the default's own write.
type Note struct {
	V    *types.Var
	User ValueWrite
	At   ast.Expr
}

// noteDefault records a default while notes are collected.
func (vx *valueIndex) NoteDefault(v *types.Var, user ValueWrite, at ast.Expr) {
	vx.trace(traceEvent{kind: traceNote, v: v, user: user, at: at})
	if vx.noting && len(vx.notes) < 4 {
		vx.notes = append(vx.notes, Note{V: v, User: user, At: at})
	}
}

// collectDefaults runs f and returns the defaults its values came from.
func (m *Index) CollectDefaultNotes(f func()) []Note {
	vx := m.vx()
	if vx.noting {
		f()
		return nil
	}
	vx.noting, vx.notes = true, nil
	f()
	notes := vx.notes
	vx.noting, vx.notes = false, nil
	return notes
}

// phrase says, for a finding, that a value is the package's default and
// who can change it: "NewClient's default, which WithRetries can change"
// (messages are short: no parentheses, which a long message loses).
func (n Note) Phrase(m *Index) string {
	if read := m.zeroCounts[n.V]; read != nil {
		return "0 unless the user sets " + offcount.ConfigPath(m.info, read) // offcount/
	}
	where := n.V.Name()
	id, _ := ast.Unparen(n.At).(*ast.Ident)
	if pv, _ := m.info.Uses[id].(*types.Var); id != nil && m.IndexedVar(pv) {
		where = id.Name // c.n = MaxRetry: the package variable's
	} else if n.At != nil {
		if d := m.DeclAt(n.At.Pos()); d != nil {
			where = d.Name.Name
		} else if pv := m.pkgVarAt(n.At.Pos()); pv != "" {
			where = pv // defaultOptions = &options{...}
		}
	}
	return fmt.Sprintf("%s's default, which %s can change", where, setterName(n.User.Decl))
}

// noteFuncDefault says in w's description that the wait comes from a
// func the package ships as the default of one the user can change
// (Wait.Default: "defaultOptions's default, which WithBackoff can
// change"). Only notes of func values and interfaces count: a count or
// interval read on the way (the loop's bound) is not the wait.
func (m *Index) NoteFuncDefault(w *site.Wait, notes []Note) {
	if w.Shape == site.ShapeUnknown {
		return
	}
	for _, n := range notes {
		if _, isFunc := n.V.Type().Underlying().(*types.Signature); isFunc || types.IsInterface(n.V.Type()) {
			w.Default, w.DefaultPos = n.Phrase(m), n.At.Pos()
			return
		}
	}
}

// annotate says in b's message that its count is the package's default.
func (n Note) Annotate(m *Index, b site.Bound) site.Bound {
	switch b.Kind {
	case site.BoundKnown:
		if b.Counted == "" {
			b.Counted = fmt.Sprintf("%d %s", b.Retries, report.Plural(b.Retries, "retry", "retries"))
		}
		b.Counted += ", " + n.Phrase(m)
		if _, isFunc := n.V.Type().Underlying().(*types.Signature); !isFunc {
			b.UserDefault = true
		}
	case site.BoundUnbounded:
		if why, ok := m.nilCountWhy(n); ok { // offcount.go
			b.Why = why
			break
		}
		if why, ok := m.zeroCountWhy(n); ok { // offcount.go, offcount/
			b.Why = why
			break
		}
		b.Why += " (" + n.Phrase(m) + ")"
	}
	return b
}

// literalFieldInt computes a.f.g when f is a struct-typed field of the
// package, or f.g when f is a struct-typed package variable, whose every
// value the package gives (its defaults, see reaching) is a composite
// literal: g is read from those literals, so that
// cfg.lockProbe.failureThreshold is the 60 of the lockProbe literal, not
// one of the 60 and 30 the package writes to failureThreshold of its two
// probes, and DefaultConfig.MaxRetryCount, copied into a Config the user
// left zero, is the 10 of `var DefaultConfig = Config{MaxRetryCount: 10}`
// whatever other Configs hold. ok is false when the literals disagree or
// do not give g a computable value, and when the package writes into f
// in place (f.g = 3, or a method of f's with a pointer receiver): the
// literals are then not all f holds.
func (m *Index) literalFieldInt(sel *ast.SelectorExpr) (int64, bool) {
	g, _ := m.info.Uses[sel.Sel].(*types.Var)
	var f *types.Var
	switch inner := ast.Unparen(sel.X).(type) {
	case *ast.SelectorExpr:
		f, _ = m.info.Uses[inner.Sel].(*types.Var)
	case *ast.Ident:
		f, _ = m.info.Uses[inner].(*types.Var)
		if f != nil && f.IsField() {
			f = nil
		}
	}
	if g == nil || !m.IndexedVar(f) {
		return 0, false
	}
	if _, isStruct := f.Type().Underlying().(*types.Struct); !isStruct {
		return 0, false
	}
	vx := m.ValueIndexOf()
	if vx.Resolving[f] || vx.fieldsWritten[f] {
		return 0, false
	}
	vx.Resolving[f] = true
	defer delete(vx.Resolving, f)
	ws, user, ok := m.reachingDefaults(f)
	if !ok {
		return 0, false
	}
	var at ast.Expr
	val, ok := oneInt(ws, func(w ValueWrite) (int64, bool) {
		lit, isLit := ast.Unparen(w.X).(*ast.CompositeLit)
		if w.Zero || !isLit {
			return 0, false
		}
		x, found := literalElt(m.info, lit, g)
		if !found {
			return 0, false
		}
		at = x
		return m.WriteInt(x)
	})
	if ok && user.X != nil {
		vx.NoteDefault(f, user, at)
	}
	return val, ok
}

// literalElt returns the value a struct literal gives field g.
func literalElt(info *types.Info, lit *ast.CompositeLit, g *types.Var) (ast.Expr, bool) {
	st, ok := info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	for i, el := range lit.Elts {
		if f, x := typesx.LitElt(info, st, i, el); f != nil && f == g {
			return x, true
		}
	}
	return nil, false
}

// getterDefault reads a call of a getter that falls back to a default
// when the user leaves an exported field zero:
//
//	func (w *Writer) maxAttempts() int {
//		if w.MaxAttempts > 0 {
//			return w.MaxAttempts
//		}
//		return 10
//	}
//
// (or `if w.MaxAttempts == 0 { return 10 }; return w.MaxAttempts`). When
// the package gives the field no value of its own (only the user sets
// it), the getter's value is its fallback, the package's default, noted
// as such. A field the package writes is left to the getter's body.
func (m *Index) GetterDefault(fn *types.Func) (interp.Value, bool) {
	d := m.FuncDecl(fn)
	if d == nil || d.Body == nil || d.Recv == nil {
		return interp.Value{}, false
	}
	cond, inner, last := typesx.IfReturn(d.Body)
	fieldOf := func(x ast.Expr) *types.Var {
		v := offcount.FieldOf(m.info, x)
		if v == nil || !v.Exported() || !m.IndexedVar(v) || !typesx.IsInteger(v.Type()) {
			return nil
		}
		return v
	}
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return interp.Value{}, false
	}
	var f *types.Var
	var dflt ast.Expr
	switch {
	case fieldOf(b.X) == nil:
	case zeroTestOf(m.info, b, fieldOf(b.X)) && fieldOf(last) == fieldOf(b.X):
		// if w.N == 0 { return 10 }; return w.N
		f, dflt = fieldOf(b.X), inner
	case (b.Op == token.GTR || b.Op == token.NEQ) && offcount.IsZeroOrNil(m.info, b.Y) && fieldOf(inner) == fieldOf(b.X):
		// if w.N > 0 { return w.N }; return 10
		f, dflt = fieldOf(b.X), last
	}
	if f == nil {
		return interp.Value{}, false
	}
	ws, user, ok := m.reachingDefaults(f)
	if !ok || len(ws) > 0 {
		return interp.Value{}, false
	}
	n, ok := m.host.IntValue(dflt)
	if !ok {
		return interp.Value{}, false
	}
	m.ValueIndexOf().NoteDefault(f, user, dflt)
	return interp.IntVal(n), true
}

// An ownCall is a call the package makes of one of its exported
// functions, in declaration decl (nil at package level).
type ownCall struct {
	call *ast.CallExpr
	decl *ast.FuncDecl
}

// SetterCalls returns, for a user write whose value is a parameter of an
// exported function or method (c.n = n in SetN(n)), the values the
// package itself passes for it in its own calls of that function. ok is
// false when such a call passes a value of another shape than the
// parameter would give (the write is n * 2 and the model would have to
// apply it), so that the caller keeps the object unknown.
func (m *Index) SetterCalls(x ast.Expr) (ws []ValueWrite, ok bool) {
	var p ParamRef // the exported function's parameter x is made of (none: an unexported wrapper's, the user's)
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if q, ok := m.ValueIndexOf().ParamOf(m)[typesx.VarOf(m.info, id)]; ok && q.Fn.Exported() {
				p = q
			}
		}
		return p.Fn == nil
	})
	for _, c := range m.ownCallsOf(p.Fn) {
		if p.I >= len(c.call.Args) || c.call.Ellipsis.IsValid() {
			return nil, false
		}
		a := c.call.Args[p.I]
		if m.UserValue(a, 0) {
			continue // passed on from the user (optionsFilled)
		}
		if typesx.VarOf(m.info, x) == nil {
			return nil, false // a field of the parameter, a conversion: a value this cannot see
		}
		ws = append(ws, ValueWrite{X: a, Decl: c.decl, At: a.Pos()})
	}
	return ws, true
}

// optionsFilled reports whether the local v, of a struct type, is the
// user's value: declared with no value in an exported function and
// written only by the user's options, the values a range over a user's
// value gives, handed its address (for _, o := range opts {
// o.apply(&cfg) }); every other use passes it whole to a call (New(cfg)).
func (m *Index) optionsFilled(v *types.Var, depth int) bool {
	d := typesx.FuncDeclAt(m.pass.Files, v.Pos())
	if _, ok := v.Type().Underlying().(*types.Struct); !ok || d == nil || !d.Name.IsExported() {
		return false
	}
	options := map[types.Object]bool{}
	uses, passed, declared := 0, 0, false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			declared = declared || len(n.Values) == 0 && slices.ContainsFunc(n.Names, func(id *ast.Ident) bool { return m.info.Defs[id] == v })
		case *ast.RangeStmt:
			if id := typesx.IdentOf(n.Value); id != nil && m.UserValue(n.X, depth+1) {
				options[m.info.Defs[id]] = true
			}
		case *ast.Ident:
			if m.info.Uses[n] == v {
				uses++
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && options[typesx.RootVar(m.info, n.Fun)] {
					a = u.X
				}
				if m.info.Uses[typesx.IdentOf(a)] == v {
					passed++
				}
			}
		}
		return true
	})
	return declared && uses == passed
}

// ownCallsOf returns the package's own calls of exported function fn.
func (m *Index) ownCallsOf(fn *types.Func) []ownCall {
	if fn == nil {
		return nil
	}
	vx := m.ValueIndexOf()
	if vx.ownCalls == nil {
		vx.ownCalls = make(map[*types.Func][]ownCall)
		// The calls in the bodies of the package's function declarations,
		// read from the inspector (it skips what holds no call).
		insp := m.pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		for fc := range insp.Root().Children() {
			f, ok := fc.Node().(*ast.File)
			if !ok || strings.HasSuffix(m.pass.Fset.File(f.Pos()).Name(), "_test.go") {
				continue
			}
			for dc := range fc.Children() {
				d, ok := dc.Node().(*ast.FuncDecl)
				if !ok || d.Body == nil || m.decls[m.declared(d)] != d {
					continue
				}
				for c := range dc.ChildAt(edge.FuncDecl_Body, -1).Preorder((*ast.CallExpr)(nil)) {
					c := c.Node().(*ast.CallExpr)
					if id := typesx.CalleeIdent(c); id == nil || !token.IsExported(id.Name) {
						// The function typesx.Callee finds is named by id: no
						// exported function, and no lookup needed.
						continue
					}
					if f := typesx.Callee(m.info, c); f != nil && f.Pkg() == m.pkg && f.Exported() {
						vx.ownCalls[f.Origin()] = append(vx.ownCalls[f.Origin()], ownCall{call: c, decl: d})
					}
				}
			}
		}
	}
	return vx.ownCalls[fn.Origin()]
}

// declared returns the function a declaration declares (nil if none).
func (m *Index) declared(d *ast.FuncDecl) *types.Func {
	fn, _ := m.info.Defs[d.Name].(*types.Func)
	return fn
}

// pkgVarAt returns the name of the package variable whose declared value
// holds pos, if one does.
func (m *Index) pkgVarAt(pos token.Pos) string {
	for _, f := range m.pass.Files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR || pos < g.Pos() || pos >= g.End() {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, x := range vs.Values {
					if x.Pos() <= pos && pos < x.End() && i < len(vs.Names) {
						return vs.Names[i].Name
					}
				}
			}
		}
	}
	return ""
}

// timerDrain reports whether is is the idiom that stops a timer and
// drains its channel, `if !t.Stop() { <-t.C }`: the receive returns at
// once (the timer has fired) and is no wait of its own.
func (m *Index) TimerDrain(is *ast.IfStmt) bool {
	if is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return false
	}
	not, ok := ast.Unparen(is.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return false
	}
	call, ok := ast.Unparen(not.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	stop, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || stop.Sel.Name != "Stop" || !typesx.IsNamed(m.info.TypeOf(stop.X), "time", "Timer") {
		return false
	}
	es, ok := is.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	recv, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
	if !ok || recv.Op != token.ARROW {
		return false
	}
	ch, ok := ast.Unparen(recv.X).(*ast.SelectorExpr)
	return ok && ch.Sel.Name == "C" && types.ExprString(ch.X) == types.ExprString(stop.X)
}
