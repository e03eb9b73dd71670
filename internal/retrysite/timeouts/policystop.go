package timeouts

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// policyStops finds the stops of an opaque retry policy in the region: a
// method of another package's type, called on a variable made outside
// the region and handed an error (the failed attempt's), whose error
// result ends the function,
//
//	err = bo.Backoff(cfg, err)
//	if err != nil {
//		return err
//	}
//
// Such a policy decides, from state it keeps across attempts, when to
// give up, and it may keep a time budget (a backoffer that sums its
// sleeps up to a maximum): the model cannot tell, so each is a cap of
// unknown length and notimeout stays silent on the total cap.
func (r *tres) policyStops() []capFact {
	var caps []capFact
	for _, n := range r.region {
		if n == nil {
			continue
		}
		inRegion := func(p token.Pos) bool { return n.Pos() <= p && p < n.End() }
		stopVars := make(map[*types.Var]token.Pos)
		typesx.InspectNoLits(n, func(x ast.Node) bool {
			if as, ok := x.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
				call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				if v := typesx.VarOf(r.m.info, as.Lhs[0]); ok && r.opaquePolicyCall(call, inRegion) && v != nil {
					stopVars[v] = call.Pos()
				}
			}
			return true
		})
		if len(stopVars) == 0 {
			continue
		}
		ast.Inspect(n, func(x ast.Node) bool {
			ifs, ok := x.(*ast.IfStmt)
			if !ok {
				return true
			}
			be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
			if !ok || be.Op != token.NEQ || !typesx.IsNil(r.m.info, be.Y) {
				return true
			}
			v, _ := r.m.info.Uses[typesx.IdentOf(be.X)].(*types.Var)
			pos, ok := stopVars[v]
			if !ok || !typesx.ReturnsIn(ifs.Body) {
				return true
			}
			caps = append(caps, capFact{pos: pos, desc: "the retry policy's stop"})
			delete(stopVars, v)
			return true
		})
	}
	return caps
}

// opaquePolicyCall reports whether call is a method of another package's
// type, on a variable declared outside the region, taking an error and
// returning one last.
func (r *tres) opaquePolicyCall(call *ast.CallExpr, inRegion func(token.Pos) bool) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := r.m.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg() == r.m.pkg {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() == 0 || !typesx.IsErrorType(sig.Results().At(sig.Results().Len()-1).Type()) {
		return false
	}
	rv, ok := r.m.info.Uses[typesx.IdentOf(sel.X)].(*types.Var)
	return ok && !rv.IsField() && !inRegion(rv.Pos()) && slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		return typesx.IsErrorType(r.m.info.TypeOf(a)) && !typesx.IsNil(r.m.info, a)
	})
}
