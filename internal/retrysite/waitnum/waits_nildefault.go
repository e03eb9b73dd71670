package waitnum

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file reads the default of a wait function the user may give: a
// local func value that holds a setting the model cannot see (a field of
// the configuration the package leaves to the user) or, when that is nil,
// a named function:
//
//	f := c.cfg.Backoff
//	if f == nil {
//		f = DefaultBackoff
//	}
//
// or the same through a helper of the package whose one job it is
// (`f := orDefault(c.cfg.Backoff)`, orDefault returning its parameter when
// it is not nil and a named function otherwise). The named function is
// what the package ships: the wait is judged on it, whatever the user may
// set instead (issue 31's defaults where they are filled). Any other value
// of the local (a function literal, a named function, a call) keeps the
// wait unknown.

// nilDefault returns the function the local func value v holds when the
// setting it was given is nil, or nil, and the expression that names it.
func (ip *winterp) nilDefault(v *types.Var) (*types.Func, ast.Expr) {
	info, body := ip.m.info, ip.body
	if body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil, nil
	}
	var vals []ast.Expr
	var def *types.Func
	var at ast.Expr
	var guard *ast.IfStmt
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if d, x := ip.nilAssigned(n, v); d != nil {
				if guard != nil {
					ok = false
				}
				def, at, guard = d, x, n
				return false
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, isID := ast.Unparen(l).(*ast.Ident)
				if !isID || info.Defs[id] != v && info.Uses[id] != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					ok = false
					return false
				}
				vals = append(vals, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for _, name := range n.Names {
				if info.Defs[name] == v {
					ok = false // var f F = ...: not the shape
				}
			}
		case *ast.UnaryExpr:
			if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND && info.Uses[id] == v {
				ok = false
			}
		}
		return true
	})
	if !ok || len(vals) == 0 {
		return nil, nil
	}
	for _, x := range vals {
		if guard != nil && x.Pos() >= guard.Pos() {
			return nil, nil // assigned after the default: another value
		}
		if call, isCall := ast.Unparen(x).(*ast.CallExpr); isCall && len(call.Args) == 1 && ip.setting(call.Args[0]) {
			d, dx := ip.helperDefault(call)
			if d == nil || def != nil && d != def {
				return nil, nil
			}
			def, at = d, dx
			continue
		}
		if guard == nil || !ip.setting(x) {
			return nil, nil
		}
	}
	return def, at
}

// nilAssigned returns D when is is `if v == nil { v = D }`, D a named
// function, with no else, and the expression D.
func (ip *winterp) nilAssigned(is *ast.IfStmt, v *types.Var) (*types.Func, ast.Expr) {
	info := ip.m.info
	if is.Init != nil || is.Else != nil || len(is.Body.List) != 1 || nilTested(info, is.Cond, v) != token.EQL {
		return nil, nil
	}
	as, ok := is.Body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil
	}
	if id, isID := ast.Unparen(as.Lhs[0]).(*ast.Ident); !isID || info.Uses[id] != v {
		return nil, nil
	}
	return namedFunc(info, as.Rhs[0]), as.Rhs[0]
}

// helperDefault returns D when call runs a function of the package that
// returns its one parameter p where p is not nil and the named function D
// where it is (`if p != nil { return p }; return D`, or with == and an
// else), and the expression D.
func (ip *winterp) helperDefault(call *ast.CallExpr) (*types.Func, ast.Expr) {
	info := ip.m.info
	fn := typesx.Callee(info, call)
	if fn == nil || fn.Pkg() != ip.m.pkg {
		return nil, nil
	}
	d := ip.m.FuncDecl(fn)
	if d == nil || d.Body == nil || d.Recv != nil || d.Type.Params.NumFields() != 1 || len(d.Type.Params.List[0].Names) != 1 {
		return nil, nil
	}
	p, _ := info.Defs[d.Type.Params.List[0].Names[0]].(*types.Var)
	list := d.Body.List
	if p == nil || len(list) == 0 || len(list) > 2 {
		return nil, nil
	}
	is, _ := list[0].(*ast.IfStmt)
	if is == nil || is.Init != nil {
		return nil, nil
	}
	holds, other := is.Body.List, list[1:] // the branch where the test holds, the other
	if e, isBlock := is.Else.(*ast.BlockStmt); isBlock && len(list) == 1 {
		other = e.List
	} else if is.Else != nil || len(list) != 2 {
		return nil, nil
	}
	nonNil, isNil := returned(holds), returned(other)
	switch nilTested(info, is.Cond, p) {
	case token.EQL:
		nonNil, isNil = isNil, nonNil
	case token.ILLEGAL:
		return nil, nil
	}
	if id, ok := ast.Unparen(nonNil).(*ast.Ident); !ok || info.Uses[id] != p || isNil == nil {
		return nil, nil
	}
	return namedFunc(info, isNil), isNil
}

// returned returns the one value of a list that is one return statement.
func returned(list []ast.Stmt) ast.Expr {
	if len(list) != 1 {
		return nil
	}
	if r, ok := list[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
		return r.Results[0]
	}
	return nil
}

// nilTested returns == or != when cond compares v with nil, else
// ILLEGAL.
func nilTested(info *types.Info, cond ast.Expr, v *types.Var) token.Token {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL && be.Op != token.NEQ {
		return token.ILLEGAL
	}
	other := be.X
	if typesx.IsNil(info, be.X) {
		other = be.Y
	} else if !typesx.IsNil(info, be.Y) {
		return token.ILLEGAL
	}
	if id, isID := ast.Unparen(other).(*ast.Ident); isID && info.Uses[id] == v {
		return be.Op
	}
	return token.ILLEGAL
}

// setting reports whether x reads a field of the module's code that the
// package does not fill with a value of its own (only the user's, or
// nothing): a default the package writes to the field is the wait instead
// of the nil test's. A field of another package of the module is taken as
// the user's (its writes are not read).
func (ip *winterp) setting(x ast.Expr) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	f, ok := ip.m.info.Uses[sel.Sel].(*types.Var)
	if !ok || !f.IsField() {
		return false
	}
	if !ip.m.IndexedVar(f) {
		return ip.m.ModuleObj(f)
	}
	ws, ok := ip.m.Reaching(f)
	for _, w := range ws {
		ok = ok && w.Zero
	}
	return ok
}

// namedFunc returns the function (not a method) x names, of any package.
func namedFunc(info *types.Info, x ast.Expr) *types.Func {
	var id *ast.Ident
	switch y := ast.Unparen(x).(type) {
	case *ast.Ident:
		id = y
	case *ast.SelectorExpr:
		id = y.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	if fn == nil {
		return nil
	}
	if sig, _ := fn.Type().(*types.Signature); sig == nil || sig.Recv() != nil {
		return nil
	}
	return fn
}
