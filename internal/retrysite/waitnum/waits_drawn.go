package waitnum

import (
	"go/ast"
	"go/types"
)

// A field the interpreter cannot follow is a stand-in, constant over the
// attempts, when the loop does not write it (selector). A field the
// package writes with a random draw is not: a method the loop reaches
// where the interpreter cannot see (an interface, a func value) may draw
// it again before each attempt. drawnAtRandom tells such fields apart.

// randomPkgs are the packages whose functions draw at random.
var randomPkgs = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

// drawnAtRandom reports whether the package writes f (an assignment or
// a keyed literal) with a value that calls a random package, directly or
// through a local defined from one in the same function.
func (m *model) drawnAtRandom(f *types.Var) bool {
	if m.pass == nil || m.pkg != m.pass.Pkg {
		return false // another package's helper: its files are not at hand
	}
	if d, ok := m.drawn[f]; ok {
		return d
	}
	if m.drawn == nil {
		m.drawn = make(map[*types.Var]bool)
	}
	drawn := false
	for _, file := range m.pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || drawn {
				continue
			}
			drawn = m.writesDrawn(fd.Body, f)
		}
	}
	m.drawn[f] = drawn
	return drawn
}

// writesDrawn reports whether body writes f with a random value.
func (m *model) writesDrawn(body *ast.BlockStmt, f *types.Var) bool {
	randomLocals := make(map[*types.Var]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || i >= len(as.Rhs) && len(as.Rhs) != 1 {
				continue
			}
			rhs := as.Rhs[0]
			if len(as.Lhs) == len(as.Rhs) {
				rhs = as.Rhs[i]
			}
			if v, ok := m.info.ObjectOf(id).(*types.Var); ok && m.callsRandom(rhs, nil) {
				randomLocals[v] = true
			}
		}
		return true
	})
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || m.info.Uses[sel.Sel] != f {
					continue
				}
				rhs := n.Rhs[0]
				if len(n.Lhs) == len(n.Rhs) {
					rhs = n.Rhs[i]
				}
				found = found || m.callsRandom(rhs, randomLocals)
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && m.info.Uses[k] == f {
				found = found || m.callsRandom(n.Value, randomLocals)
			}
		}
		return !found
	})
	return found
}

// callsRandom reports whether x calls a random package or reads one of
// locals.
func (m *model) callsRandom(x ast.Expr, locals map[*types.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			var id *ast.Ident
			switch fun := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				id = fun
			case *ast.SelectorExpr:
				id = fun.Sel
			}
			if id != nil {
				if fn, ok := m.info.Uses[id].(*types.Func); ok && fn.Pkg() != nil && randomPkgs[fn.Pkg().Path()] {
					found = true
				}
			}
		case *ast.Ident:
			if v, ok := m.info.Uses[n].(*types.Var); ok && locals[v] {
				found = true
			}
		}
		return !found
	})
	return found
}
