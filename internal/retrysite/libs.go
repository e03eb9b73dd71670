package retrysite

import (
	"go/ast"

	"github.com/retrylint/retrylint/policy"
)

// A Lib is a retry library the model knows.
type Lib struct {
	// Name is the library's short name for messages:
	// "cenkalti/backoff/v4", "retry-go/v4", "go-retryablehttp".
	Name string
	// Path is the import path of the package that holds the entry point.
	Path string
	// ForcesContext is true for configurations whose context is fixed
	// (gRPC service configs are gRPC unary calls).
	ForcesContext bool
	Context       policy.Context
}

// librarySites finds the library retry sites of a file.
func (m *model) librarySites(f *ast.File) []*Site { return nil }
