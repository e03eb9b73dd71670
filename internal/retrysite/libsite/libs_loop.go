package libsite

import (
	"go/ast"
	"slices"

	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// This file reads libraries that pace a hand-written loop
// (knowledge.Entry.LoopCond): grafana/dskit's for b.Ongoing() { ...;
// b.Wait() }.

// pacedLoop returns the for statement whose condition is the site's
// call.
func pacedLoop(s *site.Site) *ast.ForStmt {
	var loop *ast.ForStmt
	if s.Func == nil {
		return nil
	}
	ast.Inspect(s.Func, func(n ast.Node) bool {
		if fs, ok := n.(*ast.ForStmt); ok && fs.Cond != nil && ast.Unparen(fs.Cond) == s.Node {
			loop = fs
		}
		return loop == nil
	})
	return loop
}

// callsLibMethod reports whether body calls a method of lib named one of
// names (b.Wait()), outside function literals.
func (m *Reader) callsLibMethod(lib *site.Lib, body *ast.BlockStmt, names ...string) bool {
	found := false
	return typesx.InspectNoLitsUntil(&found, body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn := typesx.Callee(m.info, call)
			found = fn != nil && m.inLib(lib, fn.Pkg()) && fn.Signature().Recv() != nil && slices.Contains(names, fn.Name())
		}
		return true
	})
}
