package exits

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// FieldIndexed is Field with the package's flags judged at once: the
// first question fills fl with every bool or integer field of the
// package its files use, each judged over all its uses (flagUse,
// flags.go), so that no question walks the package again. A field the
// walk did not meet (none of the files uses it) is no flag.
func (fl *Flags) FieldIndexed(p Pkg, sel *ast.SelectorExpr) bool {
	if *fl == nil {
		*fl = indexFlags(pkg{p})
	}
	return fl.Field(p, sel)
}

// indexFlags judges every use of a flag-typed field of the package in
// its files: a field is a flag when every use of it is (flagUse). The
// uses are read from the type information (Info.Uses, which holds every
// identifier of the files that uses an object), and only the uses of a
// flag-typed field of the package are looked up in the pass's inspector
// for the path flagUse judges them by: far fewer than the identifiers of
// the package, which a walk would visit one by one.
func indexFlags(m pkg) Flags {
	flags := make(Flags)
	insp, ok := m.Pass().ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !ok {
		insp = inspector.New(m.Files())
	}
	root := insp.Root()
	isConst := func(x ast.Expr) bool {
		tv, found := m.Info().Types[x]
		return found && tv.Value != nil
	}
	var stack []ast.Node
	for id, obj := range m.Info().Uses {
		v, ok := obj.(*types.Var)
		if !ok || !v.IsField() || v.Pkg() != m.Types() {
			continue
		}
		if r, seen := flags[v]; seen && !r || !seen && !flagType(v.Type()) {
			continue // one use already makes it no flag, or no flag type
		}
		c, found := typesx.IdentCursor(root, id)
		if !found {
			continue
		}
		stack = stack[:0]
		for e := range c.Enclosing() {
			stack = append(stack, e.Node())
		}
		slices.Reverse(stack)
		flags[v] = m.flagUse(stack, isConst)
	}
	return flags
}
