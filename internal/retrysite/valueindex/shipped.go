package valueindex

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex/offcount"
)

// This file answers, for the timeouts aspect (retrysite's
// timeouts/shipped.go), two questions about what the package ships when
// the user changes nothing:
//
//   - ShippedValues: the values the package itself gives a field or
//     package variable of any type (an *http.Client, an interface), the
//     user's left out. The user's value (a setter's or an option's
//     argument, userValue) is the user's choice, not the package's; the
//     package's own calls of such a setter and the default a function
//     gives the user's value before writing it (`if hc == nil { hc =
//     http.DefaultClient }; c.client = hc`) are the package's. Copies of
//     the field into itself (a clone), zero placeholders the package
//     replaces and the zero of an exported field a literal leaves out
//     give nothing. Unlike ReachingWrites, an object that is no number
//     (a client) keeps its defaults beside a user write: the question is
//     what the package's default is, not what the value always is.
//   - ShippedOff: whether a field whose `!= 0` or `!= nil` test guards a
//     time limit is one the package itself never sets, so that with the
//     package's defaults the limit never runs: every write of it is a
//     zero, a copy of itself or the user's value (settable says whether
//     the user can set it: such a write, or an exported field). Unlike
//     OffDefault, it asks for no setter in the package: an exported field
//     of a request configuration is set by other packages of the module
//     (an option package), and the message says "unless f is set".

// ShippedValues returns the values the package itself gives v (see
// above). A zero that stays (a literal of an unexported field with no
// placeholder rule) is a nil entry. ok is false when some write cannot be
// known, when v is not the package's, or when there are too many values.
func (m *Index) ShippedValues(v *types.Var) (xs []ast.Expr, ok bool) {
	if !m.IndexedVar(v) {
		return nil, false
	}
	vx := m.ValueIndexOf()
	all := vx.Writes[v]
	for _, w := range all {
		switch {
		case w.X == nil && !w.Zero:
			return nil, false
		case w.Zero:
			if w.Omitted && v.Exported() || m.Placeholder(v, w, all) {
				continue
			}
			xs = append(xs, nil)
		case offcount.IsZeroOrNil(m.info, w.X):
			if vx.guarded[v] {
				continue // nil now, replaced where the package tests it
			}
			xs = append(xs, nil)
		case offcount.FieldOf(m.info, w.X) == v:
			// c2.f = c.f: a copy gives no value of its own.
		case m.UserValue(addrOf(w.X), 0):
			own, ok := m.SetterCalls(w.X)
			if !ok {
				return nil, false
			}
			for _, o := range own {
				xs = append(xs, o.X)
			}
			for _, d := range m.localDefaults(w) {
				xs = append(xs, d.X)
			}
		default:
			xs = append(xs, w.X)
		}
	}
	if len(xs) > maxReaching {
		return nil, false
	}
	return xs, true
}

// ShippedOff reports whether sel reads a field of the package that the
// package itself never gives a value other than zero (see above);
// settable says whether the user can set it.
func (m *Index) ShippedOff(sel *ast.SelectorExpr) (settable, ok bool) {
	v := offcount.FieldOf(m.info, sel)
	if !m.IndexedVar(v) {
		return false, false
	}
	vx := m.ValueIndexOf()
	if vx.guarded[v] {
		return false, false // a zero the package replaces: a default
	}
	for _, w := range vx.Writes[v] {
		switch {
		case w.Decoded:
			settable = true // the data's value, not the package's
		case w.X == nil && !w.Zero:
			return false, false
		case w.Zero, offcount.IsZeroOrNil(m.info, w.X), offcount.FieldOf(m.info, w.X) == v:
		case m.userWrite(w.X):
			settable = true
		default:
			return false, false
		}
	}
	return settable || v.Exported(), true
}

// derefInt computes the integer a pointer points to, for a write that
// dereferences it (MaxNetworkRetries: *config.MaxNetworkRetries): the
// address of a value (&n), a call of a pointer helper of the package
// (Int64(DefaultMaxNetworkRetries), whose body is `return &v`), or a
// pointer field or package variable every value the package ships of
// which is one of those with the same integer (ShippedValues: the user's
// pointer and a nil the package replaces are left out).
func (m *Index) derefInt(p ast.Expr, depth int) (int64, bool) {
	if depth > 3 {
		return 0, false
	}
	switch p := ast.Unparen(p).(type) {
	case *ast.UnaryExpr:
		if p.Op == token.AND {
			return m.WriteInt(p.X)
		}
	case *ast.CallExpr:
		if a := m.pointerHelperArg(p); a != nil {
			return m.WriteInt(a)
		}
	case *ast.Ident, *ast.SelectorExpr:
		v, _ := m.info.Uses[typesx.NameIdent(p)].(*types.Var)
		if v == nil || !m.IndexedVar(v) {
			return 0, false
		}
		if ptr, ok := v.Type().Underlying().(*types.Pointer); !ok || !typesx.IsInteger(ptr.Elem()) {
			return 0, false
		}
		xs, ok := m.ShippedValues(v)
		if !ok {
			return 0, false
		}
		// (A nil entry, a zero that stays, is no pointer: derefInt fails.)
		return oneInt(xs, func(x ast.Expr) (int64, bool) { return m.derefInt(x, depth+1) })
	}
	return 0, false
}

// pointerHelperArg returns the argument of a call of a function of the
// package whose whole body is `return &p` for its one parameter p (a
// pointer helper: Int64(v), Int(v)), or nil.
func (m *Index) pointerHelperArg(call *ast.CallExpr) ast.Expr {
	fn := typesx.Callee(m.info, call)
	if fn == nil || fn.Pkg() != m.pkg || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil
	}
	d := m.FuncDecl(fn)
	u, ok := onlyReturn(d).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND || d.Recv != nil {
		return nil
	}
	ps := typesx.FuncParams(m.info, d.Type)
	if len(ps) != 1 || ps[0] == nil || m.info.Uses[typesx.IdentOf(u.X)] != ps[0] {
		return nil
	}
	return call.Args[0]
}
