package libsite

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/knowledge"
)

// What package retrysite asks of the library readers, besides the
// exported methods of the Reader (LibrarySites, KeptClientSites,
// PacedLoops, IntValue, DurationValue, FuncObj, CodeList).

// EntryKey is the key of fn in the internal/knowledge tables.
func EntryKey(fn *types.Func) string { return entryKey(fn) }

// EntryRoots returns the configuration and the operation arguments of a
// call c of the library entry e (entryRoots, libs.go).
func EntryRoots(e knowledge.Entry, c *ast.CallExpr) (cfg []ast.Expr, ops []ast.Expr) {
	return entryRoots(e, c)
}
