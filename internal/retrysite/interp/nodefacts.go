package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Facts of a node that do not depend on the walk's state.
//
// The walks evaluate the same expressions of a function in state after
// state (a loop's condition, its counter's increment, the operation's
// call), and every evaluation used to ask the package's type
// information (Uses, Types: maps of every identifier and expression of
// the package, whose lookups miss the cache) and the function's tracked
// variables the same questions again. What the answers depend on is the
// node and the function alone, so each is asked once per node and kept
// in a small table of the funcInfo, which stays in the cache. Nothing
// here calls the value index or the host, whose answers may leave marks
// (valueindex's traces): those questions are still asked at every
// evaluation, in the same order.

// identFact is what Eval reads of an identifier.
type identFact struct {
	obj types.Object // its Uses entry, or its Defs entry when it has none
	// mayConst: its Uses entry is a constant or missing, the only cases
	// in which Types can hold a constant value for it.
	mayConst bool
	// studied: obj is a tracked or an outcome variable of the function.
	studied bool
}

func (fi *FuncInfo) identFact(x *ast.Ident) identFact {
	return typesx.Cached(&fi.idents, x, func() identFact {
		info := fi.M.info
		var f identFact
		f.obj, f.mayConst = usedConst(info, x)
		if f.obj == nil {
			f.obj = info.Defs[x]
		}
		if v, ok := f.obj.(*types.Var); ok {
			f.studied = fi.Tracked[v] || fi.outcomes[v]
		}
		return f
	})
}

// usedConst returns the Uses entry of id, and whether it is a constant
// or missing: the only cases in which Types can hold a constant value
// for id.
func usedConst(info *types.Info, id *ast.Ident) (types.Object, bool) {
	obj := info.Uses[id]
	_, isConst := obj.(*types.Const)
	return obj, isConst || obj == nil
}

// selFact is what Eval reads of a selector.
type selFact struct {
	sel      types.Object // the Uses entry of its selected name
	mayConst bool         // sel is a constant or missing
	// field is sel when it is a field (a *types.Var), nil otherwise.
	field *types.Var
	// param is the variable that stands for the field of a struct
	// parameter the selector reads (ParamField), nil if none.
	param *types.Var
	// carried: field is the error its operand's type carries
	// (typesx.CarriedError, outcomeval/carried.go).
	carried bool
}

func (fi *FuncInfo) selFact(x *ast.SelectorExpr) selFact {
	return typesx.Cached(&fi.sels, x, func() selFact {
		info := fi.M.info
		var f selFact
		f.sel, f.mayConst = usedConst(info, x.Sel)
		f.field, _ = f.sel.(*types.Var)
		if f.field != nil && f.field.IsField() {
			if p, _ := info.Uses[typesx.IdentOf(x.X)].(*types.Var); p != nil && !p.IsField() {
				f.param = fi.ParamField(p, f.field)
			}
			f.carried = !f.field.Embedded() && fi.M.carried.Of(info.TypeOf(x.X)) == f.field
		}
		return f
	})
}

// callFact is what Eval reads of a call.
type callFact struct {
	isConst bool        // Types holds a constant value for the call
	conv    bool        // its function is a type: a conversion
	fn      *types.Func // its callee (typeutilCallee), or nil
}

func (fi *FuncInfo) callFact(x *ast.CallExpr) callFact {
	return typesx.Cached(&fi.calls, x, func() callFact {
		info := fi.M.info
		return callFact{isConst: info.Types[x].Value != nil, conv: info.Types[x.Fun].IsType(), fn: typesx.Callee(info, x)}
	})
}

// binFact is what Eval reads of a binary expression: whether Types holds
// a constant value for it, and, for a comparison the evaluator cannot
// decide, whether it reads the clock (clockCompare) and whether an
// operand reads a counter (refsCounter), both worked out on first need.
type binFact struct {
	isConst     bool
	asked       bool // clock and refs are known
	clock, refs bool
}

func (fi *FuncInfo) binFact(x *ast.BinaryExpr) *binFact {
	return typesx.Cached(&fi.bins, x, func() *binFact {
		tv, ok := fi.M.info.Types[x]
		return &binFact{isConst: ok && tv.Value != nil}
	})
}

// counted fills in f's clock and refs for x (ev's function is fi).
func (f *binFact) counted(ev *Evaluator, x *ast.BinaryExpr) *binFact {
	if !f.asked {
		f.asked = true
		f.clock = ev.Fi.clockCompare(x)
		f.refs = ev.refsCounter(x.X) || ev.refsCounter(x.Y)
	}
	return f
}

// studiedLhs returns, for each left-hand side of n, the tracked or
// outcome variable it names, or nil: the variables Exec binds.
func (fi *FuncInfo) studiedLhs(n *ast.AssignStmt) []*types.Var {
	return typesx.Cached(&fi.lhs, n, func() []*types.Var {
		vs := make([]*types.Var, len(n.Lhs))
		for i, l := range n.Lhs {
			if v := fi.LhsVar(l); v != nil && (fi.Tracked[v] || fi.outcomes[v]) {
				vs[i] = v
			}
		}
		return vs
	})
}
