package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file decides whether a bool the model sees returned by a function
// of the package (or a literal, or a func value it resolves) can be false
// because an operation failed. A function whose every false is a
// predicate's answer (if !w.store.IsAvailable() { return false }, or
// return c.cond.Ready()) is a predicate itself: a loop waiting for it to
// turn true is a state poll, not a retry, however the predicate is
// reached. So is a false returned on a select's receive of an event (a
// value with no error in it: case ev := <-w.Events: return false): the
// channel's answer, as a bare ok from a channel is. Any other false (an error, a status, a comparison, a false
// after a loop, a bare return) counts as a failure, as before.

// boolFails reports whether the bool result of the function with the
// given body and type may be false on a failure (see above), memoised
// per pass by body; a cycle reads as true.
func (m *model) boolFails(body *ast.BlockStmt, ft *ast.FuncType) bool {
	if body == nil || ft == nil || ft.Results == nil {
		return true
	}
	if v, ok := m.boolFail[body]; ok {
		return v
	}
	m.boolFail[body] = true
	v := m.falseOnFailure(body, ft)
	m.boolFail[body] = v
	return v
}

// falseOnFailure implements boolFails for one body.
func (m *model) falseOnFailure(body *ast.BlockStmt, ft *ast.FuncType) bool {
	n, at := len(ft.Results.List), -1
	for i, f := range ft.Results.List {
		if len(f.Names) > 0 {
			return true // named results: a bare return hides the value
		}
		if interp.IsBool(m.info.TypeOf(f.Type)) {
			at = i
		}
	}
	if at < 0 {
		return true
	}
	sources, certain := 0, true
	var stmts func(list []ast.Stmt, guard ast.Expr)
	var stmt func(s ast.Stmt, guard ast.Expr)
	stmts = func(list []ast.Stmt, guard ast.Expr) {
		for _, s := range list {
			stmt(s, guard)
		}
	}
	stmt = func(s ast.Stmt, guard ast.Expr) {
		if !certain {
			return
		}
		switch s := s.(type) {
		case *ast.ReturnStmt:
			if len(s.Results) != n {
				certain = false
				return
			}
			r := ast.Unparen(s.Results[at])
			if tv, ok := m.info.Types[r]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
				if constant.BoolVal(tv.Value) {
					return
				}
				if guard == nil {
					certain = false
					return
				}
				r = guard
			}
			sources++
			if !m.predicateOnly(r) {
				certain = false
			}
		case *ast.BlockStmt:
			stmts(s.List, guard)
		case *ast.IfStmt:
			g := s.Cond
			if s.Init != nil {
				g = nil
			}
			stmts(s.Body.List, g)
			if s.Else != nil {
				stmt(s.Else, nil)
			}
		case *ast.LabeledStmt:
			stmt(s.Stmt, nil)
		case *ast.ForStmt:
			stmts(s.Body.List, nil)
		case *ast.RangeStmt:
			stmts(s.Body.List, nil)
		case *ast.SwitchStmt:
			stmts(s.Body.List, nil)
		case *ast.TypeSwitchStmt:
			stmts(s.Body.List, nil)
		case *ast.SelectStmt:
			stmts(s.Body.List, nil)
		case *ast.CaseClause:
			stmts(s.Body, nil)
		case *ast.CommClause:
			stmts(s.Body, m.eventReceive(s.Comm))
		}
	}
	stmts(body.List, nil)
	return !certain || sources == 0
}

// predicateOnly reports whether x, a condition or a returned bool, is
// made of predicate calls alone: bare bools from callees okIsOutcome
// does not count as operations, negated or joined with && and ||.
func (m *model) predicateOnly(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		return (x.Op == token.LAND || x.Op == token.LOR) && m.predicateOnly(x.X) && m.predicateOnly(x.Y)
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			return true // an event received (eventReceive)
		}
		return x.Op == token.NOT && m.predicateOnly(x.X)
	case *ast.CallExpr:
		t := m.info.TypeOf(x)
		if t == nil || !interp.IsBool(t) {
			return false
		}
		for _, a := range x.Args {
			if typesx.IsErrorType(m.info.TypeOf(a)) {
				return false
			}
		}
		if tv := m.info.Types[x.Fun]; tv.IsType() || tv.IsBuiltin() {
			return false
		}
		return !m.okIsOutcome(x)
	}
	return false
}

// boolFuncFails is boolFails for a function of the package.
func (m *model) boolFuncFails(fn *types.Func) bool {
	d := m.FuncDecl(fn.Origin())
	if d == nil {
		return true
	}
	return m.boolFails(d.Body, d.Type)
}

// eventReceive returns the receive of a select case whose value carries
// no failure (no error, response or error field: an event, a tick, a
// struct{} signal), or nil.
func (m *model) eventReceive(comm ast.Stmt) ast.Expr {
	u := typesx.CommReceive(comm)
	if u == nil {
		return nil
	}
	ct := m.info.TypeOf(u.X)
	if ct == nil {
		return nil
	}
	ch, ok := ct.Underlying().(*types.Chan)
	if !ok || interp.HasErrorOrResponse(ch.Elem()) {
		return nil
	}
	t := ch.Elem()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			if interp.HasErrorOrResponse(st.Field(i).Type()) {
				return nil
			}
		}
	}
	return u
}
