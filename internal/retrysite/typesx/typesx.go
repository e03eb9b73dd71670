// Package typesx holds the small queries over go/ast and go/types that
// the model's packages share: the function a call calls, whether a type
// is a given named type, the root of a selector chain. It depends on
// nothing of the model.
package typesx

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns the function or method call calls, or nil (a call of a
// function value, a conversion, a builtin).
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// IsNamed reports whether t (or *t) is the named type path.name.
func IsNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(Deref(t)).(*types.Named)
	return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path
}

// ChainRoot returns the expression at the root of a selector chain: c
// for c.HTTPClient.Timeout and for (*c).cfg; with index, through index
// expressions too (items for items[i].ID).
func ChainRoot(x ast.Expr, index bool) ast.Expr {
	for {
		switch y := ast.Unparen(x).(type) {
		case *ast.SelectorExpr:
			x = y.X
		case *ast.StarExpr:
			x = y.X
		case *ast.IndexExpr:
			if !index {
				return y
			}
			x = y.X
		default:
			return y
		}
	}
}

// RootVar returns the variable used at the root of a selector chain,
// through index expressions.
func RootVar(info *types.Info, x ast.Expr) *types.Var {
	v, _ := info.Uses[IdentOf(ChainRoot(x, true))].(*types.Var)
	return v
}

// VarOf returns the variable an identifier defines or uses, or nil when
// x is not a plain identifier of a variable.
func VarOf(info *types.Info, x ast.Expr) *types.Var {
	v, _ := info.ObjectOf(IdentOf(x)).(*types.Var)
	return v
}

// IdentOf returns x, unparenthesized, if it is an identifier.
func IdentOf(x ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(x).(*ast.Ident)
	return id
}

// FileOf returns the file of files that holds pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// EnclosingBody returns the innermost function body of f that holds pos.
func EnclosingBody(f *ast.File, pos token.Pos) (*ast.BlockStmt, *ast.FuncType) {
	var body *ast.BlockStmt
	var typ *ast.FuncType
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() <= pos {
			return n == nil || n.Pos() <= pos
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				body, typ = n.Body, n.Type
			}
		case *ast.FuncLit:
			body, typ = n.Body, n.Type
		}
		return true
	})
	return body, typ
}

// AsTarget returns the target variable and the error of a call
// errors.As(err, &target), or nil.
func AsTarget(info *types.Info, x ast.Expr) (*types.Var, ast.Expr) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil, nil
	}
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "As" {
		return nil, nil
	}
	u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil, nil
	}
	v := VarOf(info, u.X)
	if v == nil {
		return nil, nil
	}
	return v, call.Args[0]
}

// IsErrorType reports whether t is an error interface: error itself, or
// an interface that has error's method (a package's own `type Error
// interface { error; Code() int }`, net.Error): a nil test of such a
// value is an error test, and an operation returning one fails as with
// error.
func IsErrorType(t types.Type) bool {
	_, tp := t.(*types.TypeParam)
	return t != nil && !tp && types.IsInterface(t) && (IsErrorIface(t) || types.Implements(t, errorIface))
}

// ImplementsError reports whether a value of type t is an error: the
// error interface, an interface embedding it, or a concrete type with an
// Error() string method (a *APIError).
func ImplementsError(t types.Type) bool {
	_, tp := t.(*types.TypeParam)
	return t != nil && !tp && types.Implements(t, errorIface)
}

// ResultIndex returns the index of the last result of a call of type t
// (a tuple, or one type) whose type is, -1 if none is.
func ResultIndex(t types.Type, is func(types.Type) bool) int {
	tup, ok := t.(*types.Tuple)
	if !ok {
		tup = types.NewTuple(types.NewVar(0, nil, "", t))
	}
	ei := -1
	for j := range tup.Len() {
		if is(tup.At(j).Type()) {
			ei = j
		}
	}
	return ei
}

// ErrorResult is the ResultIndex of the last error.
func ErrorResult(t types.Type) int { return ResultIndex(t, IsErrorType) }

// IsErrorIface reports whether t is the error interface itself, the one
// target errors.As fills from every error (a narrower error interface,
// net.Error, is a view only some errors match).
func IsErrorIface(t types.Type) bool {
	return t != nil && types.Identical(t, errorType)
}

// IsBool reports whether t is a boolean type.
func IsBool(t types.Type) bool { return BasicIs(t, types.IsBoolean) }

// IsInteger reports whether t is an integer type (a named duration
// included; nil is none).
func IsInteger(t types.Type) bool { return BasicIs(t, types.IsInteger) }

