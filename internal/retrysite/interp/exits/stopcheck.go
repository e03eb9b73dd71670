package exits

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A stop check is a same-package function or method that only asks
// whether a channel is ready:
//
//	func (p *Plan) shouldStop() bool {
//		select {
//		case <-p.stopCh:
//			return true
//		default:
//			return false
//		}
//	}
//
// It takes no argument, and its body is one select whose every case is a
// receive (a stop channel, ctx.Done()) or the default, each returning a
// constant bool. Like a value received from a channel in the loop itself
// (interp's sim.go, stateless), its answer is an event sent from elsewhere, not a
// count of attempts: an exit on it counts nothing.

// StopCheck reports whether call is a call of a stop check of p.
func StopCheck(p Pkg, call *ast.CallExpr) bool {
	m := pkg{p}
	if len(call.Args) != 0 {
		return false
	}
	fn := typesx.Callee(m.Info(), call)
	if fn == nil || fn.Pkg() != m.Types() {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !typesx.IsBool(sig.Results().At(0).Type()) {
		return false
	}
	d := m.FuncDecl(fn)
	if d == nil || d.Body == nil || len(d.Body.List) != 1 {
		return false
	}
	sel, ok := d.Body.List[0].(*ast.SelectStmt)
	if !ok || len(sel.Body.List) == 0 {
		return false
	}
	for _, c := range sel.Body.List {
		cc, ok := c.(*ast.CommClause)
		if !ok || !receiveComm(cc.Comm) || len(cc.Body) != 1 {
			return false
		}
		ret, ok := cc.Body[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return false
		}
		tv, ok := m.Info().Types[ret.Results[0]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
			return false
		}
	}
	return true
}

// receiveComm reports whether comm is the default case (nil) or a bare
// receive whose value is dropped (case <-ch:).
func receiveComm(comm ast.Stmt) bool {
	if comm == nil {
		return true
	}
	es, ok := comm.(*ast.ExprStmt)
	if !ok {
		return false
	}
	u, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW
}

// A nil test of a value the operation returned (blockParamVal == nil,
// after `blockParamVal, result, err := p.Watcher(p)`) asks what shape the
// answer had, as err != nil does: it counts nothing. The value must be a
// local of the function that only ever holds results of calls crossing
// an integration boundary.

// NilResultTest reports whether x compares such a value with nil.
func NilResultTest(f Func, x *ast.BinaryExpr) bool {
	fi := newFnc(f)
	if x.Op != token.EQL && x.Op != token.NEQ {
		return false
	}
	v := x.X
	if typesx.IsNil(fi.Info(), v) {
		v = x.Y
	} else if !typesx.IsNil(fi.Info(), x.Y) {
		return false
	}
	o, ok := fi.Info().Uses[typesx.IdentOf(v)].(*types.Var)
	if !ok || o.Pos() <= fi.Body().Pos() || o.Pos() >= fi.Body().End() {
		return false
	}
	xs := fi.Assigns(o)
	return len(xs) > 0 && !slices.ContainsFunc(xs, func(a ast.Expr) bool {
		call, ok := ast.Unparen(a).(*ast.CallExpr)
		return !ok || !fi.IsIntegration(call)
	})
}
