package exits

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

// FieldIndexed is Field with the package's flags judged in one walk: the
// first question fills fl with every bool or integer field of the
// package its files use, each judged over all its uses, as
// onlyConstantWrites would (flags.go), so that no question walks the
// package again. A field the walk did not meet (none of the files uses
// it) is left to Field.
func (fl *Flags) FieldIndexed(p Pkg, sel *ast.SelectorExpr) bool {
	if *fl == nil {
		*fl = indexFlags(pkg{p})
	}
	return fl.Field(p, sel)
}

// indexFlags judges every use of a flag-typed field of the package in
// its files: a field is a flag when every use of it is (flagUse). It
// reads the identifiers with their paths from the pass's inspector, and
// asks the type information only about identifiers named like a field
// of a flag type the package declares (flagNames).
func indexFlags(m pkg) Flags {
	flags := make(Flags)
	names, all := m.flagNames()
	if len(names) == 0 && !all {
		return flags
	}
	isConst := func(x ast.Expr) bool {
		tv, found := m.Info().Types[x]
		return found && tv.Value != nil
	}
	typesx.PreorderStack(m.Pass(), []ast.Node{(*ast.Ident)(nil)}, func(n ast.Node, stack []ast.Node) {
		id := n.(*ast.Ident)
		if !all && !names[id.Name] {
			return
		}
		v, ok := m.Info().Uses[id].(*types.Var)
		if !ok || !v.IsField() || v.Pkg() != m.Types() {
			return
		}
		if r, seen := flags[v]; seen && !r || !seen && !flagType(v.Type()) {
			return // one use already makes it no flag, or no flag type
		}
		flags[v] = m.flagUse(stack, isConst)
	})
	return flags
}

// flagNames returns the names of the fields of a flag type the struct
// types of the package's files declare (every field of the package is
// declared in one): an embedded field by its type's name, a field whose
// type is unknown too. all is set when an embedded field's name cannot
// be read: then every identifier is asked.
func (m pkg) flagNames() (names map[string]bool, all bool) {
	names = make(map[string]bool)
	typesx.Preorder(m.Pass(), []ast.Node{(*ast.StructType)(nil)}, func(n ast.Node) {
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
				if v, ok := m.Info().Defs[id].(*types.Var); !ok || flagType(v.Type()) {
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
