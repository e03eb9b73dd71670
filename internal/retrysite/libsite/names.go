package libsite

// The names the library readers have always used for the site types
// (package site), the interpreter's values (package interp), the type
// queries (package typesx) and the outcome helpers (package outcomes),
// as in package retrysite.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/outcomes"
	"github.com/retrylint/retrylint/internal/retrysite/site"
	"github.com/retrylint/retrylint/internal/retrysite/typesx"
)

type (
	Lib      = site.Lib
	Site     = site.Site
	Bound    = site.Bound
	Wait     = site.Wait
	Op       = site.Op
	IdemKey  = site.IdemKey
	Outcomes = site.Outcomes
	Setting  = site.Setting
)

const (
	Loop               = site.Loop
	Library            = site.Library
	BoundUnknown       = site.BoundUnknown
	BoundKnown         = site.BoundKnown
	BoundUnbounded     = site.BoundUnbounded
	WaitLibrary        = site.WaitLibrary
	ShapeUnknown       = site.ShapeUnknown
	ShapeNone          = site.ShapeNone
	ShapeConstant      = site.ShapeConstant
	ShapeLinear        = site.ShapeLinear
	ShapeExponential   = site.ShapeExponential
	ShapeEqualJitter   = site.ShapeEqualJitter
	ShapePartialJitter = site.ShapePartialJitter
	ShapeFullJitter    = site.ShapeFullJitter
	KeyUnknown         = site.KeyUnknown
	KeyMissing         = site.KeyMissing
)

func boolVal(b bool) value { return interp.BoolVal(b) }

const depOutcome = interp.DepOutcome

type deps = interp.Deps
type env = interp.Env

const errCert = interp.ErrCert

func errClassScenario(c int64) scenario { return interp.ErrClassScenario(c) }

const errMarked = interp.ErrMarked
const errOther = interp.ErrOther
const errPermanent = interp.ErrPermanent

func errStatusScenario(code int) scenario { return interp.ErrStatusScenario(code) }

type evaluator = interp.Evaluator
type funcInfo = interp.FuncInfo

func grpcScenario(code int) scenario { return interp.GrpcScenario(code) }
func identOf(x ast.Expr) *ast.Ident  { return interp.IdentOf(x) }
func isErrValue(v value) bool        { return interp.IsErrValue(v) }

var k8sStatus = interp.K8sStatus

func matchesCertError(t types.Type) bool { return interp.MatchesCertError(t) }

func retryablehttpDefault(resp value, err value) value { return interp.RetryablehttpDefault(resp, err) }

type scenario = interp.Scenario

func statusScenario(code int) scenario { return interp.StatusScenario(code) }
func unknown(d deps) value             { return interp.Unknown(d) }

const vErrStatus = interp.VErrStatus
const vInt = interp.VInt
const vNil = interp.VNil
const vNonNil = interp.VNonNil

type value = interp.Value

func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	return typesx.Callee(info, call)
}
func isErrorType(t types.Type) bool                     { return typesx.IsErrorType(t) }
func isResponseType(t types.Type) bool                  { return interp.IsResponseType(t) }
func isNamed(t types.Type, path, name string) bool      { return typesx.IsNamed(t, path, name) }
func chainRoot(x ast.Expr, index bool) ast.Expr         { return typesx.ChainRoot(x, index) }
func varOfExpr(info *types.Info, x ast.Expr) *types.Var { return typesx.VarOf(info, x) }
func returnsError(info *types.Info, call *ast.CallExpr) bool {
	return outcomes.ReturnsError(info, call)
}
func shorten(s string) string       { return outcomes.Shorten(s) }
func without(xs []int, v int) []int { return outcomes.Without(xs, v) }
func mergeInts(a, b []int) []int    { return outcomes.MergeInts(a, b) }

var (
	httpStatusReps = outcomes.HTTPStatusReps
	errStatusReps  = outcomes.ErrStatusReps
	grpcCodeReps   = outcomes.GRPCCodeReps
)
