package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
)

// The names the model (package retrysite) uses of the interpreter. The
// interpreter's own code keeps the lowercase names it has always used;
// these are those names, exported.

func AnyScenario() Scenario                                    { return vals.AnyScenario() }
func BoolVal(b bool) Value                                     { return boolVal(b) }
func ContainsOp(node ast.Node, op map[*ast.CallExpr]bool) bool { return bodyscan.ContainsOp(node, op) }

const DepOutcome = depOutcome

type Deps = deps
type Env = env

const ErrCert = outcomeval.ErrCert

func ErrClassScenario(c int64) Scenario { return outcomeval.ErrClassScenario(c) }

const ErrMarked = outcomeval.ErrMarked
const ErrOther = outcomeval.ErrOther
const ErrPermanent = outcomeval.ErrPermanent

func ErrStatusScenario(code int) Scenario { return outcomeval.ErrStatusScenario(code) }
func ErrorScenario() Scenario             { return vals.ErrorScenario() }

type Evaluator = evaluator
type FuncInfo = funcInfo

type ReachGoal = reachGoal

const GoalAgain = goalAgain
const GoalCertain = goalCertain
const GoalFree = goalFree
const GoalFreeFailover = goalFreeFailover

func GrpcScenario(code int) Scenario { return vals.GrpcScenario(code) }
func IntVal(i int64) Value           { return intVal(i) }
func IsErrValue(v Value) bool        { return outcomeval.IsErrValue(v) }

func MatchesCertError(t types.Type) bool { return outcomeval.MatchesCertError(t) }

type NodeRef = nodeRef
type Perturbation = perturbation
type ReachResult = reachResult

func HTTPDefaultPolicy(resp Value, err Value) Value { return outcomeval.HTTPDefaultPolicy(resp, err) }

type Scenario = scenario
type Scope = scope

func StatusScenario(code int) Scenario { return statusScenario(code) }
func SuccessScenario() Scenario        { return vals.SuccessScenario() }
func Unknown(d Deps) Value             { return unknown(d) }

const VBool = vBool
const VErrStatus = vErrStatus
const VInt = vInt
const VNil = vNil
const VNonNil = vNonNil
const VResp = vResp

type Value = value

// FuncType is the signature of the function fi describes (nil for a
// body studied alone).
func (fi *funcInfo) FuncType() *ast.FuncType { return fi.typ }

// IsOutcome reports whether v is one of the error and response locals
// the simulation binds to an operation's results.
func (fi *funcInfo) IsOutcome(v *types.Var) bool { return fi.outcomes[v] }
