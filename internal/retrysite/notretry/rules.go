package notretry

import (
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Host is what the rules ask of the model: the declarations of the
// package's functions, the local variables expressions name, and the
// answers of discovery (which calls may be operations, and of which
// operation). The model (internal/retrysite) is the Host.
type Host interface {
	// FuncDecl returns the declaration of a function of the package,
	// or nil.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// DeclAt returns the function declaration holding pos, or nil.
	DeclAt(pos token.Pos) *ast.FuncDecl
	// LocalVar returns the local variable x names, or nil.
	LocalVar(x ast.Expr) *types.Var
	// MayBeOp reports whether call may be an operation: a call that may
	// cross an integration boundary and whose outcome is seen.
	MayBeOp(call *ast.CallExpr) bool
	// OpKey returns the key of the operation call performs: calls with
	// the same key perform the same operation.
	OpKey(call *ast.CallExpr) string
	// DurationValue evaluates a constant time.Duration expression.
	DurationValue(x ast.Expr) (time.Duration, bool)
}

// Group is a set of calls that perform the same operation (the model's
// operation group, as the rules read it).
type Group struct {
	Key   string
	Calls []*ast.CallExpr
	Set   map[*ast.CallExpr]bool
}

// Rules answers the not-a-retry questions for one package. Its zero value
// holds empty caches; Bind points it at the model and the package before
// the model asks (a copy of the model made for another package's source
// binds its own copy).
type Rules struct {
	host Host
	pass *analysis.Pass
	info *types.Info
	pkg  *types.Package
	// procStart caches startsProcesses: 0 unknown, 1 yes, -1 no.
	procStart int
	// procFuncs caches startsProcessIn for the package's functions.
	procFuncs map[*types.Func]bool
}

// Bind points r at the model host and the package it studies.
func (m *Rules) Bind(host Host, pass *analysis.Pass, info *types.Info, pkg *types.Package) *Rules {
	m.host, m.pass, m.info, m.pkg = host, pass, info, pkg
	return m
}
