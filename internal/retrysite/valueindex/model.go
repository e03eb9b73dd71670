package valueindex

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
)

// Index is the value index of one package, beside the interpreter of
// the package (interp.Model, embedded: its exported methods are the
// index's). The retry-site model embeds it beside the interpreter.
type Index struct {
	*interp.Model
	// host, pass, info, pkg and decls are the interpreter's own, kept
	// here for the index's code (Init and Rebind keep both in step).
	host  interp.Host
	pass  *analysis.Pass
	info  *types.Info
	pkg   *types.Package
	decls map[*types.Func]*ast.FuncDecl
	// Vx is the package-wide value index, built on first use
	// (values_index.go).
	Vx *valueIndex
	// nilCounts caches nilCount (offcount.go).
	nilCounts map[*types.Var]*Note
	// zeroCounts caches zeroCount: a read that tests the field as a
	// switch, nil when it is no count shipped off (offcount.go).
	zeroCounts map[*types.Var]*ast.SelectorExpr
	// declBodies are the bodies of decls, made on first use
	// (capturedCounters); Rebind drops them.
	declBodies map[*ast.BlockStmt]bool
	// xbindSeen are the bound parameters FuncValueTargets is resolving,
	// so that a binding that leads back to itself ends (funcvals.go).
	xbindSeen map[*types.Var]bool
}

// Init makes m the index of the package im interprets, and gives it to
// im (interp.Index).
func (m *Index) Init(im *interp.Model) {
	*m = Index{}
	m.Rebind(im)
}

// Rebind points m, a copy of another index, at im, a copy of the other
// interpreter rebound to other type information (retrysite's xpkg.go
// reads packages of the module from source with copies of the model),
// and gives m to im. The value index itself (Vx) is kept.
func (m *Index) Rebind(im *interp.Model) {
	m.Model = im
	m.host, m.pass, m.info, m.pkg, m.decls = im.Host(), im.Pass(), im.Info(), im.Pkg(), im.Decls()
	m.declBodies, m.xbindSeen = nil, nil
	im.SetIndex(interpIndex{m})
}

// The index's code asks the host under the names the interpreter gives
// these questions (interp's host.go).
