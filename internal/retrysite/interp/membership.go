package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
)

// membership evaluates call, of fn, a same-package membership helper
// (outcomeval's membership.go: a range over a list parameter that returns
// true on the element equal to a tested value), as slices.Contains of the
// list the call passes and the tested value, read in the helper with its
// parameters bound to the call's arguments. A generic helper is read
// through its declaration (contains[T comparable](list []T, element T)).
func (ev *Evaluator) membership(fn *types.Func, call *ast.CallExpr, e Env) (Value, bool) {
	sig := fn.Origin().Type().(*types.Signature)
	listAt, tested, ok := outcomeval.Membership(ev.Fi.M.info, ev.Fi.M.FuncDecl(fn), sig)
	if !ok {
		return Value{}, false
	}
	lists, ok := ev.out().MemberElems(sig, call, listAt, e)
	if !ok {
		return Value{}, false
	}
	// The tested value a parameter: the call's argument, whatever its
	// type (a type parameter's is never tracked in the helper).
	if id, ok := ast.Unparen(tested).(*ast.Ident); ok {
		for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
			if ev.info().Uses[id] == sig.Params().At(i) && !(sig.Variadic() && i == sig.Params().Len()-1) {
				return ev.out().Member(lists, ev.Eval(call.Args[i], e), outcomeval.Contains), true
			}
		}
	}
	sub, ce, _, ok := ev.bindCall(fn, call, e)
	if !ok {
		return Value{}, false
	}
	return ev.out().Member(lists, sub.Eval(tested, ce), outcomeval.Contains), true
}

// A listChoice is a local that holds one of several lists a decision
// read (outcomeval.Lists), with the number of its lists.
type listChoice struct {
	v *types.Var
	n int
}

// ListPick returns the list picked for v while OverListChoices decides
// once per list; otherwise it notes v and reports false.
func (m *Model) ListPick(v *types.Var, n int) (int, bool) {
	if i, ok := m.listPick[v]; ok && i < n {
		return i, true
	}
	if m.listPick == nil {
		m.listMet = append(m.listMet, listChoice{v, n})
	}
	return 0, false
}

// OverListChoices runs once, and when its answer depended on which of
// several lists a local holds (retrylist := retryStatusCodes, set to
// retryCodesForIMDS in one configuration), once per list instead: an
// outcome leads to another attempt (again) when it does with one of the
// lists, certainly (certain) when it certainly does with one. Two such
// locals are not followed; the first answer stands.
func (m *Model) OverListChoices(once func() (again, certain bool)) (again, certain bool) {
	if m.listPick != nil {
		return once()
	}
	met := m.listMet
	m.listMet = nil
	again, certain = once()
	seen := m.listMet
	m.listMet = met
	if len(seen) == 0 {
		return again, certain
	}
	c := seen[0]
	for _, o := range seen {
		if o.v != c.v {
			return again, certain
		}
	}
	again, certain = false, false
	for i := 0; i < c.n; i++ {
		m.listPick = map[*types.Var]int{c.v: i}
		a, ct := once()
		again, certain = again || a, certain || ct
	}
	m.listPick = nil
	return again, certain
}
