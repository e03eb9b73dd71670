package waitnum

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitshape"
)

// This file reads the default of a wait function the user may give (doc.go):
// a local func value holding a field of the configuration that the package
// leaves to the user or, when that is nil, a named function or a func
// factory's call with constant arguments (fallback), assigned under
// `if f == nil` or picked by a helper or getter method of the package (whose
// result may also be called at once). Any other value of the local (a
// literal, a named function, another call) keeps the wait unknown.

// nilDefault returns the default (fallback's) the local func value v holds
// when the setting it was given is nil, or nil.
func (ip *winterp) nilDefault(v *types.Var) ast.Expr {
	info, body := ip.m.info, ip.body
	if body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil
	}
	vals, ok := typesx.LocalValues(info, body, v)
	var at, gx ast.Expr
	var guard *ast.IfStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if is, isIf := n.(*ast.IfStmt); isIf {
			if x := ip.nilAssigned(is, v); x != nil {
				ok = ok && guard == nil
				at, gx, guard = x, x, is
			}
		}
		return ok
	})
	if !ok {
		return nil
	}
	for _, x := range vals {
		switch call, isCall := ast.Unparen(x).(*ast.CallExpr); {
		case x == gx:
		case guard != nil && x.Pos() >= guard.Pos():
			return nil // assigned after the default: another value
		case isCall:
			d := ip.helperDefault(call)
			if d == nil || at != nil && types.ExprString(d) != types.ExprString(at) {
				return nil
			}
			at = d
		case guard == nil || !ip.setting(x):
			return nil
		}
	}
	return at
}

// nilAssigned returns D when is is `if v == nil { v = D }`, D a fallback,
// with no else.
func (ip *winterp) nilAssigned(is *ast.IfStmt, v *types.Var) ast.Expr {
	if as := typesx.NilAssigned(ip.m.info, is, v); as != nil {
		return ip.fallback(as.Rhs[0])
	}
	return nil
}

// fallback returns x when it is a named function, of any package, or a
// call of a func factory of the package with constant arguments
// (FuncFactory); else nil: a parameter, another call's result.
func (ip *winterp) fallback(x ast.Expr) ast.Expr {
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		if _, lit := ip.m.FuncFactory(call); lit != nil {
			return x
		}
	}
	if typesx.NamedFunc(ip.m.info, x) == nil {
		return nil
	}
	return x
}

// helperDefault returns D when call runs a function of the package that
// returns a setting where it is not nil and a fallback D where it is: a function given the setting as its one
// parameter p (`if p != nil { return p }; return D`, or with == and an
// else), or a getter method with no parameter that tests a setting
// itself (`if c.cfg.F != nil { return c.cfg.F }; return D`).
func (ip *winterp) helperDefault(call *ast.CallExpr) ast.Expr {
	if d := ip.getterDefault(call); d != nil {
		return ip.fallback(d)
	}
	return nil
}

// getterDefault returns D, the expression helperDefault's function
// returns where the setting is nil, whatever it is; nil when call is no
// such call. A getter may also return the setting's own answer where it
// is set (`if t.Policy == nil { return DefaultPolicy }; return
// t.Policy()`, the setting a func that gives the value).
func (ip *winterp) getterDefault(call *ast.CallExpr) ast.Expr {
	info := ip.m.info
	fn := typesx.Callee(info, call)
	if fn == nil || fn.Pkg() != ip.m.pkg {
		return nil
	}
	d := ip.m.FuncDecl(fn)
	if d == nil || d.Body == nil {
		return nil
	}
	ps := typesx.FuncParams(info, d.Type)
	param := d.Recv == nil && len(ps) == 1 && ps[0] != nil && len(call.Args) == 1 && ip.setting(call.Args[0])
	tested := func(x ast.Expr) bool {
		id, isID := ast.Unparen(x).(*ast.Ident)
		return param && isID && info.Uses[id] == ps[0] || d.Recv != nil && len(ps) == 0 && ip.setting(x)
	}
	cond, nonNil, isNil := typesx.IfReturn(d.Body)
	x, op := typesx.NilCompared(info, cond)
	if op == token.EQL {
		nonNil, isNil = isNil, nonNil
	}
	if c, ok := ast.Unparen(nonNil).(*ast.CallExpr); ok && len(c.Args) == 0 {
		nonNil = c.Fun
	}
	if x == nil || !tested(x) || types.ExprString(nonNil) != types.ExprString(x) {
		return nil
	}
	return isNil
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

// methodValueDefault runs, for call x of a func-typed field or package
// variable, the method value the package stores in it when that is its
// one value (c.RetryAfter = DefaultBacko().Duration, the user's own left
// aside): the method of the object a constructor of constants builds,
// its receiver bound to the object's fields. ok is false otherwise.
func (ip *winterp) methodValueDefault(x *ast.CallExpr) (waitshape.Num, bool) {
	v, _ := ip.m.info.Uses[typesx.NameIdent(x.Fun)].(*types.Var)
	if v == nil || !ip.m.IndexedVar(v) {
		return waitshape.Num{}, false
	}
	ws, ok := ip.m.Reaching(v)
	var mv *ast.SelectorExpr
	for _, w := range ws {
		if w.Zero {
			continue
		}
		s, isSel := ast.Unparen(w.X).(*ast.SelectorExpr)
		if !isSel || mv != nil {
			return waitshape.Num{}, false
		}
		mv = s
	}
	if !ok || mv == nil {
		return waitshape.Num{}, false
	}
	ctor, isCall := ast.Unparen(mv.X).(*ast.CallExpr)
	meth, _ := ip.m.info.Uses[mv.Sel].(*types.Func)
	if !isCall || meth == nil || meth.Pkg() != ip.m.pkg {
		return waitshape.Num{}, false
	}
	d := ip.m.FuncDecl(meth)
	if d == nil || d.Body == nil || !ip.m.Pure(d.Body, nil) {
		return waitshape.Num{}, false
	}
	st := ip.ctorObj(ctor)
	r := typesx.RecvVar(ip.m.info, d)
	sub := ip.sub(d.Body, d.Type, x)
	if st == nil || r == nil || sub == nil {
		return waitshape.Num{}, false
	}
	sub.objs = map[*types.Var]*objState{r: st}
	ip.m.NoteLocalDefault(v, mv)
	if ip.m.impl == nil && ip.m.unseen == nil {
		ip.m.viaDefault = meth // its declaration is where the fix goes (waits_impl.go)
	}
	return sub.result(d.Body), true
}
