package waits

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

// Model is what the wait finding needs of the model that found the
// sites.
type Model interface {
	// FuncDecl returns the declaration of a same-package function, or
	// nil.
	FuncDecl(fn *types.Func) *ast.FuncDecl
	// ReentryDecl returns the declaration of via when it leads back to
	// fn (typesx.HeldSelfCalls), or nil.
	ReentryDecl(via, fn *types.Func) *ast.FuncDecl
	// Decls returns the declarations of the package's functions.
	Decls() map[*types.Func]*ast.FuncDecl
	// FuncInfo returns the graph of a function body, or nil.
	FuncInfo(body *ast.BlockStmt, ft *ast.FuncType) *interp.FuncInfo
	// FuncObj returns the function a function-valued expression names.
	FuncObj(x ast.Expr) *types.Func
	// TimerDrain reports whether is is `if !t.Stop() { <-t.C }`.
	TimerDrain(is *ast.IfStmt) bool
	// TickerRange reports whether r ranges over a ticker's channel.
	TickerRange(r *ast.RangeStmt) bool
	// NamedStatuses returns the statuses fi compares a StatusCode with,
	// other than tried.
	NamedStatuses(fi *interp.FuncInfo, tried []int) []int
	// BoundFunc returns the function a func parameter of another
	// package's code is bound to (time.Sleep), or the one function of
	// another package a package variable holds (var after = time.After),
	// or nil.
	BoundFunc(x ast.Expr) *types.Func
	// DeciderWaits returns the waits of the decider call runs, shaped
	// and placed at the call (retrysite's decider.go), or nil.
	DeciderWaits(call *ast.CallExpr) []*Hit
	// RetryDecision returns the index of the bool result by which a
	// function of the package decides its caller's retry, or -1.
	RetryDecision(fn *types.Func) int
}

// A Finder finds and describes the waits of the sites of one package
// (or, for a helper of another package of the module, of that package:
// Pass is the analysed package's pass, Info and Pkg the package read).
// It is a value made by the model when it needs one; it holds no state
// but the verdict cache it points to.
type Finder struct {
	Pass *analysis.Pass
	Info *types.Info
	Pkg  *types.Package
	M    Model
	// Wnum runs the waits found (LoopWaits).
	Wnum *waitnum.Interp
	// Verdicts caches ResponseVerdict; the model owns it.
	Verdicts *map[VerdictKey]Verdict
	// Waited caches whether a loop holds a wait (hasWaits); the model
	// owns it.
	Waited *map[ast.Node]bool
	// Helpers caches the waits of same-package helpers' bodies
	// (helperWaits); the model owns it.
	Helpers *map[HelperKey]HelperWaits
}

// Num returns the wait as the wait interpreter takes it.
func (h *Hit) Num() *waitnum.Hit {
	if h == nil {
		return nil
	}
	return waitnum.NewHit(h.Kind, h.Node, h.Expr, h.Inner.Num(), h.Helper, h.TimerVar)
}
