package typesx

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Preorder visits the same nodes in the same order through the pass's
// inspector as through a walk of the files, and PreorderIn likewise.
func TestPreorderSameAsWalk(t *testing.T) {
	const src = `package p

var a, b = 1, 2

func f() {
	x := 1
	x++
	g := func() { b = x; x += 2 }
	g()
	for i := range 3 {
		a = i
	}
}

func h() { a, b = b, a }
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	files := []*ast.File{file}
	types := []ast.Node{(*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.ValueSpec)(nil)}
	collect := func(pass *analysis.Pass) []token.Pos {
		var got []token.Pos
		Preorder(pass, types, func(n ast.Node) { got = append(got, n.Pos()) })
		return got
	}
	insp := inspector.New(files)
	viaInspector := collect(&analysis.Pass{Files: files, ResultOf: map[*analysis.Analyzer]any{inspect.Analyzer: insp}})
	viaWalk := collect(&analysis.Pass{Files: files})
	if len(viaWalk) != 8 || !slices.Equal(viaInspector, viaWalk) {
		t.Errorf("Preorder: inspector gave %v, walk %v (want the same 8 nodes)", viaInspector, viaWalk)
	}

	var fcur inspector.Cursor
	var fdecl *ast.FuncDecl
	for c := range insp.Root().Preorder((*ast.FuncDecl)(nil)) {
		if d := c.Node().(*ast.FuncDecl); d.Name.Name == "f" {
			fcur, fdecl = c, d
		}
	}
	var in, walked []token.Pos
	PreorderIn(fcur, true, nil, types, func(n ast.Node) { in = append(in, n.Pos()) })
	PreorderIn(inspector.Cursor{}, false, fdecl, types, func(n ast.Node) { walked = append(walked, n.Pos()) })
	if len(walked) != 6 || !slices.Equal(in, walked) {
		t.Errorf("PreorderIn: cursor gave %v, walk %v (want the same 6 nodes of f)", in, walked)
	}
}