// BasicIs reports whether t is a basic type (named or not) with one of
// the properties in info (types.IsInteger|types.IsBoolean); nil is none.
func BasicIs(t types.Type, info types.BasicInfo) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&info != 0
}

// errorType is the error interface, and errorIface its underlying
// interface (looked up once: Scope.Lookup is not free).
var (
	errorType  = types.Universe.Lookup("error").Type()
	errorIface = errorType.Underlying().(*types.Interface)
)

// IsStd reports whether an import path belongs to the standard library:
// its first element is one of the standard library's top-level
// directories (GOROOT/src). A path with no dot is not enough: a module
// may be named "myservice" (go mod init myservice), and its packages
// then cross integration boundaries as any other's.
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return stdRoots[first]
}

// stdRoots are the top-level directories of GOROOT/src that hold
// packages (Go 1.26), C for cgo.
var stdRoots = map[string]bool{
	"archive": true, "arena": true, "bufio": true, "builtin": true, "bytes": true, "cmd": true,
	"cmp": true, "compress": true, "container": true, "context": true, "crypto": true,
	"database": true, "debug": true, "embed": true, "encoding": true, "errors": true,
	"expvar": true, "flag": true, "fmt": true, "go": true, "hash": true, "html": true,
	"image": true, "index": true, "internal": true, "io": true, "iter": true, "log": true,
	"maps": true, "math": true, "mime": true, "net": true, "os": true, "path": true,
	"plugin": true, "reflect": true, "regexp": true, "runtime": true, "simd": true,
	"slices": true, "sort": true, "strconv": true, "strings": true, "structs": true,
	"sync": true, "syscall": true, "testing": true, "text": true, "time": true,
	"unicode": true, "unique": true, "unsafe": true, "vendor": true, "weak": true, "C": true,
}

// CarriedError returns the field in which a result of type t carries its
// error, when t is a named struct, or a pointer to one, that is not
// itself an error and has exactly one field of type error (gocql's *Iter,
// whose err field is the query's failure): the result is an outcome even
// though no error is returned beside it. nil otherwise.
func CarriedError(t types.Type) *types.Var {
	if n := carrier(t); n != nil {
		return carriedField(n)
	}
	return nil
}

// CarriedErrors caches CarriedError by the named type it reads, whose
// answer it is alone: the evaluator asks it of every field it reads (a
// method set lookup each time), so a model keeps one per package.
type CarriedErrors map[*types.Named]*types.Var

// Of is CarriedError(t), worked out once per named type.
func (c *CarriedErrors) Of(t types.Type) *types.Var {
	n := carrier(t)
	if n == nil {
		return nil
	}
	return Cached(c, n, func() *types.Var { return carriedField(n) })
}

