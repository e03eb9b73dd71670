package exits

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A setting an object was made with (r.offsetOutOfRangeError, a field the
// package writes only in the struct literal that makes the reader) holds
// the same value on every attempt of a loop that reads it from an object
// the function does not replace: an exit on it leaves on the first
// attempt or never, it counts nothing. Such a fork is stateless (interp's sim.go)
// like one on the outcome or the context.

// FixedSetting reports whether sel reads such a setting, a number, bool
// or string: a field the
// package writes only in struct literals (Index.ConstructedOnly) of a
// parameter, receiver or captured variable the function that declares it
// never writes, or of such a setting (r.config.retry).
func FixedSetting(f Func, sel *ast.SelectorExpr) bool {
	fi := newFnc(f)
	info := fi.Info()
	if _, basic := info.TypeOf(sel).Underlying().(*types.Basic); !basic {
		// An object kept in a field (a cache, a client, a func) is the
		// same object, not the same answer: its methods may count.
		return false
	}
	return fi.settingPath(sel)
}

// settingPath reports whether sel reads a field written only in struct
// literals of an unwritten outer variable, through such fields.
func (fi fnc) settingPath(sel *ast.SelectorExpr) bool {
	info := fi.Info()
	v, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || !v.IsField() || !fi.ConstructedOnly(v) {
		return false
	}
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.SelectorExpr:
		return fi.settingPath(x)
	case *ast.StarExpr:
		if inner, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok {
			return fi.settingPath(inner)
		}
		id, ok := ast.Unparen(x.X).(*ast.Ident)
		return ok && fi.unwrittenOuter(id)
	case *ast.Ident:
		return fi.unwrittenOuter(x)
	}
	return false
}

// unwrittenOuter reports whether id names a variable declared before the
// function's body (a parameter, the receiver, a variable a literal
// captures), or in it outside any loop, that the function declaring it
// never writes after its declaration.
func (fi fnc) unwrittenOuter(id *ast.Ident) bool {
	info := fi.Info()
	o, ok := info.Uses[id].(*types.Var)
	if !ok || o.Pkg() == nil || o.Parent() == o.Pkg().Scope() {
		return false
	}
	body := fi.Body()
	if o.Pos() < body.Pos() || o.Pos() >= body.End() {
		d := fi.DeclAt(o.Pos())
		if d == nil || d.Body == nil {
			return false
		}
		body = d.Body
	} else if InLoop(body, o.Pos()) {
		return false
	}
	return !typesx.Writes(info, body, func(x ast.Expr) bool {
		i, ok := ast.Unparen(x).(*ast.Ident)
		return ok && i.Pos() != o.Pos() && info.ObjectOf(i) == o
	})
}

// InLoop reports whether pos lies in a loop of body: a variable declared
// there is made afresh on each iteration.
func InLoop(body *ast.BlockStmt, pos token.Pos) bool {
	in := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			in = in || n.Pos() <= pos && pos < n.End()
		}
		return !in && (n == nil || n.Pos() <= pos && pos < n.End())
	})
	return in
}
