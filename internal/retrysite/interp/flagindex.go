package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// flagFieldIndexed is flagField with the package's flags judged in one
// walk: the first question fills the cache (m.flags) with every bool or
// integer field of the package its files use, each judged over all its
// uses, as onlyConstantWrites would (flags.go), so that no question
// walks the package again. A field the walk did not meet (none of the
// files uses it) is left to flagField.
func (m *model) flagFieldIndexed(sel *ast.SelectorExpr) bool {
	if m.flags == nil {
		m.indexFlags()
	}
	return m.flagField(sel)
}

// indexFlags judges every use of a flag-typed field of the package in
// its files: a field is a flag when every use of it is (flagUse). It
// reads the identifiers with their paths from the pass's inspector.
func (m *model) indexFlags() {
	m.flags = make(map[*types.Var]bool)
	isConst := func(x ast.Expr) bool {
		tv, found := m.info.Types[x]
		return found && tv.Value != nil
	}
	typesx.PreorderStack(m.pass, []ast.Node{(*ast.Ident)(nil)}, func(n ast.Node, stack []ast.Node) {
		v, ok := m.info.Uses[n.(*ast.Ident)].(*types.Var)
		if !ok || !v.IsField() || v.Pkg() != m.pkg {
			return
		}
		if r, seen := m.flags[v]; seen && !r || !seen && !flagType(v.Type()) {
			return // one use already makes it no flag, or no flag type
		}
		m.flags[v] = m.flagUse(stack, isConst)
	})
}