// carrier returns the named type of outside the standard library that t
// is or points to, the one CarriedError reads, or nil.
func carrier(t types.Type) *types.Named {
	if _, isTuple := t.(*types.Tuple); t == nil || isTuple {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || IsStd(n.Obj().Pkg().Path()) {
		return nil
	}
	return n
}

// carriedField is CarriedError of the named type n (carrier).
func carriedField(n *types.Named) *types.Var {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var found *types.Var
	for f := range st.Fields() {
		if f.Embedded() || !IsErrorType(f.Type()) {
			continue
		}
		if found != nil {
			return nil // two errors: which one fails the call is unknown
		}
		found = f
	}
	// The fields first: most structs carry no error, and asking whether
	// the type is an error (its method set) costs far more.
	if found == nil {
		return nil
	}
	if types.Implements(n, errorIface) || types.Implements(types.NewPointer(n), errorIface) {
		return nil
	}
	return found
}

// PosLess orders two positions of fset by file name, then offset. Sort
// by it, never by comparing token.Pos values, whenever the positions may
// be in different files: a driver that parses a package's files in
// parallel (go/packages does) gives them bases in no fixed order, so the
// order of two Pos values of different files changes from run to run.
func PosLess(fset *token.FileSet, a, b token.Pos) bool {
	fa, fb := fset.File(a), fset.File(b)
	if fa == fb || fa == nil || fb == nil {
		return a < b
	}
	if fa.Name() != fb.Name() {
		return fa.Name() < fb.Name()
	}
	return fa.Offset(a) < fb.Offset(b)
}

// DeclParams returns the parameters of a function declaration in order,
// nil for an unnamed one.
func DeclParams(info *types.Info, decl *ast.FuncDecl) []*types.Var {
	return FuncParams(info, decl.Type)
}

// FuncParams returns the parameters of a function type in order, nil for
// an unnamed one.
func FuncParams(info *types.Info, ft *ast.FuncType) []*types.Var {
	return FieldVars(info, ft.Params)
}

// ParamIndex returns the index of v among the parameters of ft
// (FuncParams), or -1: v is none of them, or v or ft is nil.
func ParamIndex(info *types.Info, ft *ast.FuncType, v *types.Var) int {
	if v == nil || ft == nil {
		return -1
	}
	return slices.Index(FuncParams(info, ft), v)
}

// FieldVars returns the variables a parameter or result list declares
// in order, nil for an unnamed one; nil for a nil list.
func FieldVars(info *types.Info, list *ast.FieldList) []*types.Var {
	var ps []*types.Var
	if list == nil {
		return nil
	}
	for _, fl := range list.List {
		if len(fl.Names) == 0 {
			ps = append(ps, nil)
			continue
		}
		for _, n := range fl.Names {
			v, _ := info.Defs[n].(*types.Var)
			ps = append(ps, v)
		}
	}
	return ps
}

// Within reports whether n lies inside outer.
func Within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// RecvVar returns the named receiver of decl, or nil (a function, an
// unnamed receiver).
func RecvVar(info *types.Info, decl *ast.FuncDecl) *types.Var {
	if decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 {
		return nil
	}
	v, _ := info.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
	return v
}

// FuncDeclAt returns the function declaration of files whose body holds
// pos, or nil.
func FuncDeclAt(files []*ast.File, pos token.Pos) *ast.FuncDecl {
	f := FileOf(files, pos)
	if f == nil {
		return nil
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Pos() <= pos && pos < fd.Body.End() {
			return fd
		}
	}
	return nil
}

// OnlyDefinition returns the one value the local v is given in body: its
// definition or a single assignment (`v := x`, `v = x`), when nothing
// else in body writes it, a field or element of it, or takes its address,
// and it is not declared by a var statement. nil otherwise.
func OnlyDefinition(info *types.Info, body *ast.BlockStmt, v *types.Var) ast.Expr {
	var def ast.Expr
	writes := 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && (info.Defs[id] == v || info.Uses[id] == v) {
					writes++
					if len(n.Lhs) == len(n.Rhs) {
						def = n.Rhs[i]
					}
				} else if _, isIdent := ast.Unparen(l).(*ast.Ident); !isIdent && RootVar(info, l) == v {
					writes += 2 // a field or element of it written
				}
			}
		case *ast.IncDecStmt:
			if RootVar(info, n.X) == v {
				writes += 2
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && RootVar(info, n.X) == v {
				writes += 2 // its address escapes: unknown writes
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if info.Defs[id] == v {
					writes += 2 // var v T: declared, then written
				}
			}
		}
		return true
	})
	if writes != 1 {
		return nil
	}
	return def
}

// Assignments returns the right-hand sides root assigns to v
// (definitions, assignments and op-assignments; one per left-hand side
// when the counts match, the single call otherwise).
func Assignments(info *types.Info, root ast.Node, v *types.Var) []ast.Expr {
	var res []ast.Expr
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) {
					res = append(res, n.Rhs[i])
				} else if len(n.Rhs) == 1 {
					res = append(res, n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] == v && i < len(n.Values) {
					res = append(res, n.Values[i])
				}
			}
		}
		return true
	})
	return res
}

// AddressTaken reports whether root takes the address of v (&v).
func AddressTaken(info *types.Info, root ast.Node, v *types.Var) bool {
	taken := false
	ast.Inspect(root, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND && VarOf(info, u.X) == v {
			taken = true
		}
		return !taken
	})
	return taken
}

// SoleAssigned returns the value of the one assignment or declaration of
// v under root, or nil when v is assigned there more than once, never, or
// as part of a multi-value assignment.
func SoleAssigned(info *types.Info, root ast.Node, v *types.Var) ast.Expr {
	var val ast.Expr
	count := 0
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && (info.Defs[id] == v || info.Uses[id] == v) {
					count++
					val = nil
					if len(n.Lhs) == len(n.Rhs) {
						val = n.Rhs[i]
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == v {
					count++
					val = nil
					if len(n.Names) == len(n.Values) {
						val = n.Values[i]
					}
				}
			}
		}
		return true
	})
	if count != 1 {
		return nil
	}
	return val
}

// CalleeIdent returns the identifier that names the function call calls
// (f, x.f, f[T], through parentheses): the one whose use Callee reads.
// nil for a call of another expression (a literal, a call's result).
func CalleeIdent(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = ast.Unparen(f.X)
	case *ast.IndexListExpr:
		fun = ast.Unparen(f.X)
	}
	return NameIdent(fun)
}

