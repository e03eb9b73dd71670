package typesx

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
)

// The queries the model's packages each used to write for themselves
// (issue 14: written once, here).

// UsesAny reports whether x mentions one of vars.
func UsesAny(info *types.Info, x ast.Node, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// AssignedVars returns the variables and fields assigned or incremented
// in n.
func AssignedVars(info *types.Info, n ast.Node) map[*types.Var]bool {
	res := make(map[*types.Var]bool)
	add := func(l ast.Expr) {
		switch l := ast.Unparen(l).(type) {
		case *ast.Ident:
			if v, ok := info.Uses[l].(*types.Var); ok {
				res[v] = true
			} else if v, ok := info.Defs[l].(*types.Var); ok {
				res[v] = true
			}
		case *ast.SelectorExpr:
			// A field: m.index++ moves m.batches[m.index].
			if v, ok := info.Uses[l.Sel].(*types.Var); ok && v.IsField() {
				res[v] = true
			}
		}
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				add(l)
			}
		case *ast.IncDecStmt:
			add(x.X)
		}
		return true
	})
	return res
}

// ObjOf returns the object id defines or uses.
func ObjOf(info *types.Info, id *ast.Ident) types.Object {
	if o := info.Defs[id]; o != nil {
		return o
	}
	return info.Uses[id]
}

// IsIdent reports whether x is (in parentheses or not) the identifier
// name.
func IsIdent(x ast.Expr, name string) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && id.Name == name
}

// ReturnsIn reports whether n holds a return statement of its own
// function (function literals inside aside).
func ReturnsIn(n ast.Node) bool {
	found := false
	return InspectNoLitsUntil(&found, n, func(x ast.Node) bool {
		_, found = x.(*ast.ReturnStmt)
		return !found
	})
}

// Returns returns the return statements of n's own function (function
// literals inside aside), in order.
func Returns(n ast.Node) []*ast.ReturnStmt {
	var rets []*ast.ReturnStmt
	InspectNoLits(n, func(x ast.Node) bool {
		if r, ok := x.(*ast.ReturnStmt); ok {
			rets = append(rets, r)
		}
		return true
	})
	return rets
}

// Union returns the calls of a and of b in a new set.
func Union(a, b map[*ast.CallExpr]bool) map[*ast.CallExpr]bool {
	u := make(map[*ast.CallExpr]bool, len(a)+len(b))
	maps.Copy(u, a)
	maps.Copy(u, b)
	return u
}

// IsNil reports whether x is the predeclared nil.
func IsNil(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(x)]
	return ok && tv.IsNil()
}

// NilTest returns == or != when cond compares v's identifier with nil
// (either side, in parentheses or not), else token.ILLEGAL.
func NilTest(info *types.Info, cond ast.Expr, v types.Object) token.Token {
	x, op := NilCompared(info, cond)
	if id, isID := ast.Unparen(x).(*ast.Ident); isID && v != nil && info.Uses[id] == v {
		return op
	}
	return token.ILLEGAL
}

// NilCompared returns the operand cond compares with nil (either side)
// and == or !=, else nil and token.ILLEGAL.
func NilCompared(info *types.Info, cond ast.Expr) (ast.Expr, token.Token) {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.EQL && be.Op != token.NEQ {
		return nil, token.ILLEGAL
	}
	if IsNil(info, be.X) {
		return be.Y, be.Op
	} else if !IsNil(info, be.Y) {
		return nil, token.ILLEGAL
	}
	return be.X, be.Op
}

// IfReturn reads a body that is `if cond { return a }; return b`, or the
// same with the second return in an else, one value each: it returns
// cond, a and b, else nils.
func IfReturn(body *ast.BlockStmt) (cond, a, b ast.Expr) {
	list := body.List
	if len(list) == 0 || len(list) > 2 {
		return nil, nil, nil
	}
	is, _ := list[0].(*ast.IfStmt)
	if is == nil || is.Init != nil {
		return nil, nil, nil
	}
	other := list[1:]
	if e, isBlock := is.Else.(*ast.BlockStmt); isBlock && len(list) == 1 {
		other = e.List
	} else if is.Else != nil || len(list) != 2 {
		return nil, nil, nil
	}
	returned := func(list []ast.Stmt) ast.Expr {
		if len(list) != 1 {
			return nil
		}
		if r, ok := list[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			return r.Results[0]
		}
		return nil
	}
	if a, b = returned(is.Body.List), returned(other); a == nil || b == nil {
		return nil, nil, nil
	}
	return is.Cond, a, b
}

// Operands returns the operands of a chain of op (token.LAND or
// token.LOR) in x, left to right, through parentheses: a, b and c for
// a && (b && c). Any other x is its own one operand.
func Operands(x ast.Expr, op token.Token) []ast.Expr {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == op {
		return append(Operands(b.X, op), Operands(b.Y, op)...)
	}
	return []ast.Expr{x}
}

