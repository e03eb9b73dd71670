package libsite

import (
	"go/ast"
	"go/types"

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

// callsOn reports whether body calls a method of the site's library
// named one of names (b.Wait()), outside function literals.
func (m *Reader) callsOn(s *site.Site, body *ast.BlockStmt, names ...string) bool {
	return m.callsLibMethod(s.Lib, body, names...)
}

// callsLibMethod reports whether body calls a method of lib named one of
// names, outside function literals.
func (m *Reader) callsLibMethod(lib *site.Lib, body *ast.BlockStmt, names ...string) bool {
	found := false
	if len(names) == 0 {
		return false
	}
	typesx.InspectNoLits(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			fn := typesx.Callee(m.info, n)
			if fn == nil || fn.Pkg() == nil || !lib.Has(m.copies.Path(fn.Pkg())) {
				return true
			}
			if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
				for _, name := range names {
					if fn.Name() == name {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}
