package typesx_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

const src = `package p

type T struct{ c *C }
type C struct{ items []int }

func (c *C) Do() {}

func g() {}

func f(t *T, h func()) {
	g()
	t.c.Do()
	h()
	_ = int64(3)
	_ = t.c.items[0]
}
`

func check(t *testing.T) (*ast.File, *types.Info, *types.Package) {
	t.Helper()
	return checkSrc(t, src)
}

// checkSrc parses and type-checks one file of package p.
func checkSrc(t *testing.T, src string) (*ast.File, *types.Info, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return f, info, pkg
}

func TestCallee(t *testing.T) {
	f, info, _ := check(t)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := typesx.Callee(info, call); fn != nil {
				got = append(got, fn.Name())
			} else {
				got = append(got, "-")
			}
		}
		return true
	})
	// g(), t.c.Do(), h() (a function value), int64(3) (a conversion).
	want := []string{"g", "Do", "-", "-"}
	if len(got) != len(want) {
		t.Fatalf("callees = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("callees = %v, want %v", got, want)
			break
		}
	}
}

func TestIsNamed(t *testing.T) {
	_, _, pkg := check(t)
	tt := pkg.Scope().Lookup("T").Type()
	for _, tc := range []struct {
		t          types.Type
		path, name string
		want       bool
	}{
		{tt, "p", "T", true},
		{types.NewPointer(tt), "p", "T", true},
		{tt, "p", "C", false},
		{tt, "q", "T", false},
		{types.Typ[types.Int], "", "int", false},
	} {
		if got := typesx.IsNamed(tc.t, tc.path, tc.name); got != tc.want {
			t.Errorf("IsNamed(%v, %q, %q) = %v, want %v", tc.t, tc.path, tc.name, got, tc.want)
		}
	}
}

func TestChainRoot(t *testing.T) {
	for src, want := range map[string][2]string{
		"t.c.items":   {"t", "t"},
		"(*c).cfg":    {"c", "c"},
		"items[i].ID": {"items[i]", "items"},
		"a.b[i].c":    {"a.b[i]", "a"},
		"f().x":       {"f()", "f()"},
	} {
		x, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		for i, index := range []bool{false, true} {
			if got := types.ExprString(typesx.ChainRoot(x, index)); got != want[i] {
				t.Errorf("ChainRoot(%s, %v) = %s, want %s", src, index, got, want[i])
			}
		}
	}
}

func TestVarsAndFiles(t *testing.T) {
	f, info, _ := check(t)
	var fn *ast.FuncDecl
	for _, d := range f.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && d.Name.Name == "f" {
			fn = d
		}
	}
	// _ = t.c.items[0]: the root variable is t, the parameter.
	last := fn.Body.List[len(fn.Body.List)-1].(*ast.AssignStmt).Rhs[0]
	if v := typesx.RootVar(info, last); v == nil || v.Name() != "t" {
		t.Errorf("RootVar(%s) = %v, want t", types.ExprString(last), v)
	}
	if v := typesx.VarOf(info, last); v != nil {
		t.Errorf("VarOf(%s) = %v, want nil: not an identifier", types.ExprString(last), v)
	}
	param := fn.Type.Params.List[0].Names[0]
	if v := typesx.VarOf(info, param); v == nil || v.Name() != "t" {
		t.Errorf("VarOf(defining t) = %v, want t", v)
	}
	if id := typesx.IdentOf(&ast.ParenExpr{X: param}); id != param {
		t.Errorf("IdentOf((t)) = %v, want t", id)
	}
	if id := typesx.IdentOf(last); id != nil {
		t.Errorf("IdentOf(%s) = %v, want nil", types.ExprString(last), id)
	}
	if got := typesx.FileOf([]*ast.File{f}, last.Pos()); got != f {
		t.Errorf("FileOf(pos in f) = %v, want the file", got)
	}
	if got := typesx.FileOf([]*ast.File{f}, token.NoPos); got != nil {
		t.Errorf("FileOf(NoPos) = %v, want nil", got)
	}
	if body, typ := typesx.EnclosingBody(f, last.Pos()); body != fn.Body || typ != fn.Type {
		t.Errorf("EnclosingBody(pos in f) is not f's body")
	}
	if body, _ := typesx.EnclosingBody(f, f.Name.Pos()); body != nil {
		t.Errorf("EnclosingBody(package clause) = %v, want nil", body)
	}
}

func TestAsTargetAndErrorType(t *testing.T) {
	const src = `package p

import "errors"

type E struct{}

func (*E) Error() string { return "" }

func f(err error) {
	var e *E
	_ = errors.As(err, &e)
	_ = errors.Is(err, err)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: fakeErrors{}}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var calls []*ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			calls = append(calls, c)
		}
		return true
	})
	if len(calls) != 2 {
		t.Fatalf("%d calls, want 2", len(calls))
	}
	v, errx := typesx.AsTarget(info, calls[0])
	if v == nil || v.Name() != "e" || types.ExprString(errx) != "err" {
		t.Errorf("AsTarget(errors.As(err, &e)) = %v, %v; want e, err", v, errx)
	}
	if !typesx.IsErrorType(info.TypeOf(errx)) {
		t.Errorf("IsErrorType(type of err) = false")
	}
	if v, _ := typesx.AsTarget(info, calls[1]); v != nil {
		t.Errorf("AsTarget(errors.Is(...)) = %v, want nil", v)
	}
	if typesx.IsErrorType(types.Typ[types.String]) || typesx.IsErrorType(nil) {
		t.Errorf("IsErrorType(string or nil) = true")
	}
}

// fakeErrors imports a package errors with As and Is, so the test needs
// no export data.
type fakeErrors struct{}

func (fakeErrors) Import(path string) (*types.Package, error) {
	pkg := types.NewPackage("errors", "errors")
	errT := types.Universe.Lookup("error").Type()
	anyT := types.Universe.Lookup("any").Type()
	boolT := types.Typ[types.Bool]
	for _, fn := range []struct {
		name string
		arg  types.Type
	}{{"As", anyT}, {"Is", errT}} {
		sig := types.NewSignatureType(nil, nil, nil,
			types.NewTuple(types.NewVar(token.NoPos, pkg, "err", errT), types.NewVar(token.NoPos, pkg, "target", fn.arg)),
			types.NewTuple(types.NewVar(token.NoPos, pkg, "", boolT)), false)
		pkg.Scope().Insert(types.NewFunc(token.NoPos, pkg, fn.name, sig))
	}
	pkg.MarkComplete()
	return pkg, nil
}
