package exits

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
)

// Pkg is what the exits read of the package under analysis.
type Pkg interface {
	// Info and Types are the package's type information and package.
	Info() *types.Info
	Types() *types.Package
	// Files are the package's files; Pass is the pass, whose inspector
	// the one-walk index of the flags reads (flagindex.go).
	Files() []*ast.File
	Pass() *analysis.Pass
	// FuncDecl returns the declaration of a function of the package, or
	// nil.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// DeclAt returns the package's function declaration holding pos, or
	// nil.
	DeclAt(pos token.Pos) *ast.FuncDecl
	// ConstructedOnly reports whether the package writes the field v only
	// in struct literals (the package-wide value index).
	ConstructedOnly(v *types.Var) bool
	// IsIntegration reports whether call may cross an integration
	// boundary.
	IsIntegration(call *ast.CallExpr) bool
}

// Func is what the exits read of the function whose loop is walked.
type Func interface {
	// Package is the package the function belongs to.
	Package() Pkg
	// Body is the function's body, BodyStart where its declaration
	// starts (its parameters' scope), Graph its control-flow graph.
	Body() *ast.BlockStmt
	BodyStart() token.Pos
	Graph() *cfg.CFG
	// Assigns returns the expressions assigned to a local variable
	// (outside function literals).
	Assigns(v *types.Var) []ast.Expr
	// Stateless reports whether x is computed from the outcome, counters,
	// constants and the like: a fork on it counts nothing.
	Stateless(x ast.Expr) bool
}

// State is what a walk holds of the variables at a block: the value
// interpreter's environment, read through its Int and Nil (a concrete
// type, so that the walks pass it at every select with no allocation).
type State = vals.Env

// fnc and pkg give the exits' code the receivers it reads through: a
// function with its package's methods, and a package.
type (
	fnc struct {
		Func
		Pkg
	}
	pkg struct{ Pkg }
)

func newFnc(f Func) fnc { return fnc{f, f.Package()} }