// Writes reports whether n writes a variable is accepts: an assignment
// or ++/-- whose target is accepts, its address taken, a range that
// assigns it, or delete or clear given it. Function literals are looked
// into: a closure may write it too.
func Writes(info *types.Info, n ast.Node, is func(ast.Expr) bool) bool {
	written := false
	return InspectUntil(&written, n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				written = written || is(l)
			}
		case *ast.IncDecStmt:
			written = is(x.X)
		case *ast.UnaryExpr:
			written = x.Op == token.AND && is(x.X)
		case *ast.RangeStmt:
			written = x.Key != nil && is(x.Key) || x.Value != nil && is(x.Value)
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && len(x.Args) > 0 {
				if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "delete" || b.Name() == "clear") {
					written = is(x.Args[0])
				}
			}
		}
		return !written
	})
}

// InspectNoLits is ast.Inspect that does not enter function literals (a
// literal runs later, or elsewhere): f is never called on one.
func InspectNoLits(root ast.Node, f func(ast.Node) bool) {
	ast.Inspect(root, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		return f(n)
	})
}

// InspectUntil is ast.Inspect stopped once *done is set (f sets it): f
// is not called again. It returns *done.
func InspectUntil(done *bool, root ast.Node, f func(ast.Node) bool) bool {
	ast.Inspect(root, func(n ast.Node) bool { return !*done && f(n) })
	return *done
}

// InspectNoLitsUntil is InspectUntil outside function literals.
func InspectNoLitsUntil(done *bool, root ast.Node, f func(ast.Node) bool) bool {
	InspectNoLits(root, func(n ast.Node) bool { return !*done && f(n) })
	return *done
}

// VarIs returns a test of whether an expression is v's identifier (in
// parentheses or not).
func VarIs(info *types.Info, v types.Object) func(ast.Expr) bool {
	return func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
}

// VariadicArg reports whether x is an argument in the variadic part of
// parent, a call of a variadic function (a log line's or fmt.Errorf's
// arguments).
func VariadicArg(info *types.Info, parent ast.Node, x ast.Expr) bool {
	call, ok := parent.(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return false
	}
	sig, ok := info.TypeOf(call.Fun).(*types.Signature)
	if !ok || !sig.Variadic() {
		return false
	}
	for i, a := range call.Args {
		if a == x {
			return i >= sig.Params().Len()-1
		}
	}
	return false
}

// Cached returns (*m)[k], worked out by f and kept on its first use.
func Cached[M ~map[K]V, K comparable, V any](m *M, k K, f func() V) V {
	if v, ok := (*m)[k]; ok {
		return v
	}
	if *m == nil {
		*m = make(M)
	}
	v := f()
	(*m)[k] = v
	return v
}

// TestsValue reports whether the code under root tests a value isV
// recognises: compares it (== or !=), switches on it, indexes a table
// with it, or gives it to a call that answers a bool (isIdempotent(m),
// strings.EqualFold(req.Method, "GET")). A method filter is such a test
// of a request's method.
func TestsValue(info *types.Info, root ast.Node, isV func(ast.Expr) bool) bool {
	found := false
	return InspectUntil(&found, root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			found = (n.Op == token.EQL || n.Op == token.NEQ) && (isV(n.X) || isV(n.Y))
		case *ast.SwitchStmt:
			found = n.Tag != nil && isV(n.Tag)
		case *ast.IndexExpr:
			found = isV(n.Index)
		case *ast.CallExpr:
			b, ok := info.TypeOf(n).(*types.Basic)
			found = ok && b.Kind() == types.Bool && slices.ContainsFunc(n.Args, isV)
		}
		return true
	})
}

// MirrorOp is comparison op with its operands swapped: a < b is b > a.
func MirrorOp(op token.Token) token.Token {
	return cmp.Or(mirrored[op], op)
}

// NegateOp is the ordering that holds where op's does not: !(a < b) is
// a >= b.
func NegateOp(op token.Token) token.Token {
	return cmp.Or(negated[op], op)
}

var (
	mirrored = map[token.Token]token.Token{
		token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ,
	}
	negated = map[token.Token]token.Token{
		token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ, token.GEQ: token.LSS,
	}
)

// IsLenCall reports whether x is a call of the builtin len.
func IsLenCall(info *types.Info, x ast.Expr) bool {
	c, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return false
	}
	b, _ := info.Uses[IdentOf(c.Fun)].(*types.Builtin)
	return b != nil && b.Name() == "len"
}

// NilAssigned returns the assignment when is is `if v == nil { v = D }`,
// with no init and no else (a fallback where v was given nothing), or
// nil.
func NilAssigned(info *types.Info, is *ast.IfStmt, v *types.Var) *ast.AssignStmt {
	if is.Init != nil || is.Else != nil || len(is.Body.List) != 1 || NilTest(info, is.Cond, v) != token.EQL {
		return nil
	}
	as, ok := is.Body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	if id, isID := ast.Unparen(as.Lhs[0]).(*ast.Ident); !isID || info.Uses[id] != v {
		return nil
	}
	return as
}

// OwnerField returns the field x selects through: for a.b.c (a method or
// a field of what field b holds: c.client.Do, c.client.RetryMax), the
// field b; nil when x is no such selector.
func OwnerField(info *types.Info, x ast.Expr) *types.Var {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	owner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, _ := info.Uses[owner.Sel].(*types.Var)
	return v
}
