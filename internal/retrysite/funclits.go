package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/exchange"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file decides whether a call through a function value may cross an
// integration boundary (discovery of operations; the not-a-retry rules
// are in package notretry):
//
//   - a call of a local function literal (drainQueue := func() bool {...})
//     crosses an integration boundary only if the literal's body does;
//   - a call through a value of an unexported function type of the
//     package does only if one of the package's functions of that type
//     does.

// OnlyFuncLit returns the function literal that is the only value ever
// assigned to the local variable v, or nil.
func (m *model) OnlyFuncLit(v *types.Var) *ast.FuncLit {
	lit, _ := m.onlyValue(v).(*ast.FuncLit)
	return lit
}

// onlyValue returns the only value ever assigned to the local variable
// v, whose address is never taken, or nil.
func (m *model) onlyValue(v *types.Var) ast.Expr {
	// Find the function body that declares v, then every assignment to v.
	scope := m.bodyOf(v.Pos()) // decider.go
	if scope == nil {
		return nil
	}
	var val ast.Expr
	other := false
	set := func(x ast.Expr) {
		if val == nil {
			val = x
		} else {
			other = true
		}
	}
	ast.Inspect(scope, func(n ast.Node) bool {
		if other {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if typesx.VarOf(m.info, l) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					other = true
					continue
				}
				set(ast.Unparen(n.Rhs[i]))
			}
		case *ast.IncDecStmt:
			if typesx.VarOf(m.info, n.X) == v {
				other = true
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if m.info.Defs[name] != v {
					continue
				}
				if i < len(n.Values) {
					set(ast.Unparen(n.Values[i]))
				} else if len(n.Values) > 0 {
					other = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && typesx.VarOf(m.info, n.X) == v {
				other = true // its address escapes
			}
		}
		return true
	})
	if other {
		return nil
	}
	return val
}

// funcValueIsIntegration reports whether a call of a function value may
// cross an integration boundary: unknown function values may; a local
// literal does only if its body calls something that does; a value of an
// unexported function type of the package does only if one of the
// package's functions of that type does (funcTypeIsIntegration).
func (m *model) funcValueIsIntegration(call *ast.CallExpr) bool {
	if lit := m.HeldFuncLit(call.Fun); lit != nil {
		return m.LitIsIntegration(lit)
	}
	if ts, ok := m.FuncValueTargets(call.Fun); ok { // funcvals.go
		return m.TargetIntegration(ts)
	}
	if v, ok := m.funcTypeIsIntegration(m.info.TypeOf(call.Fun)); ok {
		return v
	}
	return true
}

// LitIsIntegration reports whether the body of a function literal makes
// a call that may cross an integration boundary.
func (m *model) LitIsIntegration(lit *ast.FuncLit) bool {
	found, sends := m.anyCall(lit.Body, hasOutcome, false, func(c *ast.CallExpr) bool {
		fn := typesx.Callee(m.info, c)
		if fn == nil {
			return m.HeldFuncLit(c.Fun) != lit && m.funcValueIsIntegration(c) // not itself
		}
		return m.net.IOCall(c, fn) || m.FuncIsIntegration(fn, 1) // package netio
	})
	return found || sends && exchange.IsIntegration(m.pass, m.info, m.pkg, m.FuncIsIntegration, lit.Body)
}

// funcTypeIsIntegration decides, for a call through a value of an
// unexported named function type of the analysed package that no
// exported function, method or field takes, whether it may cross an
// integration boundary. Such values can only be made in the package,
// from its functions, methods and literals of that signature (the
// insertion modes of x/net/html's parser: p.im(p)); the call may cross a
// boundary if one of them does. ok is false for any other type, or when
// the package has no function of the type: the value is then unknown.
func (m *model) funcTypeIsIntegration(t types.Type) (integration, ok bool) {
	named, isNamed := types.Unalias(t).(*types.Named)
	if !isNamed || named.Obj().Pkg() != m.pkg || named.Obj().Exported() || named.TypeParams().Len() > 0 {
		return false, false
	}
	sig, isSig := named.Underlying().(*types.Signature)
	if !isSig {
		return false, false
	}
	if v, ok := m.funcTypes[named]; ok {
		return v > 0, v >= 0
	}
	if m.exposes(named) {
		m.funcTypes[named] = -1
		return false, false
	}
	m.funcTypes[named] = 0 // cycles: assume not, until shown
	seen, found := false, false
	for c := range m.insp().Root().Preorder(funcTypes[1:]...) {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			fn, _ := m.info.Defs[n.Name].(*types.Func)
			if n.Body != nil && fn != nil && types.Identical(withoutRecv(fn.Type().(*types.Signature)), sig) {
				seen = true
				found = m.FuncIsIntegration(fn, 1)
			}
		case *ast.FuncLit:
			if types.Identical(m.info.TypeOf(n), sig) {
				seen = true
				found = m.LitIsIntegration(n)
			}
		}
		if found {
			break
		}
	}
	switch {
	case !seen:
		m.funcTypes[named] = -1
		return false, false
	case found:
		m.funcTypes[named] = 1
	}
	return found, true
}

// withoutRecv returns a signature without its receiver: the type of a
// method value.
func withoutRecv(sig *types.Signature) *types.Signature {
	if sig.Recv() == nil {
		return sig
	}
	return types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
}

// exposes reports whether the package's exported API lets other packages
// make values of t: an exported function or method that takes t, or an
// exported field or variable of type t.
func (m *model) exposes(t types.Type) bool {
	takes := func(sig *types.Signature) bool {
		for i := 0; i < sig.Params().Len(); i++ {
			if types.Identical(sig.Params().At(i).Type(), t) {
				return true
			}
		}
		return false
	}
	scope := m.pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() && takes(obj.Type().(*types.Signature)) {
				return true
			}
		case *types.Var:
			if obj.Exported() && types.Identical(obj.Type(), t) {
				return true
			}
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			for i := 0; i < named.NumMethods(); i++ {
				if mth := named.Method(i); mth.Exported() && takes(mth.Type().(*types.Signature)) {
					return true
				}
			}
			if st, ok := named.Underlying().(*types.Struct); ok {
				for i := 0; i < st.NumFields(); i++ {
					if f := st.Field(i); f.Exported() && types.Identical(f.Type(), t) {
						return true
					}
				}
			}
		}
	}
	return false
}