// NameIdent returns the identifier x (unparenthesized) names: x itself,
// or a selector's Sel; nil for any other expression.
func NameIdent(x ast.Expr) *ast.Ident {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// LitElt returns the field the i-th element el of a composite literal of
// struct type st sets (keyed or by position), and the value it gives it;
// the field is nil when it cannot be told.
func LitElt(info *types.Info, st *types.Struct, i int, el ast.Expr) (*types.Var, ast.Expr) {
	if kv, ok := el.(*ast.KeyValueExpr); ok {
		id, _ := kv.Key.(*ast.Ident)
		f, _ := info.Uses[id].(*types.Var)
		return f, kv.Value
	}
	if i < st.NumFields() {
		return st.Field(i), el
	}
	return nil, el
}

// IsDuration reports whether t is time.Duration (not a pointer to it).
func IsDuration(t types.Type) bool {
	_, isPtr := t.(*types.Pointer)
	return !isPtr && IsNamed(t, "time", "Duration")
}

// IsPackageFunc reports whether o is a package-level function (not a
// method, a field or a type).
func IsPackageFunc(o types.Object) bool {
	fn, ok := o.(*types.Func)
	return ok && fn.Signature().Recv() == nil
}

// Deref returns what t points to when it is a pointer type, else t.
func Deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// DeclOfBody returns the function declaration of files whose body is
// body, or nil.
func DeclOfBody(files []*ast.File, body *ast.BlockStmt) *ast.FuncDecl {
	if body == nil {
		return nil
	}
	if d := FuncDeclAt(files, body.Pos()); d != nil && d.Body == body {
		return d
	}
	return nil
}

// IsContextLike reports whether t is context.Context or a copy of it
// (a workflow engine's Context): an interface with Done, Err and Value
// methods, recognised by its code rather than its import path.
func IsContextLike(t types.Type) bool {
	if t == nil || IsNamed(t, "context", "Context") {
		return t != nil
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	params := map[string]int{"Done": 0, "Err": 0, "Value": 1} // Value(key)
	for name, n := range params {
		obj, _, _ := types.LookupFieldOrMethod(iface, false, nil, name)
		if fn, ok := obj.(*types.Func); !ok || fn.Type().(*types.Signature).Params().Len() != n {
			return false
		}
	}
	return true
}

// NamedFunc returns the function (not a method) x names, of any package,
// or nil.
func NamedFunc(info *types.Info, x ast.Expr) *types.Func {
	fn, _ := info.Uses[NameIdent(x)].(*types.Func)
	if fn == nil || fn.Signature().Recv() != nil {
		return nil
	}
	return fn
}

// LocalValues returns every value assigned to the local lv in body (its
// declaration's included); ok is false when one cannot be known (a
// multi-value assignment, an operator applied to lv such as its address
// taken) or there is none.
func LocalValues(info *types.Info, body *ast.BlockStmt, lv *types.Var) (xs []ast.Expr, ok bool) {
	ok = true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				lid, isID := ast.Unparen(l).(*ast.Ident)
				if !isID || info.Defs[lid] != lv && info.Uses[lid] != lv {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) {
					ok = false
				} else {
					xs = append(xs, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == lv && len(n.Values) > 0 {
					if len(n.Values) != len(n.Names) {
						ok = false
					} else {
						xs = append(xs, n.Values[i])
					}
				}
			}
		case *ast.UnaryExpr:
			if uid, isID := ast.Unparen(n.X).(*ast.Ident); isID && info.Uses[uid] == lv {
				ok = false
			}
		}
		return ok
	})
	if !ok || len(xs) == 0 {
		return nil, false
	}
	return xs, true
}

// IsContextSentinel reports whether o is context.Canceled or
// context.DeadlineExceeded: an error compared with it says how a context
// ended, not what failed.
func IsContextSentinel(o types.Object) bool {
	v, ok := o.(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "context" && (v.Name() == "Canceled" || v.Name() == "DeadlineExceeded")
}

// Implementers returns, in the order of their names, the named types of
// pkg that are neither interfaces nor generic and implement iface (their
// pointer does).
func Implementers(pkg *types.Package, iface *types.Interface) []*types.Named {
	var ts []*types.Named
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(n) || n.TypeParams().Len() > 0 || !types.Implements(types.NewPointer(n), iface) {
			continue
		}
		ts = append(ts, n)
	}
	return ts
}

// ParamDecl returns the declaration among files of the function whose
// parameter p is, and p's index among its parameters; nil when p is no
// parameter of a declared function.
func ParamDecl(files []*ast.File, info *types.Info, p *types.Var) (*ast.FuncDecl, int) {
	if f := FileOf(files, p.Pos()); f != nil {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if i := slices.Index(DeclParams(info, fd), p); i >= 0 {
					return fd, i
				}
			}
		}
	}
	return nil, 0
}
