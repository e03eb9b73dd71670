package retrysite

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/modsrc"
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
	xm.x = nil
	xm.Infos = nil
	xm.Vx = m.Vx
	xm.srcOf = xp
	xm.rebindDescribers()
	return &xm
}
