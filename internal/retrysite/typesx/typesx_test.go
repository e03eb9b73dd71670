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
