package notretry_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/retrysite/notretry"
)

const freeSrc = `package p

type T struct{ index int }

func work() (int, error) { return 0, nil }

func f(t *T) {
	work()
	_, _ = work()
	n, err := work()
	go work()
	defer work()
	var x = n
	t.index++
	x = n + 1
	_, _, _ = x, err, t
}
`

func checkFree(t *testing.T) (*ast.FuncDecl, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", freeSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "f" {
			return fd, info
		}
	}
	t.Fatal("no f")
	return nil, nil
}

// TestDroppedCalls: a call in an expression statement, assigned to _ only,
// or run by go or defer has its results dropped; one assigned to a
// variable does not.
func TestDroppedCalls(t *testing.T) {
	fd, _ := checkFree(t)
	dropped := notretry.DroppedCalls(fd.Body)
	var lines []int
	var kept int
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if dropped[c] {
				lines = append(lines, int(c.Pos()))
			} else {
				kept++
			}
		}
		return true
	})
	if len(lines) != 4 || kept != 1 {
		t.Errorf("dropped %d calls, kept %d; want 4 dropped (work(), _, _ =, go, defer), 1 kept (n, err :=)", len(lines), kept)
	}
}
