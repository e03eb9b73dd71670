package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// A Get of the package that goes over the network.
//
// mayBeOp drops methods named as accessors (Get, Lookup, Load, ...):
// http.Header.Get, url.Values.Get and the caches of other packages read
// memory. A method of the analysed package itself is seen whole, and
// mayBeOp also requires its body to reach a fallible call that crosses
// an integration boundary (FuncIsIntegration): a key-value client's
//
//	func (k *KV) Get(key string, q *QueryOptions) (*KVPair, *QueryMeta, error)
//
// sends a request whatever its name says. localFetch tells such a method
// from an accessor: a method of a named type of the package, with a
// body, that takes an argument besides its receiver and whose body does
// indexes no collection of its receiver (c.items[key]).

// localFetch reports whether fn, a method named as an accessor, is a
// method of the package whose body reaches the network (mayBeOp asks,
// besides, that it crosses an integration boundary).
func (m *model) localFetch(fn *types.Func) bool {
	if fn.Pkg() != m.pkg || fn.Name() != "Get" {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || types.IsInterface(sig.Recv().Type()) || sig.Params().Len() == 0 {
		return false
	}
	decl := m.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	// A lookup in a collection first (a cache that fetches on a miss)
	// is an accessor that may fetch: left out.
	var recv *types.Var
	if decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1 {
		recv, _ = m.info.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
	}
	indexes := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && (recv == nil || typesx.RootVar(m.info, ix.X) == recv) {
			indexes = true
		}
		return !indexes
	})
	return !indexes
}

// gotoRegion returns, for a goto loop whose operation is first, the
// statements from the earliest label of the body's top level that a goto
// jumps back to, at or before the operation, to the end of the body, as
// one block: the loop's extent, for the failure-path walk (periodic.go).
// Variables declared before it are carried from one round to the next.
// Nil when no such label holds the operation's statement list.
func gotoRegion(body *ast.BlockStmt, first *ast.CallExpr) *ast.BlockStmt {
	targets := make(map[string]bool)
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil && b.Pos() > first.Pos() {
			targets[b.Label.Name] = true
		}
		return true
	})
	for i, st := range body.List {
		if st.Pos() > first.Pos() {
			break
		}
		if l, ok := st.(*ast.LabeledStmt); ok && targets[l.Label.Name] {
			return &ast.BlockStmt{Lbrace: l.Pos(), List: body.List[i:], Rbrace: body.Rbrace}
		}
	}
	return nil
}
