package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// The locals an iteration declares before its operation.
//
// A walk from the operation (interp's Reach) starts with nothing known
// but what its StartEnv gives it. A loop that declares its decision
// before the operation, on every iteration,
//
//	for i := 0; i <= c.maxRetries; i++ {
//		var shouldRetry bool
//		res, err = c.roundTrip(req)
//		if err != nil { shouldRetry = true }
//		if !shouldRetry { break }
//	}
//
// holds that decision at its zero when the operation runs: a success
// leaves it false and leaves the loop. DeclsBefore gives the walk the
// declarations of such locals, which it executes: declared with no value
// or a constant (`var ok bool`, `n := 0`), of a boolean or integer type,
// in the statement lists that hold the operation, up to the body of the
// innermost loop (or the function's body), with no statement between
// the declaration and the operation that writes them, takes their
// address or carries a label (a goto could come back between them).
// Every other variable starts as before.

// DeclsBefore returns the declarations, in order, of the locals declared
// before the node at index of f's graph's block (see above), for the walk
// from it to execute.
func DeclsBefore(f Func, block int32, index int) []ast.Node {
	b := f.Graph().Blocks[block]
	if f.Body() == nil || index >= len(b.Nodes) {
		return nil
	}
	at := b.Nodes[index].Pos()
	// The nodes that hold the operation, outermost first.
	var path []ast.Node
	ast.Inspect(f.Body(), func(n ast.Node) bool {
		if n == nil || n.Pos() > at || at >= n.End() {
			return false
		}
		path = append(path, n)
		return true
	})
	// The statement lists that hold it, from the innermost loop's body
	// in, and the statements of each before the one that holds it.
	var before []ast.Stmt
	for k := 0; k+1 < len(path); k++ {
		switch n := path[k].(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			before = before[:0] // only what follows the innermost loop's head counts
		case *ast.BlockStmt:
			before = append(before, stmtsBefore(n.List, path[k+1])...)
		case *ast.CaseClause:
			before = append(before, stmtsBefore(n.Body, path[k+1])...)
		case *ast.CommClause:
			before = append(before, stmtsBefore(n.Body, path[k+1])...)
		}
	}
	info := f.Package().Info()
	var decls []ast.Node
	for _, s := range before {
		for _, spec := range constDecls(info, s) {
			vs := spec.names
			if len(vs) == 0 || changedBetween(info, f.Body(), vs, s.End(), at) {
				continue
			}
			decls = append(decls, spec.node)
		}
	}
	return decls
}

// stmtsBefore returns the statements of list before the one that is
// child.
func stmtsBefore(list []ast.Stmt, child ast.Node) []ast.Stmt {
	for i, s := range list {
		if s == child {
			return list[:i]
		}
	}
	return nil
}

// A constDecl is a node of the graph that declares locals with no value
// or constants: a ValueSpec, or a define of constants.
type constDecl struct {
	node  ast.Node
	names []*types.Var
}

// constDecls returns the declarations of boolean or integer locals with
// no value or constant values that s makes.
func constDecls(info *types.Info, s ast.Stmt) []constDecl {
	scalar := func(v *types.Var) bool { return typesx.IsBool(v.Type()) || typesx.IsInteger(v.Type()) }
	constant := func(xs []ast.Expr) bool {
		return !slices.ContainsFunc(xs, func(x ast.Expr) bool { return info.Types[x].Value == nil })
	}
	var out []constDecl
	switch s := s.(type) {
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return nil
		}
		for _, sp := range gd.Specs {
			vs, ok := sp.(*ast.ValueSpec)
			if !ok || !constant(vs.Values) {
				continue
			}
			d := constDecl{node: vs}
			for _, name := range vs.Names {
				if v, ok := info.Defs[name].(*types.Var); ok && scalar(v) {
					d.names = append(d.names, v)
				}
			}
			if len(d.names) == len(vs.Names) {
				out = append(out, d)
			}
		}
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != len(s.Rhs) || !constant(s.Rhs) {
			return nil
		}
		d := constDecl{node: s}
		for _, l := range s.Lhs {
			id, _ := l.(*ast.Ident)
			v, _ := info.Defs[id].(*types.Var)
			if id == nil || v == nil || !scalar(v) {
				return nil // a redeclared name is an assignment
			}
			d.names = append(d.names, v)
		}
		out = append(out, d)
	}
	return out
}

// changedBetween reports whether some node of body between from and to
// writes one of vs (typesx.Writes: an assignment, ++, its address taken,
// a closure's), or is a label.
func changedBetween(info *types.Info, body *ast.BlockStmt, vs []*types.Var, from, to token.Pos) bool {
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok || id.Pos() < from || id.Pos() >= to {
			return false
		}
		v, _ := info.Uses[id].(*types.Var)
		return v != nil && slices.Contains(vs, v)
	}
	if typesx.Writes(info, body, is) {
		return true
	}
	labelled := false
	ast.Inspect(body, func(n ast.Node) bool {
		if labelled || n == nil || n.End() <= from || n.Pos() >= to {
			return false
		}
		_, labelled = n.(*ast.LabeledStmt)
		labelled = labelled && n.Pos() >= from
		return !labelled
	})
	return labelled
}
