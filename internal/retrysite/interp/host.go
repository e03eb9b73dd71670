package interp

import (
	"go/ast"
	"go/types"
)

// Host is what the interpreter asks of the model that embeds it: the
// answers of discovery (which calls and literals are operations, which
// loop forms pace a loop) and of the library readers. The interpreter
// never imports the model; the model gives itself as the Host (Init).
type Host interface {
	// TickerRange reports whether r ranges over a ticker's channel.
	TickerRange(r *ast.RangeStmt) bool
	// HeldFuncLit returns the function literal a local variable always
	// holds, or nil.
	HeldFuncLit(x ast.Expr) *ast.FuncLit
	// AcquireAttempt reports whether call takes an attempt from a
	// limiter or a budget.
	AcquireAttempt(call *ast.CallExpr) bool
	// FuncIsIntegration reports whether a same-package function may
	// cross an integration boundary.
	FuncIsIntegration(fn *types.Func, depth int) bool
	// IntValue returns the integer x evaluates to.
	IntValue(x ast.Expr) (int64, bool)
	// OnlyFuncLit returns the one function literal v is assigned, or nil.
	OnlyFuncLit(v *types.Var) *ast.FuncLit
	// SourceSetting reports, for a field of a package of the module
	// read from source, what Index.ConstructedOnly does for the
	// package's own.
	SourceSetting(v *types.Var) bool
	// LitIsIntegration reports whether a function literal may cross an
	// integration boundary.
	LitIsIntegration(lit *ast.FuncLit) bool
	// CancelOnlyCtx reports whether the context of call, in body, can
	// only be cancelled, never time out.
	CancelOnlyCtx(body *ast.BlockStmt, call *ast.CallExpr) bool
	// IsIntegration reports whether call may cross an integration
	// boundary (any callee: of the package, another package, a func
	// value).
	IsIntegration(call *ast.CallExpr) bool
	// TrackerMethod returns the method of the one concrete type of the
	// package that a local receiver of an interface method call holds
	// (an attempt tracker built by a constructor of the package), or nil.
	TrackerMethod(call *ast.CallExpr) *types.Func
	// BoundInit returns the values the parameters of another package's
	// helper are bound to while its body is studied.
	BoundInit(fi *FuncInfo) Env
	// MethodSyntax returns the declaration of a function of the package
	// or of another package of the module (that one from its file parsed
	// alone: syntax only), or nil.
	MethodSyntax(fn *types.Func) *ast.FuncDecl
	// Decider returns the graph of the literal a call of a func value
	// given the operation's error runs when it waits or counts
	// (retrysite's decider.go), or nil; stateless when it writes no
	// variable it captures (its answer counts nothing).
	Decider(call *ast.CallExpr) (fi *FuncInfo, stateless bool)
	// RetryDecision returns the index of the bool result by which a
	// function of the package decides its caller's retry, or -1
	// (retrysite's decider.go).
	RetryDecision(fn *types.Func) int
	// ValueFunc returns the one function of the package a call of a
	// func value runs (a func field every default of which the package
	// writes is that function: retrysite's host.go), or nil.
	ValueFunc(call *ast.CallExpr) *types.Func
	// ValueLit returns the one function literal a call of a func value
	// runs when the package writes no other value to it (a default
	// predicate: var DefaultPredicate Predicate = func(...) {...} set
	// in a field), or nil.
	ValueLit(call *ast.CallExpr) *ast.FuncLit
	// SourceFunc returns the graph of the body of fn, a function of
	// another package outside the standard library that the model can
	// read from source, or nil.
	SourceFunc(fn *types.Func) *FuncInfo
}

// The interpreter's code calls the host under the names discovery gives
// these questions (the value index asks the others: valueindex's
// model.go).

// devirtualize returns the method a call of fn runs: fn itself, or, when
// fn is a method of an interface of the package called on a local
// tracker that holds one concrete type of the package, that type's
// method (Host.TrackerMethod), read through its body like any function
// of the package.
func (m *Model) devirtualize(fn *types.Func, call *ast.CallExpr) *types.Func {
	if fn.Pkg() != m.pkg {
		return fn
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return fn
	}
	if impl := m.host.TrackerMethod(call); impl != nil {
		return impl
	}
	return fn
}
