package typesx_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

const sharedSrc = `package p

type S struct{ pos int }

func fetch() (string, error) { return "", nil }

func f(s *S) {
	s.pos += 2
	page, ferr := fetch()
	last := page
	last = page + "!"
	_, _, _ = last, ferr, s
	_ = func() int { return 1 }
}

func g(ok bool) int {
	if ok {
		return 1
	}
	return 0
}
`

func sharedDecls(t *testing.T) (f, g *ast.FuncDecl, info *types.Info) {
	t.Helper()
	file, info, _ := checkSrc(t, sharedSrc)
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			switch fd.Name.Name {
			case "f":
				f = fd
			case "g":
				g = fd
			}
		}
	}
	return f, g, info
}

// TestAssignedVarsAndUses: the variables and fields assigned or
// incremented, whether an expression mentions one of a set, the object
// an identifier defines or uses.
func TestAssignedVarsAndUses(t *testing.T) {
	fd, _, info := sharedDecls(t)
	vars := typesx.AssignedVars(info, fd.Body)
	var names []string
	var pageVar *types.Var
	for v := range vars {
		names = append(names, v.Name())
		if v.Name() == "page" {
			pageVar = v
		}
	}
	sort.Strings(names)
	if got, want := strings.Join(names, " "), "ferr last page pos"; got != want {
		t.Errorf("AssignedVars = %q, want %q", got, want)
	}
	only := map[*types.Var]bool{pageVar: true}
	var uses []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && typesx.UsesAny(info, as.Rhs[0], only) {
			uses = append(uses, types.ExprString(as.Rhs[0]))
		}
		return true
	})
	if got, want := strings.Join(uses, ", "), `page, page + "!"`; got != want {
		t.Errorf("UsesAny: the right-hand sides reading page are %q, want %q", got, want)
	}
	if !typesx.IsIdent(&ast.ParenExpr{X: ast.NewIdent("ok")}, "ok") || typesx.IsIdent(ast.NewIdent("ok"), "err") {
		t.Error("IsIdent: wrong answer")
	}
	for id, obj := range info.Defs {
		if obj != nil && typesx.ObjOf(info, id) != obj {
			t.Errorf("ObjOf(%s) is not its definition", id.Name)
		}
	}
	for id, obj := range info.Uses {
		if typesx.ObjOf(info, id) != obj {
			t.Errorf("ObjOf(%s) is not what it uses", id.Name)
		}
	}
}

// TestReturnsInAndUnion: a return of a function literal is not its
// enclosing function's; a union holds the calls of both sets.
func TestReturnsInAndUnion(t *testing.T) {
	f, g, _ := sharedDecls(t)
	if typesx.ReturnsIn(f.Body) {
		t.Error("ReturnsIn(f): the only return is the literal's")
	}
	if !typesx.ReturnsIn(g.Body.List[0]) {
		t.Error("ReturnsIn(g's if): want true")
	}
	a, b := &ast.CallExpr{}, &ast.CallExpr{}
	u := typesx.Union(map[*ast.CallExpr]bool{a: true}, map[*ast.CallExpr]bool{a: true, b: true})
	if len(u) != 2 || !u[a] || !u[b] {
		t.Errorf("Union = %v, want both calls", u)
	}
}

func TestOperands(t *testing.T) {
	for _, c := range []struct {
		src  string
		op   token.Token
		want []string
	}{
		{"a && (b && c)", token.LAND, []string{"a", "b", "c"}},
		{"a || b && c", token.LOR, []string{"a", "b && c"}},
		{"a || b && c", token.LAND, []string{"a || b && c"}},
		{"(x == nil) || y", token.LOR, []string{"(x == nil)", "y"}},
	} {
		x, err := parser.ParseExpr(c.src)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range typesx.Operands(x, c.op) {
			got = append(got, types.ExprString(o))
		}
		if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("Operands(%s, %s) = %q, want %q", c.src, c.op, got, c.want)
		}
	}
}
