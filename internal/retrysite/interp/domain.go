package interp

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
)

// The value domain is package vals; the interpreter's code names it
// unqualified (the exported names are the model's too).

type (
	Deps     = vals.Deps
	Value    = vals.Value
	Env      = vals.Env
	Scenario = vals.Scenario
)

const (
	vUnknown   = vals.VUnknown
	VInt       = vals.VInt
	VBool      = vals.VBool
	VNil       = vals.VNil
	VNonNil    = vals.VNonNil
	VResp      = vals.VResp
	vErrCode   = vals.VErrCode
	VErrStatus = vals.VErrStatus
	vErrClass  = vals.VErrClass
	vHeader    = vals.VHeader
	vStr       = vals.VStr

	DepOutcome   = vals.DepOutcome
	depBound     = vals.DepBound
	depVar       = vals.DepVar
	depHeader    = vals.DepHeader
	depCompanion = vals.DepCompanion
)

func Unknown(d Deps) Value          { return vals.Unknown(d) }
func IntVal(i int64) Value          { return vals.IntVal(i) }
func BoolVal(b bool) Value          { return vals.BoolVal(b) }
func StatusScenario(c int) Scenario { return vals.StatusScenario(c) }
func zeroValue(t types.Type) Value  { return vals.Zero(t) }
