package interp

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/bodyscan"
	"github.com/retrylint/retrylint/internal/retrysite/interp/outcomeval"
	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
)

// Names of the interpreter's sub-packages that the model (package
// retrysite) reads through package interp.

func AnyScenario() Scenario                                    { return vals.AnyScenario() }
func ContainsOp(node ast.Node, op map[*ast.CallExpr]bool) bool { return bodyscan.ContainsOp(node, op) }

const ErrCert = outcomeval.ErrCert

func ErrClassScenario(c int64) Scenario { return outcomeval.ErrClassScenario(c) }

const ErrMarked = outcomeval.ErrMarked
const ErrOther = outcomeval.ErrOther
const ErrPermanent = outcomeval.ErrPermanent

func ErrStatusScenario(code int) Scenario { return outcomeval.ErrStatusScenario(code) }
func ErrorScenario() Scenario             { return vals.ErrorScenario() }

func GrpcScenario(code int) Scenario { return vals.GrpcScenario(code) }
func IsErrValue(v Value) bool        { return outcomeval.IsErrValue(v) }

func MatchesCertError(t types.Type) bool { return outcomeval.MatchesCertError(t) }

func HTTPDefaultPolicy(resp Value, err Value) Value { return outcomeval.HTTPDefaultPolicy(resp, err) }

func SuccessScenario() Scenario { return vals.SuccessScenario() }

// FuncType is the signature of the function fi describes (nil for a
// body studied alone).
func (fi *FuncInfo) FuncType() *ast.FuncType { return fi.typ }

// IsOutcome reports whether v is one of the error and response locals
// the simulation binds to an operation's results.
func (fi *FuncInfo) IsOutcome(v *types.Var) bool { return fi.outcomes[v] }
