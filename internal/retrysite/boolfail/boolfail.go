package boolfail

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// Host is what a Judge asks of the model: whether a bare ok a call
// returns can be an operation's failure (retrysite's OkIsOutcome, which
// asks Fails in turn of the callees it sees), and the declaration of a
// function of the package.
type Host interface {
	OkIsOutcome(call *ast.CallExpr) bool
	FuncDecl(fn *types.Func) *ast.FuncDecl
}

// A Judge answers Fails for one package: its type information, the
// model it asks, and the answers memoised by body (shared by every Judge
// of the pass: the model keeps the map).
type Judge struct {
	Info *types.Info
	Host Host
	Memo map[*ast.BlockStmt]bool
}

// Fails reports whether the bool result of the function with the given
// body and type may be false on a failure (see the package doc), memoised in
// j.Memo by body; a cycle reads as true.
func (j Judge) Fails(body *ast.BlockStmt, ft *ast.FuncType) bool {
	if body == nil || ft == nil || ft.Results == nil {
		return true
	}
	if v, ok := j.Memo[body]; ok {
		return v
	}
	j.Memo[body] = true
	v := j.falseOnFailure(body, ft)
	j.Memo[body] = v
	return v
}

// falseOnFailure implements Fails for one body.
func (j Judge) falseOnFailure(body *ast.BlockStmt, ft *ast.FuncType) bool {
	n, at := len(ft.Results.List), -1
	for i, f := range ft.Results.List {
		if len(f.Names) > 0 {
			return true // named results: a bare return hides the value
		}
		if typesx.IsBool(j.Info.TypeOf(f.Type)) {
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
			if tv, ok := j.Info.Types[r]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
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
			if !j.predicateOnly(r) {
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
			stmts(s.Body, j.eventReceive(s.Comm))
		}
	}
	stmts(body.List, nil)
	return !certain || sources == 0
}

// predicateOnly reports whether x, a condition or a returned bool, is
// made of predicate calls alone: bare bools from callees the Host's OkIsOutcome
// does not count as operations, negated or joined with && and ||.
func (j Judge) predicateOnly(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		return (x.Op == token.LAND || x.Op == token.LOR) && j.predicateOnly(x.X) && j.predicateOnly(x.Y)
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			return true // an event received (eventReceive)
		}
		return x.Op == token.NOT && j.predicateOnly(x.X)
	case *ast.CallExpr:
		t := j.Info.TypeOf(x)
		if t == nil || !typesx.IsBool(t) {
			return false
		}
		if tv := j.Info.Types[x.Fun]; tv.IsType() || tv.IsBuiltin() || slices.ContainsFunc(x.Args, func(a ast.Expr) bool { return typesx.IsErrorType(j.Info.TypeOf(a)) }) {
			return false
		}
		return !j.Host.OkIsOutcome(x)
	}
	return false
}

// FuncFails is Fails for a function of the package.
func (j Judge) FuncFails(fn *types.Func) bool {
	d := j.Host.FuncDecl(fn.Origin())
	return d == nil || j.Fails(d.Body, d.Type)
}

// eventReceive returns the receive of a select case whose value carries
// no failure (no error, response or error field: an event, a tick, a
// struct{} signal), or nil.
func (j Judge) eventReceive(comm ast.Stmt) ast.Expr {
	u := typesx.CommReceive(comm)
	if u == nil {
		return nil
	}
	ct := j.Info.TypeOf(u.X)
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
