package typesx

import (
	"go/ast"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Preorder calls f for each node of the files of pass whose type is one
// of types, in the order ast.Inspect visits them. It reads the pass's
// inspector when the pass has one (built from the same files, it skips
// every subtree that holds none of those types, where a walk visits every
// node of the package); else it walks the files.
func Preorder(pass *analysis.Pass, types []ast.Node, f func(ast.Node)) {
	if insp, ok := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector); ok {
		for c := range insp.Root().Preorder(types...) {
			f(c.Node())
		}
		return
	}
	for _, file := range pass.Files {
		PreorderIn(inspector.Cursor{}, false, file, types, f)
	}
}

// PreorderIn is Preorder within the node of a cursor, when the pass's
// inspector gave one (ok), else within n.
func PreorderIn(cur inspector.Cursor, ok bool, n ast.Node, types []ast.Node, f func(ast.Node)) {
	if ok {
		for c := range cur.Preorder(types...) {
			f(c.Node())
		}
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if n != nil && oneOf(n, types) {
			f(n)
		}
		return true
	})
}

// oneOf reports whether n has the type of one of types.
func oneOf(n ast.Node, types []ast.Node) bool {
	return slices.ContainsFunc(types, func(t ast.Node) bool { return reflect.TypeOf(n) == reflect.TypeOf(t) })
}

// BodyCursor returns the cursor, in the pass's inspector, of body, a
// function body of the package, so that a walk of a body asked about
// many times (does this function cross an integration boundary?) reads
// the inspector, which skips the subtrees that hold none of the nodes
// asked for, instead of visiting every node with ast.Inspect. ok is false
// for code the inspector does not hold (another package's source).
func BodyCursor(pass *analysis.Pass, body *ast.BlockStmt) (cur inspector.Cursor, ok bool) {
	insp, has := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !has || body == nil || !body.Pos().IsValid() {
		return cur, false
	}
	// The innermost node that holds the body's extent is the body: its
	// braces are outside every node it holds.
	if cur, ok = insp.Root().FindByPos(body.Pos(), body.End()); ok && cur.Node() == body {
		return cur, true
	}
	return inspector.Cursor{}, false
}

// IdentCursor returns the cursor of id, an identifier of the files root's
// inspector holds: the innermost node over the identifier's span is the
// identifier (a leaf); FindNode is the slower, sure way when it is not.
func IdentCursor(root inspector.Cursor, id *ast.Ident) (inspector.Cursor, bool) {
	if c, found := root.FindByPos(id.Pos(), id.End()); found && c.Node() == id {
		return c, true
	}
	return root.FindNode(id)
}
