// Package libread reads what the code says to a retry library where the
// reading needs no abstract interpreter: a gRPC service config (its
// retryPolicy entries, keys matched case-insensitively as gRPC's JSON
// decoding does), whether it is a constant string, a package variable
// written once, or a document rebuilt from a Go map or struct given to
// json.Marshal or from a fmt.Sprintf template. The other library
// readers run the model's interpreters and live in package libsite.
//
// It is a reader under the model, next to internal/knowledge: package
// libsite finds a library site and asks a Reader for its service
// config (ServiceConfig), then makes one site per valid policy. What it needs of the
// model beyond the package's syntax and types, the values the package
// writes to a package variable (the value index, values_index.go) and
// the value of a duration, it asks through the Model interface, so it
// does not import the model.
package libread

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

// Model is what reading library configuration needs of the model.
type Model interface {
	// IndexedVar reports whether the value index follows v (a field or
	// package variable of the package).
	IndexedVar(v *types.Var) bool
	// Reaching returns the values written to v that may reach a read of
	// it; ok is false when the index cannot tell. (The type of a write
	// is the wait interpreter's, which asks the same question.)
	Reaching(v *types.Var) (ws []waitnum.Write, ok bool)
	// DurationValue returns the duration x evaluates to.
	DurationValue(x ast.Expr) (time.Duration, bool)
}

// A Reader reads the library configuration of one package.
type Reader struct {
	m     Model
	info  *types.Info
	pkg   *types.Package
	files []*ast.File
}

// New returns a Reader of the code info, pkg and files describe, asking
// m what it needs of the model.
func New(info *types.Info, pkg *types.Package, files []*ast.File, m Model) *Reader {
	return &Reader{m: m, info: info, pkg: pkg, files: files}
}
