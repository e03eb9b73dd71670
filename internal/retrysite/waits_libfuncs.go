package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
)

// This file reads the wait of a library client whose backoff setting
// holds one of the library's own backoff functions (knowledge
// BackoffFuncs: retryablehttp's LinearJitterBackoff), reached through
// locals and fields of the package: vault's
//
//	backoff := c.config.Backoff // DefaultConfig: RateLimitLinearJitterBackoff
//	if backoff == nil { backoff = retryablehttp.LinearJitterBackoff }
//	client := &retryablehttp.Client{..., Backoff: backoff}
//
// Such a function has one shape whatever bounds it is given, so the wait
// is known even when the bounds and the rest of the client's
// configuration are not (the site is opaque). The values are the
// package's defaults (doc.go, "Defaults the user can change"): a write
// of the user's value (SetBackoff(b)) is the user's choice and left out,
// a copy of the field into itself (clone, CloneConfig) adds nothing, an
// exported field a literal leaves out is the user's to set. Every
// remaining value must be a backoff function of the library, all of one
// shape; anything else (a literal, a function of the package, a call, a
// parameter) leaves the wait to the other readers.

// tableFuncWait returns the wait of site s when its backoff setting holds
// only backoff functions of its library's table, all of one shape.
func (m *model) tableFuncWait(s *Site) *Wait {
	bf := s.Lib.Backoffs
	if bf == nil {
		return nil
	}
	st := s.Last(bf.Setting)
	if st == nil || len(st.Args) != 1 {
		return nil
	}
	r := &libFuncResolver{m: m, lib: s.Lib, body: s.Func, seen: make(map[types.Object]bool)}
	fns, ok := r.resolve(st.Args[0], 0)
	if !ok || len(fns) == 0 {
		return nil
	}
	var fw knowledge.FuncWait
	names := ""
	for i, fn := range fns {
		w, ok := s.Lib.BackoffFunc(fn.Name())
		if !ok || (i > 0 && w.Shape != fw.Shape) {
			return nil
		}
		if i == 0 {
			fw, names = w, fn.Name()
		} else if fn.Name() != fns[0].Name() {
			names += " or " + fn.Name()
		}
	}
	w := &Wait{Setting: st, Desc: fw.What + " (" + names + ")"}
	switch fw.Shape {
	case knowledge.FuncWaitLinear:
		w.Shape = ShapeLinear
	case knowledge.FuncWaitExpoNoJitter:
		w.Shape = ShapeExponential
	default:
		return nil
	}
	if r.user != nil && r.def != nil {
		n := defaultNote{v: r.field, user: *r.user, at: r.def}
		w.Default, w.DefaultPos = n.phrase(m), r.def.Pos()
	}
	return w
}

// libFuncResolver resolves a func-valued expression to the library
// functions it may hold.
type libFuncResolver struct {
	m    *model
	lib  *knowledge.Library
	body *ast.BlockStmt
	seen map[types.Object]bool
	// field, user and def record the first field met with a user write:
	// the user's write and the package default's, for the message.
	field *types.Var
	user  *valueWrite
	def   ast.Expr
}

func (r *libFuncResolver) resolve(x ast.Expr, depth int) ([]*types.Func, bool) {
	if depth > 6 {
		return nil, false
	}
	m := r.m
	x = ast.Unparen(x)
	var obj types.Object
	switch y := x.(type) {
	case *ast.Ident:
		obj = m.info.Uses[y]
	case *ast.SelectorExpr:
		obj = m.info.Uses[y.Sel]
	default:
		return nil, false
	}
	switch o := obj.(type) {
	case *types.Func:
		if o.Pkg() == nil || !r.lib.Has(o.Pkg().Path()) {
			return nil, false
		}
		if sig, _ := o.Type().(*types.Signature); sig == nil || sig.Recv() != nil {
			return nil, false
		}
		return []*types.Func{o}, true
	case *types.Var:
		if r.seen[o] {
			return nil, true // a cycle adds no value
		}
		r.seen[o] = true
		if o.IsField() {
			return r.fieldValues(o, depth)
		}
		return r.local(o, depth)
	}
	return nil, false
}

// local resolves a local variable of the site's function from every
// value assigned to it there.
func (r *libFuncResolver) local(v *types.Var, depth int) ([]*types.Func, bool) {
	if r.body == nil || v.Pos() < r.body.Pos() || v.Pos() >= r.body.End() {
		return nil, false // a parameter, a captured or package variable
	}
	info := r.m.info
	var rhs []ast.Expr
	ok := true
	ast.Inspect(r.body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && varOfExpr(info, n.X) == v {
				ok = false // its address escapes
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if varOfExpr(info, l) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					ok = false
					return false
				}
				rhs = append(rhs, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				if len(n.Values) != len(n.Names) {
					ok = false // declared nil, or from a multi-value call
					return false
				}
				rhs = append(rhs, n.Values[i])
			}
		case *ast.RangeStmt:
			if varOfExpr(info, n.Key) == v || varOfExpr(info, n.Value) == v {
				ok = false
			}
		}
		return true
	})
	if !ok || len(rhs) == 0 {
		return nil, false
	}
	return r.all(rhs, depth)
}

// field resolves a func-typed field from the package's defaults.
func (r *libFuncResolver) fieldValues(v *types.Var, depth int) ([]*types.Func, bool) {
	m := r.m
	if !m.indexedVar(v) {
		return nil, false
	}
	var rhs []ast.Expr
	for _, w := range m.valueIndexOf().writes[v] {
		switch {
		case w.zero:
			if w.omitted && v.Exported() {
				continue // left for the user to set
			}
			return nil, false // a nil func: the package's own zero
		case w.x == nil:
			return nil, false
		case r.copyOf(w.x, v):
			continue // clone: the field copied into itself
		case m.userValue(w.x, 0):
			if r.field == nil {
				wc := w
				r.field, r.user = v, &wc
			}
			continue
		}
		rhs = append(rhs, w.x)
	}
	if len(rhs) == 0 {
		return nil, false // no default of the package's own
	}
	if r.field == v && r.def == nil {
		r.def = rhs[0]
	}
	return r.all(rhs, depth)
}

// copyOf reports whether x reads field v itself (c.config.Backoff written
// to newConfig.Backoff).
func (r *libFuncResolver) copyOf(x ast.Expr, v *types.Var) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	return ok && r.m.info.Uses[sel.Sel] == v
}

func (r *libFuncResolver) all(xs []ast.Expr, depth int) ([]*types.Func, bool) {
	var fns []*types.Func
	for _, x := range xs {
		f, ok := r.resolve(x, depth+1)
		if !ok {
			return nil, false
		}
		fns = append(fns, f...)
	}
	return fns, true
}
