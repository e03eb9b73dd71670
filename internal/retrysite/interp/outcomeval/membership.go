package outcomeval

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Membership helpers.
//
// A function of the package whose whole body is a membership test of a
// list parameter,
//
//	func hasStatus(resp *http.Response, codes ...int) bool {
//		for _, c := range codes {
//			if resp.StatusCode == c {
//				return true
//			}
//		}
//		return false
//	}
//
// is read as slices.Contains of the list the call passes (constants, or
// a list whose elements the model knows: ConstElems) and the value it
// tests, evaluated with the helper's parameters bound to the call's
// arguments (interp's membership.go binds them). Any other body is left
// to the general evaluation, which does not run loops over a parameter.

// Membership reports whether d, of signature sig, is a membership
// helper (above), with the index of its list parameter and the
// expression it tests. A leading guard that returns false on a nil
// parameter (if resp == nil { return false }) is allowed.
func Membership(info *types.Info, d *ast.FuncDecl, sig *types.Signature) (listAt int, tested ast.Expr, ok bool) {
	if d == nil || d.Body == nil || d.Recv != nil || sig.Results().Len() != 1 || !typesx.IsBool(sig.Results().At(0).Type()) {
		return 0, nil, false
	}
	list := d.Body.List
	if len(list) == 3 {
		if g, ok := list[0].(*ast.IfStmt); ok && g.Init == nil && g.Else == nil && len(g.Body.List) == 1 && returnsConst(info, g.Body.List[0], false) && nilTest(info, g.Cond) {
			list = list[1:]
		}
	}
	if len(list) != 2 || !returnsConst(info, list[1], false) {
		return 0, nil, false
	}
	rs, ok := list[0].(*ast.RangeStmt)
	if !ok || rs.Tok != token.DEFINE || rs.Value == nil || len(rs.Body.List) != 1 {
		return 0, nil, false
	}
	if k, ok := rs.Key.(*ast.Ident); !ok || k.Name != "_" {
		return 0, nil, false
	}
	elemID, _ := rs.Value.(*ast.Ident)
	listID, _ := ast.Unparen(rs.X).(*ast.Ident)
	ifs, ok := rs.Body.List[0].(*ast.IfStmt)
	if elemID == nil || listID == nil || !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 || !returnsConst(info, ifs.Body.List[0], true) {
		return 0, nil, false
	}
	elem, _ := info.Defs[elemID].(*types.Var)
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if elem == nil || !ok || cond.Op != token.EQL {
		return 0, nil, false
	}
	tested = cond.Y
	if !isIdentOf(info, cond.X, elem) {
		if !isIdentOf(info, cond.Y, elem) {
			return 0, nil, false
		}
		tested = cond.X
	}
	if typesx.UsesAny(info, tested, map[*types.Var]bool{elem: true}) {
		return 0, nil, false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if info.Uses[listID] == sig.Params().At(i) {
			return i, tested, true
		}
	}
	return 0, nil, false
}

// MemberElems returns the lists a call of a membership helper may pass
// at listAt: its constant arguments for a variadic list, else the lists
// the argument may hold (ElemAlts).
func (ev Evaluator) MemberElems(sig *types.Signature, call *ast.CallExpr, listAt int, e vals.Env) (Lists, bool) {
	if sig.Variadic() && listAt == sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		var elems []vals.Value
		for _, a := range call.Args[min(listAt, len(call.Args)):] {
			v := ev.Eval(a, e)
			if v.K != vals.VInt {
				return Lists{}, false
			}
			elems = append(elems, v)
		}
		return Lists{Alts: [][]vals.Value{elems}}, true
	}
	if listAt >= len(call.Args) {
		return Lists{}, false
	}
	return ev.ElemAlts(call.Args[listAt])
}

// Lists are the lists an expression may hold: one (Local nil), or one of
// Alts according to which of its assignments reached Local.
type Lists struct {
	Alts  [][]vals.Value
	Local *types.Var
}

// ElemAlts returns the lists x may hold: the one ConstElems knows, or,
// for a local assigned only such lists and never written into,
//
//	retrylist := retryStatusCodes
//	if c.source == DefaultToIMDS {
//		retrylist = retryCodesForIMDS
//	}
//
// each of them (Lists.Local is the local).
func (ev Evaluator) ElemAlts(x ast.Expr) (Lists, bool) {
	if elems, ok := ev.ConstElems(x); ok {
		return Lists{Alts: [][]vals.Value{elems}}, true
	}
	v := ev.LocalVar(x)
	if v == nil {
		return Lists{}, false
	}
	d, as := ev.VarDefOf(v), ev.Assigns(v)
	if d == nil || d.mutated || d.n != len(as) || len(as) < 2 || len(as) > 4 {
		return Lists{}, false
	}
	l := Lists{Local: v}
	for _, a := range as {
		elems, ok := ev.ConstElems(a)
		if !ok {
			return Lists{}, false
		}
		l.Alts = append(l.Alts, elems)
	}
	return l, true
}

// Member applies test (Contains, Index) to the lists l and the tested
// value x: its answer when every list gives the same, else the answer
// of the list the model has picked for l's local (Pkg.ListPick), else
// unknown.
func (ev Evaluator) Member(l Lists, x vals.Value, test func([]vals.Value, vals.Value) vals.Value) vals.Value {
	r := test(l.Alts[0], x)
	for _, a := range l.Alts[1:] {
		if o := test(a, x); o.K != r.K || o.I != r.I {
			if i, ok := ev.ListPick(l.Local, len(l.Alts)); ok {
				return test(l.Alts[i], x)
			}
			return vals.Unknown(x.Dep)
		}
	}
	return r
}

// Contains is slices.Contains over the model's values: unknown unless v
// is a known integer.
func Contains(elems []vals.Value, v vals.Value) vals.Value {
	i := Index(elems, v)
	if i.K != vals.VInt {
		return i
	}
	return vals.BoolVal(i.I >= 0)
}

// Index is slices.Index over the model's values: unknown unless v is a
// known integer.
func Index(elems []vals.Value, v vals.Value) vals.Value {
	if v.K != vals.VInt {
		return vals.Unknown(v.Dep)
	}
	for i, el := range elems {
		if el.K == vals.VInt && el.I == v.I {
			return vals.IntVal(int64(i))
		}
	}
	return vals.IntVal(-1)
}

// nilTest reports whether x is p == nil for a variable p.
func nilTest(info *types.Info, x ast.Expr) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	_, isID := ast.Unparen(b.X).(*ast.Ident)
	tv, ok := info.Types[b.Y]
	return isID && ok && tv.IsNil()
}

// returnsConst reports whether st is `return b` for the constant bool b.
func returnsConst(info *types.Info, st ast.Stmt, b bool) bool {
	rs, ok := st.(*ast.ReturnStmt)
	if !ok || len(rs.Results) != 1 {
		return false
	}
	tv, ok := info.Types[rs.Results[0]]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == b
}

func isIdentOf(info *types.Info, x ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && info.Uses[id] == v
}
