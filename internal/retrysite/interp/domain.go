package interp

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/retrysite/interp/vals"
)

// The value domain is package vals; the interpreter's code names it in
// lowercase, as it always has.

type (
	deps     = vals.Deps
	value    = vals.Value
	env      = vals.Env
	scenario = vals.Scenario
)

const (
	vUnknown   = vals.VUnknown
	vInt       = vals.VInt
	vBool      = vals.VBool
	vNil       = vals.VNil
	vNonNil    = vals.VNonNil
	vResp      = vals.VResp
	vErrCode   = vals.VErrCode
	vErrStatus = vals.VErrStatus
	vHeader    = vals.VHeader
	vStr       = vals.VStr

	depOutcome = vals.DepOutcome
	depBound   = vals.DepBound
	depVar     = vals.DepVar
	depHeader  = vals.DepHeader
)

func unknown(d deps) value          { return vals.Unknown(d) }
func intVal(i int64) value          { return vals.IntVal(i) }
func boolVal(b bool) value          { return vals.BoolVal(b) }
func statusScenario(c int) scenario { return vals.StatusScenario(c) }
func zeroValue(t types.Type) value  { return vals.Zero(t) }
