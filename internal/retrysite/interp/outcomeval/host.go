package outcomeval

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
)

// Pkg is what the outcome values read of the package under analysis.
type Pkg interface {
	// Info is the package's type information.
	Info() *types.Info
	// VarDefOf returns what the package does to v (nil if nothing
	// seen): the definition index (IndexDefs) the core keeps.
	VarDefOf(v *types.Var) *VarDef
	// IndexedComposite returns the one composite literal the package
	// gives a map, slice or array field or package variable it only
	// reads in place (the value index's).
	IndexedComposite(v *types.Var) (*ast.CompositeLit, bool)
	// ListPick returns which of its n lists the model has picked for
	// the local v while it decides once per list (Member); else it
	// notes that a decision depended on v's list and reports false.
	ListPick(v *types.Var, n int) (int, bool)
}

// Ev is the evaluator they extend: the core's evaluator of one function
// under one scenario.
type Ev interface {
	Pkg
	// Eval evaluates x in e.
	Eval(x ast.Expr, e vals.Env) vals.Value
	// Scenario is the outcome assumed for the operation, Op the calls
	// that perform it (nil outside outcome studies), Pred whether a
	// retry predicate is evaluated on its own (its context is live).
	Scenario() *vals.Scenario
	Op() map[*ast.CallExpr]bool
	Pred() bool
	// Body is the function's body, BodyStart where its declaration
	// starts; Assigns returns the expressions assigned to a local.
	Body() *ast.BlockStmt
	BodyStart() token.Pos
	Assigns(v *types.Var) []ast.Expr
	// Studied reports whether v is a tracked or an outcome local of the
	// function, OutcomeVar whether it is an outcome local (an error or
	// a response), LocalVar the local variable x names, or nil.
	Studied(v *types.Var) bool
	OutcomeVar(v *types.Var) bool
	LocalVar(x ast.Expr) *types.Var
	// NamedResult reports whether v is a named result of the function
	// (zero on entry, as a local declared without a value).
	NamedResult(v *types.Var) bool
	// CancelOnlyCtx reports whether the context of call, in the body,
	// can only be cancelled, never time out.
	CancelOnlyCtx(call *ast.CallExpr) bool
	// HandledSuccess, BodyReadResult and InlineResult evaluate result i
	// of a call through the predicates and response handlers a loop
	// decides through, and same-package helpers (interp's decide.go,
	// decide_body.go).
	HandledSuccess(call *ast.CallExpr, i int, e vals.Env) (vals.Value, bool)
	BodyReadResult(call *ast.CallExpr, i int, e vals.Env) (vals.Value, bool)
	InlineResult(fn *types.Func, call *ast.CallExpr, i int, e vals.Env) (vals.Value, bool)
	// MethodSyntax returns the declaration of fn, a function of the
	// package or of another package of the module (that one parsed
	// alone: read its syntax only), or nil.
	MethodSyntax(fn *types.Func) *ast.FuncDecl
	// CarriedError is typesx.CarriedError, cached by the model.
	CarriedError(t types.Type) *types.Var
	// FuncKey is fn's package path and name, "path.Name", the key of
	// the knowledge tables, cached by the model.
	FuncKey(fn *types.Func) string
	// Callee is typesx.Callee(Info(), call), kept by the core's
	// evaluator for the calls it reads again and again.
	Callee(call *ast.CallExpr) *types.Func
}

// Evaluator reads the outcome values with an evaluator of the core.
type Evaluator struct{ Ev }

// Of returns the outcome values' reader over ev.
func Of(ev Ev) Evaluator { return Evaluator{ev} }
