package waitvars

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A field the interpreter cannot follow is a stand-in, constant over the
// attempts, when the loop does not write it (selector). A field the
// package writes with a random draw is not: a method the loop reaches
// where the interpreter cannot see (an interface, a func value) may draw
// it again before each attempt. DrawnFields tells such fields apart.

// randomPkgs are the packages whose functions draw at random.
var randomPkgs = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

// DrawnFields returns the fields the package of pass writes (an
// assignment or a keyed literal) with a value that calls a random
// package, directly or through a local defined from one in the same
// function, found in one pass over its functions; info is the package's
// type information.
func DrawnFields(pass *analysis.Pass, info *types.Info) map[*types.Var]bool {
	drawn := make(map[*types.Var]bool)
	insp, ok := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if ok {
		// Only a body that calls a random package writes a drawn
		// value (a draw, or a local defined from one in the body):
		// the calls are found first, most bodies make none.
		draws := randomCalls(info, insp)
		drawsIn := func(n ast.Node) bool {
			i, _ := slices.BinarySearch(draws, n.Pos())
			return i < len(draws) && draws[i] < n.End()
		}
		// The inspector skips what holds no assignment or literal.
		for fc := range insp.Root().Children() {
			for dc := range fc.Children() {
				if fd, ok := dc.Node().(*ast.FuncDecl); ok && fd.Body != nil && drawsIn(fd.Body) {
					writesDrawn(info, dc.ChildAt(edge.FuncDecl_Body, -1), true, fd.Body, drawn)
				}
			}
		}
	} else {
		for _, file := range pass.Files {
			for _, decl := range file.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
					writesDrawn(info, inspector.Cursor{}, false, fd.Body, drawn)
				}
			}
		}
	}
	return drawn
}

// writesDrawn adds to drawn the fields body writes with a random value.
// cur is body's cursor when ok.
func writesDrawn(info *types.Info, cur inspector.Cursor, ok bool, body *ast.BlockStmt, drawn map[*types.Var]bool) {
	// The locals defined from a random draw, found at the first field
	// write: most bodies write no field.
	var randomLocals map[*types.Var]bool
	locals := func() map[*types.Var]bool {
		if randomLocals != nil {
			return randomLocals
		}
		randomLocals = make(map[*types.Var]bool)
		typesx.PreorderIn(cur, ok, body, []ast.Node{(*ast.AssignStmt)(nil)}, func(n ast.Node) {
			as := n.(*ast.AssignStmt)
			for i, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok || i >= len(as.Rhs) && len(as.Rhs) != 1 {
					continue
				}
				rhs := as.Rhs[0]
				if len(as.Lhs) == len(as.Rhs) {
					rhs = as.Rhs[i]
				}
				if v, ok := info.ObjectOf(id).(*types.Var); ok && callsRandom(info, rhs, nil) {
					randomLocals[v] = true
				}
			}
		})
		return randomLocals
	}
	field := func(id *ast.Ident) *types.Var {
		if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() && !drawn[v] {
			return v
		}
		return nil
	}
	typesx.PreorderIn(cur, ok, body, []ast.Node{(*ast.AssignStmt)(nil), (*ast.KeyValueExpr)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				rhs := n.Rhs[0]
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				if f := field(sel.Sel); f != nil && callsRandom(info, rhs, locals()) {
					drawn[f] = true
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok {
				if f := field(k); f != nil && callsRandom(info, n.Value, locals()) {
					drawn[f] = true
				}
			}
		}
	})
}

// randomCalls returns the positions, in order, of the package's calls
// of a random package.
func randomCalls(info *types.Info, insp *inspector.Inspector) []token.Pos {
	var draws []token.Pos
	for c := range insp.Root().Preorder((*ast.CallExpr)(nil)) {
		if call := c.Node().(*ast.CallExpr); randomCall(info, call) {
			draws = append(draws, call.Pos())
		}
	}
	slices.Sort(draws) // the files' order is not their positions'
	return draws
}

// randomCall reports whether call calls a function of a random package.
func randomCall(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := info.Uses[typesx.NameIdent(call.Fun)].(*types.Func)
	return ok && fn.Pkg() != nil && randomPkgs[fn.Pkg().Path()]
}

// callsRandom reports whether x calls a random package or reads one of
// locals.
func callsRandom(info *types.Info, x ast.Expr, locals map[*types.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if randomCall(info, n) {
				found = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && locals[v] {
				found = true
			}
		}
		return !found
	})
	return found
}
