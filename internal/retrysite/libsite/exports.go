package libsite

import (
	"go/ast"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/internal/knowledge"
)

// What package retrysite asks of the library readers.

// LibrarySites finds the library retry sites of the file at fc
// (librarySites, libs.go).
func (m *Reader) LibrarySites(fc inspector.Cursor) []*Site { return m.librarySites(fc) }

// KeptClientSites finds, in the file at fc, the library clients built
// once and kept for every request (keptClientSites, keptcount.go).
func (m *Reader) KeptClientSites(fc inspector.Cursor) []*Site { return m.keptClientSites(fc) }

// PacedLoops completes the hand-written loop sites among sites that a
// library paces (pacedLoops, paced.go).
func (m *Reader) PacedLoops(pass *analysis.Pass, sites []*Site) { m.pacedLoops(pass, sites) }

// IntValue returns the integer x evaluates to (intValue, libbounds.go).
func (m *Reader) IntValue(x ast.Expr) (int64, bool) { return m.intValue(x) }

// DurationValue returns the duration x evaluates to (durationValue,
// libbounds.go).
func (m *Reader) DurationValue(x ast.Expr) (time.Duration, bool) { return m.durationValue(x) }

// FuncObj returns the function a function-valued expression names
// (funcObj, outcomes_libs.go).
func (m *Reader) FuncObj(x ast.Expr) *types.Func { return m.funcObj(x) }

// CodeList evaluates a list of integer constants: the arguments, or a
// single slice argument (codeList, outcomes_libs.go).
func (m *Reader) CodeList(args []ast.Expr) ([]int64, bool) { return m.codeList(args) }

// EntryKey is the key of fn in the internal/knowledge tables.
func EntryKey(fn *types.Func) string { return entryKey(fn) }

// EntryRoots returns the configuration and the operation arguments of a
// call c of the library entry e (entryRoots, libs.go).
func EntryRoots(e knowledge.Entry, c *ast.CallExpr) (cfg []ast.Expr, ops []ast.Expr) {
	return entryRoots(e, c)
}
