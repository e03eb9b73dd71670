package exchange

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// exchangeIsIntegration reports whether body (outside nested literals)
// makes an exchange whose handler may cross an integration boundary.
func (m *model) exchangeIsIntegration(body *ast.BlockStmt) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		send, ok := n.(*ast.SendStmt)
		if !ok {
			return true
		}
		field := fieldOfSelector(m.info, send.Chan)
		req := typesx.VarOf(m.info, send.Value)
		if field == nil || req == nil || !m.awaitsReply(body, req, send.End()) {
			return true
		}
		found = m.handlerIsIntegration(field, m.info.TypeOf(send.Value))
		return !found
	})
}

// fieldOfSelector returns the struct field x selects, or nil.
func fieldOfSelector(info *types.Info, x ast.Expr) *types.Var {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if v, _ := info.Uses[sel.Sel].(*types.Var); v != nil && v.IsField() {
		return v
	}
	return nil
}

// awaitsReply reports whether body, after pos, receives from a field of
// req (<-req.doneCh) and reads another of its fields.
func (m *model) awaitsReply(body *ast.BlockStmt, req *types.Var, pos token.Pos) bool {
	waits, reads := false, false
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if n == nil || n.Pos() < pos {
			return true
		}
		switch x := n.(type) {
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				if sel, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok && typesx.VarOf(m.info, sel.X) == req {
					waits = true
					return false
				}
			}
		case *ast.SelectorExpr:
			if typesx.VarOf(m.info, x.X) == req {
				if v, _ := m.info.Uses[x.Sel].(*types.Var); v != nil && v.IsField() {
					reads = true
				}
			}
		}
		return true
	})
	return waits && reads
}

// handlerIsIntegration reports whether a receive from the channel field
// of the package dispatches a value of type t (in a type switch on the
// value received) to a call, given the value, that may cross an
// integration boundary.
func (m *model) handlerIsIntegration(field *types.Var, t types.Type) bool {
	if t == nil || field.Pkg() != m.pkg {
		return false
	}
	// The variables received from the field: case ev := <-c.eventsCh,
	// ev := <-c.eventsCh, for ev := range c.eventsCh.
	received := make(map[*types.Var]bool)
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if rs, ok := n.(*ast.RangeStmt); ok && rs.Key != nil && fieldOfSelector(m.info, rs.X) == field {
				// for ev := range c.eventsCh
				if v := typesx.VarOf(m.info, rs.Key); v != nil {
					received[v] = true
				}
				return true
			}
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 {
				if u := typesx.CommReceive(as); u != nil && fieldOfSelector(m.info, u.X) == field {
					if v := typesx.VarOf(m.info, as.Lhs[0]); v != nil {
						received[v] = true
					}
				}
			}
			return true
		})
	}
	if len(received) == 0 {
		return false
	}
	found := false
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSwitchStmt)
			if !ok || found {
				return !found
			}
			var x ast.Expr
			switch a := ts.Assign.(type) {
			case *ast.AssignStmt:
				if len(a.Rhs) == 1 {
					x = a.Rhs[0]
				}
			case *ast.ExprStmt:
				x = a.X
			}
			ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
			if !ok || !received[typesx.VarOf(m.info, ta.X)] {
				return true
			}
			for _, c := range ts.Body.List {
				cc, ok := c.(*ast.CaseClause)
				if !ok || len(cc.List) != 1 || !types.Identical(m.info.TypeOf(cc.List[0]), t) {
					continue
				}
				v, _ := m.info.Implicits[cc].(*types.Var)
				if v == nil {
					continue
				}
				found = m.handledBy(cc.Body, v)
			}
			return !found
		})
	}
	return found
}

// handledBy reports whether stmts call, with v as an argument, a
// function that may cross an integration boundary.
func (m *model) handledBy(stmts []ast.Stmt, v *types.Var) bool {
	found := false
	for _, s := range stmts {
		typesx.InspectUntil(&found, s, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return typesx.VarOf(m.info, a) == v }) {
				fn := typesx.Callee(m.info, call)
				found = fn != nil && m.funcIsIntegration(fn, 1)
			}
			return true
		})
	}
	return found
}
