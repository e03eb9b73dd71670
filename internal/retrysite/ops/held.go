package ops

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Calls of function values and resty's request methods: a call of a
// local variable holding a literal, of a func value the model resolves to
// the functions it may run (Model.FuncTargets), of a resty request's
// sending method.

// heldCall describes a call of a local variable that holds a function
// literal (send := func() error {...}; send()) as a call of a helper
// whose body is the literal: its whole body runs again when the call is
// retried, and its parameters are bound to the call's arguments.
//
// A literal called where it is written (err := func() error {...}()) is
// described the same way.
func (d *describer) heldCall(call *ast.CallExpr, f *frame, depth int) *sendDesc {
	lit, _ := ast.Unparen(call.Fun).(*ast.FuncLit)
	if lit == nil {
		lit = d.m.HeldFuncLit(call.Fun)
	}
	if lit == nil {
		return d.targetsCall(call, f, depth) // the model (Model.FuncTargets)
	}
	return d.litCall(lit, call, f, depth)
}

// litCall describes a call that runs the function literal lit.
func (d *describer) litCall(lit *ast.FuncLit, call *ast.CallExpr, f *frame, depth int) *sendDesc {
	if d.seenNode[lit] {
		return nil
	}
	d.seenNode[lit] = true
	defer delete(d.seenNode, lit)
	hf := &frame{body: lit.Body, all: f.retried(call.Pos()), binds: make(map[*types.Var]argRef), depth: f.depth + 1}
	for i, v := range typesx.FuncParams(d.m.info, lit.Type) {
		if v != nil && i < len(call.Args) && !call.Ellipsis.IsValid() {
			hf.binds[v] = argRef{call.Args[i], f}
		}
	}
	return d.bodySends(lit.Body, hf, depth)
}

// targetsCall describes a call of a func value resolved to the functions
// it may run (a closure's or an unexported function's parameter, a func
// field): each is described like a helper bound to the call's arguments,
// and the call is described only when every one sends a request with the
// same method, by the one whose key is the least at fault (a rule holds
// the call to account only when every reaching function breaks it).
func (d *describer) targetsCall(call *ast.CallExpr, f *frame, depth int) *sendDesc {
	ts, ok := d.m.FuncTargets(call.Fun)
	if !ok {
		return nil
	}
	var best *sendDesc
	plain := true
	for _, t := range ts {
		var s *sendDesc
		switch {
		case t.Lit != nil:
			s = d.litCall(t.Lit, call, f, depth)
		case t.Decl != nil && t.Decl.Recv == nil:
			s = d.declCall(t.Decl, call, f, depth)
		}
		if s == nil || s.method == "" || best != nil && s.method != best.method {
			return nil
		}
		if best == nil || keyRank(s.key) < keyRank(best.key) {
			best = s
		}
		plain = plain && s.plain
	}
	if best == nil {
		return nil
	}
	r := *best
	r.plain = plain
	return &r
}
