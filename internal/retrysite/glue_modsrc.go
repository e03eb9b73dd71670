package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/retrysite/modsrc"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
)

// The model and the module source loader (package modsrc): the names the
// model's code uses for its types, and the model it makes for a package
// read from source.

type (
	// xpkgState is the per-pass state of cross-package following.
	xpkgState = modsrc.Loader[*model]
	// xpkg is one package of the module read from source, with the
	// model that reads it.
	xpkg = modsrc.Package[*model]
)

// xpkgs returns the pass's cross-package state.
func (m *model) xpkgs() *xpkgState {
	if m.x == nil {
		m.x = modsrc.NewLoader[*model](m.analysed())
	}
	return m.x
}

// analysed returns the analysed package as m sees it.
func (m *model) analysed() modsrc.Analysed {
	return modsrc.Analysed{Pass: m.pass, Pkg: m.pkg, Info: m.info}
}

// srcModel returns the model of xp, a package of the module read from
// source: a copy of m over info, the type information of both, that
// follows no other package and reads xp's own functions (methodOf).
func (m *model) srcModel(info *types.Info, xp *xpkg) *model {
	xm := *m
	xm.info = info
	xm.x = m.xpkgs()                              // one loader per pass: a package it reads may call another's
	xm.Infos = make(map[*ast.BlockStmt]*funcInfo) // graphs of its own bodies
	xm.Vx = m.Vx
	xm.srcOf = xp
	xm.srcSettings = make(map[*types.Var]bool)
	xm.modTypes, xm.soleImpls = nil, make(map[*types.Func]*types.Func) // its info is another
	xm.rebindDescribers()
	return &xm
}

// SourceSetting reports whether the field v of the package m reads from
// source is written, there, only in struct literals or by options
// (valueindex.OptionWrite): a setting the object was made with.
func (m *model) SourceSetting(v *types.Var) bool {
	if m.srcOf == nil || v.Pkg() != m.srcOf.Pkg {
		return false
	}
	if r, ok := m.srcSettings[v]; ok {
		return r
	}
	is := func(x ast.Expr) bool {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		return ok && m.info.Uses[sel.Sel] == v
	}
	r := true
	for c := range m.srcOf.Insp.Root().Preorder((*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if is(l) {
					var decl *ast.FuncDecl
					for d := range c.Enclosing((*ast.FuncDecl)(nil)) {
						decl = d.Node().(*ast.FuncDecl)
					}
					r = r && n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) && valueindex.OptionWrite(m.info, decl, n.Pos(), n.Rhs[i])
				}
			}
		case *ast.IncDecStmt:
			r = r && !is(n.X)
		case *ast.UnaryExpr:
			r = r && !(n.Op == token.AND && is(n.X))
		}
	}
	m.srcSettings[v] = r
	return r
}

// DeclElsewhere returns the declaration of fn, a function of another
// package outside the standard library, from its file parsed alone (at
// most MaxDepSource bytes), with that file (ops.Model).
func (m *model) DeclElsewhere(fn *types.Func) (*ast.FuncDecl, *ast.File) {
	if fn.Pkg() == nil || !strings.Contains(strings.Split(fn.Pkg().Path(), "/")[0], ".") {
		return nil, nil
	}
	return m.xpkgs().DeclFile(m.pass.Fset, fn, modsrc.MaxDepSource)
}

// SourceMentions reports whether the source of fn's package holds one of
// words (ops.Model).
func (m *model) SourceMentions(fn *types.Func, words []string) bool {
	return m.xpkgs().Mentions(m.pass.Fset, fn, words)
}
