package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/exits"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// flagFieldIndexed is flagField with the package's flags judged in one
// walk: the first question fills the cache (m.flags, exits.Flags) with every bool or
// integer field of the package its files use, each judged over all its
// uses, as onlyConstantWrites would (exits/flags.go), so that no question
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
// reads the identifiers with their paths from the pass's inspector, and
// asks the type information only about identifiers named like a field
// of a flag type the package declares (flagNames).
func (m *model) indexFlags() {
	m.flags = make(exits.Flags)
	names, all := m.flagNames()
	if len(names) == 0 && !all {
		return
	}
	isConst := func(x ast.Expr) bool {
		tv, found := m.info.Types[x]
		return found && tv.Value != nil
	}
	typesx.PreorderStack(m.pass, []ast.Node{(*ast.Ident)(nil)}, func(n ast.Node, stack []ast.Node) {
		id := n.(*ast.Ident)
		if !all && !names[id.Name] {
			return
		}
		v, ok := m.info.Uses[id].(*types.Var)
		if !ok || !v.IsField() || v.Pkg() != m.pkg {
			return
		}
		if r, seen := m.flags[v]; seen && !r || !seen && !exits.FlagType(v.Type()) {
			return // one use already makes it no flag, or no flag type
		}
		m.flags[v] = exits.FlagUse(exitsPkg{m}, stack, isConst)
	})
}

// flagNames returns the names of the fields of a flag type the struct
// types of the package's files declare (every field of the package is
// declared in one): an embedded field by its type's name, a field whose
// type is unknown too. all is set when an embedded field's name cannot
// be read: then every identifier is asked.
func (m *model) flagNames() (names map[string]bool, all bool) {
	names = make(map[string]bool)
	typesx.Preorder(m.pass, []ast.Node{(*ast.StructType)(nil)}, func(n ast.Node) {
		for _, fl := range n.(*ast.StructType).Fields.List {
			if len(fl.Names) == 0 {
				if name := embeddedName(fl.Type); name != "" {
					names[name] = true
				} else {
					all = true
				}
				continue
			}
			for _, id := range fl.Names {
				if v, ok := m.info.Defs[id].(*types.Var); !ok || exits.FlagType(v.Type()) {
					names[id.Name] = true
				}
			}
		}
	})
	return names, all
}

// embeddedName is the name of an embedded field of type expression t
// (T, *T, pkg.T, T[A]), "" when t is none of these.
func embeddedName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.ParenExpr:
			t = x.X
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.SelectorExpr:
			return x.Sel.Name
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
