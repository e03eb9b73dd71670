package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// closureWait gives the caller of another package's retry helper the
// helper's wait when its duration is what a func value of the caller
// returns (internal.Retry(ctx, op, func(error) time.Duration { return
// bo.Next() }) waiting timer.Reset(next(err))): the caller's delay
// literal is run over successive calls, with the variables it captures
// kept between them (waitnum's waits_closure.go), and the wait is
// placed at the literal's returned value, in the caller's file. cm is
// the model that ran the helper (decl) with the caller's arguments bound
// to its parameters; w is one of the helper's waits. nil when the wait
// is not such a wait or its shape is unknown.
func (m *model) closureWait(cm *model, decl *ast.FuncDecl, w *Wait) *Wait {
	if w == nil || w.Expr == nil || decl.Body == nil {
		return nil
	}
	x := ast.Unparen(w.Expr)
	if id, ok := x.(*ast.Ident); ok {
		// d := next(err); timer.Reset(d)
		v, _ := cm.info.Uses[id].(*types.Var)
		if v == nil || v.Pos() < decl.Body.Pos() || v.Pos() >= decl.Body.End() {
			return nil
		}
		x = ast.Unparen(typesx.SoleAssigned(cm.info, decl.Body, v))
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	p, _ := cm.info.Uses[id].(*types.Var)
	arg, bound := cm.Xbind[p]
	if p == nil || !bound {
		return nil
	}
	ts, ok := m.AddTarget(nil, arg)
	if !ok || len(ts) != 1 || ts[0].Lit == nil {
		return nil
	}
	lit := ts[0].Lit
	fd := m.DeclAt(lit.Pos())
	if fd == nil || fd.Body == nil {
		return nil
	}
	at := ast.Expr(lit)
	if r := soleReturn(lit.Body); r != nil && len(r.Results) == 1 {
		at = r.Results[0]
	}
	cw := &Wait{Kind: w.Kind, Pos: at.Pos(), Expr: at}
	if !m.wnum.ClosureWait(lit, fd.Body, cw) {
		return nil
	}
	return cw
}

// soleReturn returns the one return statement of a function body
// (outside nested literals), or nil.
func soleReturn(body *ast.BlockStmt) *ast.ReturnStmt {
	if rets := typesx.Returns(body); len(rets) == 1 {
		return rets[0]
	}
	return nil
}
