package valueindex

// The interpreter's names (package interp) under the names the index's
// code has always used for them.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
	"github.com/retrylint/retrylint/internal/retrysite/waitnum"
)

func boolVal(b bool) value          { return interp.BoolVal(b) }
func identOf(x ast.Expr) *ast.Ident { return interp.IdentOf(x) }
func intVal(i int64) value          { return interp.IntVal(i) }
func unknown(d interp.Deps) value   { return interp.Unknown(d) }
func isBool(t types.Type) bool      { return interp.IsBool(t) }

const depOutcome = interp.DepOutcome
const vNil = interp.VNil
const vNonNil = interp.VNonNil

type env = interp.Env
type evaluator = interp.Evaluator
type funcInfo = interp.FuncInfo
type value = interp.Value

// The site model's types the index fills in (a bound chosen over the
// values that reach it, the default noted on a wait).

type (
	Site  = site.Site
	Bound = site.Bound
	Wait  = site.Wait
)

const (
	BoundKnown     = site.BoundKnown
	BoundUnbounded = site.BoundUnbounded
	BoundUnknown   = site.BoundUnknown
	ShapeUnknown   = site.ShapeUnknown
)

// Type helpers (as interp's types.go names them).

func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	return typesx.Callee(info, call)
}

func isErrorType(t types.Type) bool { return typesx.IsErrorType(t) }

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool { return typesx.IsNamed(t, path, name) }

// varOfExpr returns the variable an identifier defines or uses
// (typesx.VarOf).
func varOfExpr(info *types.Info, x ast.Expr) *types.Var { return typesx.VarOf(info, x) }

// wIsInteger reports whether t is an integer type (waitnum.IsInteger).
func wIsInteger(t types.Type) bool { return waitnum.IsInteger(t) }
